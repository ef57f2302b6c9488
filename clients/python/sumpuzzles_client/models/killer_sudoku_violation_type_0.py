from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.killer_sudoku_violation_type_0_rule import KillerSudokuViolationType0Rule
from ..models.violation_kind import ViolationKind

T = TypeVar("T", bound="KillerSudokuViolationType0")


@_attrs_define
class KillerSudokuViolationType0:
    """A digit twice in a row.

    Attributes:
        row (int): The row.
        digit (str): The digit, as answers write it.
        rule (KillerSudokuViolationType0Rule):
        kind (ViolationKind): What sort of rule a violation breaks, in words every genre shares, so that a client can
            treat a sort alike whatever the genre (a player mid-game leaves `empty` out).

            `empty`: a cell left empty. `repeat`: a value written twice where the values must differ
            (a run's or a cage's digits). `sum`: a total that cannot come to its clue (too much
            already, or no different values make up the rest). `mapping`: a symbol and a value that
            are not one to one (cryptic Kakuro: one letter read as two digits, or two letters read as
            one digit).
        message (str): The violation in plain words, for a player; cells are named by row and column counted
            from 1.
        cells (list[list[int]]): The cells the broken rule is about, to highlight, as `[row, col]` from 0: a run's or a
            line's cells, or the one cell.
        clues (list[list[int]]): The clues the broken rule is about, as `[row, col]` from 0 of where each is drawn (as
            a hint's `clues`): in a sum grid the block holding the run's sum; in a shading grid a
            row's clue at `[row, cols]` (right of the row) and a column's at `[rows, col]` (below
            the column), just outside the grid. Empty when no clue is involved (an empty cell).
    """

    row: int
    digit: str
    rule: KillerSudokuViolationType0Rule
    kind: ViolationKind
    message: str
    cells: list[list[int]]
    clues: list[list[int]]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        row = self.row

        digit = self.digit

        rule = self.rule.value

        kind = self.kind.value

        message = self.message

        cells = []
        for cells_item_data in self.cells:
            cells_item = cells_item_data

            cells.append(cells_item)

        clues = []
        for clues_item_data in self.clues:
            clues_item = clues_item_data

            clues.append(clues_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "row": row,
                "digit": digit,
                "rule": rule,
                "kind": kind,
                "message": message,
                "cells": cells,
                "clues": clues,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        row = d.pop("row")

        digit = d.pop("digit")

        rule = KillerSudokuViolationType0Rule(d.pop("rule"))

        kind = ViolationKind(d.pop("kind"))

        message = d.pop("message")

        cells = []
        _cells = d.pop("cells")
        for cells_item_data in _cells:
            cells_item = cast(list[int], cells_item_data)

            cells.append(cells_item)

        clues = []
        _clues = d.pop("clues")
        for clues_item_data in _clues:
            clues_item = cast(list[int], clues_item_data)

            clues.append(clues_item)

        killer_sudoku_violation_type_0 = cls(
            row=row,
            digit=digit,
            rule=rule,
            kind=kind,
            message=message,
            cells=cells,
            clues=clues,
        )

        killer_sudoku_violation_type_0.additional_properties = d
        return killer_sudoku_violation_type_0

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
