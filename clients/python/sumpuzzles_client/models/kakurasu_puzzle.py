from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="KakurasuPuzzle")


@_attrs_define
class KakurasuPuzzle:
    """A Kakurasu puzzle: the row clues top to bottom and the column clues left to right; a clue is
    the sum of the (1-based) column numbers of the row's shaded cells, or of the row numbers of
    the column's shaded cells; `null` for an absent clue.

        Attributes:
            row_clues (list[int | None]): The row clues, top to bottom. Example: [8, 12, 3].
            col_clues (list[int | None]): The column clues, left to right. Example: [0, 0, 6, 2, 3].
    """

    row_clues: list[int | None]
    col_clues: list[int | None]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        row_clues = []
        for row_clues_item_data in self.row_clues:
            row_clues_item: int | None
            row_clues_item = row_clues_item_data
            row_clues.append(row_clues_item)

        col_clues = []
        for col_clues_item_data in self.col_clues:
            col_clues_item: int | None
            col_clues_item = col_clues_item_data
            col_clues.append(col_clues_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "row_clues": row_clues,
                "col_clues": col_clues,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        row_clues = []
        _row_clues = d.pop("row_clues")
        for row_clues_item_data in _row_clues:

            def _parse_row_clues_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            row_clues_item = _parse_row_clues_item(row_clues_item_data)

            row_clues.append(row_clues_item)

        col_clues = []
        _col_clues = d.pop("col_clues")
        for col_clues_item_data in _col_clues:

            def _parse_col_clues_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            col_clues_item = _parse_col_clues_item(col_clues_item_data)

            col_clues.append(col_clues_item)

        kakurasu_puzzle = cls(
            row_clues=row_clues,
            col_clues=col_clues,
        )

        kakurasu_puzzle.additional_properties = d
        return kakurasu_puzzle

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
