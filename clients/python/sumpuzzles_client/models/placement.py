from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Placement")


@_attrs_define
class Placement:
    """A value written into a cell, as the answer format writes it (`'7'`, `'#'` shaded, `'-'`).

    Attributes:
        row (int): The cell's row, from 0.
        col (int): The cell's column, from 0.
        value (str): What is written: a digit, or `#` shaded, `-` unshaded.
    """

    row: int
    col: int
    value: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        row = self.row

        col = self.col

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "row": row,
                "col": col,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        row = d.pop("row")

        col = d.pop("col")

        value = d.pop("value")

        placement = cls(
            row=row,
            col=col,
            value=value,
        )

        placement.additional_properties = d
        return placement

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
