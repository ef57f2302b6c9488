from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="KillerSudokuCage")


@_attrs_define
class KillerSudokuCage:
    """A cage: its sum and its cells as `[row, col]`, from 0.

    Attributes:
        sum_ (int): What the cage's digits add up to. Example: 11.
        cells (list[list[int]]): The cage's cells, `[row, col]` from 0. Example: [[0, 0], [1, 0]].
    """

    sum_: int
    cells: list[list[int]]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sum_ = self.sum_

        cells = []
        for cells_item_data in self.cells:
            cells_item = cells_item_data

            cells.append(cells_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sum": sum_,
                "cells": cells,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sum_ = d.pop("sum")

        cells = []
        _cells = d.pop("cells")
        for cells_item_data in _cells:
            cells_item = cast(list[int], cells_item_data)

            cells.append(cells_item)

        killer_sudoku_cage = cls(
            sum_=sum_,
            cells=cells,
        )

        killer_sudoku_cage.additional_properties = d
        return killer_sudoku_cage

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
