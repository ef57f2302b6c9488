from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.kakuro_cryptic_violation_type_0_rule import KakuroCrypticViolationType0Rule
from ..models.violation_kind import ViolationKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="KakuroCrypticViolationType0")


@_attrs_define
class KakuroCrypticViolationType0:
    """A run whose written digits repeat, or which is filled and whose total its letters
    cannot write: placed at the block holding the run's sum.

        Attributes:
            row (int): The row of the block holding the sum.
            col (int): The column of the block holding the sum.
            down (int): 1 for a down run, 0 for an across run.
            sum_ (str): The run's sum in letters.
            total (int): The run's written digits added up.
            rule (KakuroCrypticViolationType0Rule):
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
            repeated (int | None | Unset): The smallest digit written twice in the run, when one is.
    """

    row: int
    col: int
    down: int
    sum_: str
    total: int
    rule: KakuroCrypticViolationType0Rule
    kind: ViolationKind
    message: str
    cells: list[list[int]]
    clues: list[list[int]]
    repeated: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        row = self.row

        col = self.col

        down = self.down

        sum_ = self.sum_

        total = self.total

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

        repeated: int | None | Unset
        if isinstance(self.repeated, Unset):
            repeated = UNSET
        else:
            repeated = self.repeated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "row": row,
                "col": col,
                "down": down,
                "sum": sum_,
                "total": total,
                "rule": rule,
                "kind": kind,
                "message": message,
                "cells": cells,
                "clues": clues,
            }
        )
        if repeated is not UNSET:
            field_dict["repeated"] = repeated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        row = d.pop("row")

        col = d.pop("col")

        down = d.pop("down")

        sum_ = d.pop("sum")

        total = d.pop("total")

        rule = KakuroCrypticViolationType0Rule(d.pop("rule"))

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

        def _parse_repeated(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        repeated = _parse_repeated(d.pop("repeated", UNSET))

        kakuro_cryptic_violation_type_0 = cls(
            row=row,
            col=col,
            down=down,
            sum_=sum_,
            total=total,
            rule=rule,
            kind=kind,
            message=message,
            cells=cells,
            clues=clues,
            repeated=repeated,
        )

        kakuro_cryptic_violation_type_0.additional_properties = d
        return kakuro_cryptic_violation_type_0

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
