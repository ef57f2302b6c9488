from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="KakuroCrypticPuzzle")


@_attrs_define
class KakuroCrypticPuzzle:
    """A cryptic Kakuro as a JSON object: Kakuro's grid of rows with the sums written in the
    letters A-J (`CC/`, `/FE`, `D/FE`), and a white cell showing a letter written as that
    letter. Its text may also be one Project Euler 424 line.

        Attributes:
            grid (list[str]): One string per row. Example: ['# # CC/ I/ # #', '# /H B . CA/ JE/'].
    """

    grid: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        grid = self.grid

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "grid": grid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        grid = cast(list[str], d.pop("grid"))

        kakuro_cryptic_puzzle = cls(
            grid=grid,
        )

        kakuro_cryptic_puzzle.additional_properties = d
        return kakuro_cryptic_puzzle

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
