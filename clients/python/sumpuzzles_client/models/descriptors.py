from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Descriptors")


@_attrs_define
class Descriptors:
    """A puzzle's size and openness.

    Attributes:
        cells (int): The cells to fill: white cells (Kakuro, cryptic Kakuro), every cell (Kakurasu), every
            cell without a given (Killer Sudoku).
        runs (int): The runs (Kakuro: across and down runs; Kakurasu: rows and columns with a clue; Killer
            Sudoku: the cages, a run's length a cage's cells).
        longest_run (int): The longest run, in cells.
        mean_run (float): The mean run length, in cells.
        block_share (float | None | Unset): The share of the grid's cells that are blocks, from 0 to 1 (Kakuro, cryptic
            Kakuro);
            null for Kakurasu and Killer Sudoku, which have none.
        mean_candidates_after_easy (float | None | Unset): The mean number of values a cell can still take once the easy
            techniques are stuck
            (1 when they solve the puzzle; a Kakurasu cell has two, shaded and unshaded); null
            when the rating stopped before the easy techniques did.
    """

    cells: int
    runs: int
    longest_run: int
    mean_run: float
    block_share: float | None | Unset = UNSET
    mean_candidates_after_easy: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cells = self.cells

        runs = self.runs

        longest_run = self.longest_run

        mean_run = self.mean_run

        block_share: float | None | Unset
        if isinstance(self.block_share, Unset):
            block_share = UNSET
        else:
            block_share = self.block_share

        mean_candidates_after_easy: float | None | Unset
        if isinstance(self.mean_candidates_after_easy, Unset):
            mean_candidates_after_easy = UNSET
        else:
            mean_candidates_after_easy = self.mean_candidates_after_easy

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cells": cells,
                "runs": runs,
                "longest_run": longest_run,
                "mean_run": mean_run,
            }
        )
        if block_share is not UNSET:
            field_dict["block_share"] = block_share
        if mean_candidates_after_easy is not UNSET:
            field_dict["mean_candidates_after_easy"] = mean_candidates_after_easy

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cells = d.pop("cells")

        runs = d.pop("runs")

        longest_run = d.pop("longest_run")

        mean_run = d.pop("mean_run")

        def _parse_block_share(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        block_share = _parse_block_share(d.pop("block_share", UNSET))

        def _parse_mean_candidates_after_easy(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mean_candidates_after_easy = _parse_mean_candidates_after_easy(d.pop("mean_candidates_after_easy", UNSET))

        descriptors = cls(
            cells=cells,
            runs=runs,
            longest_run=longest_run,
            mean_run=mean_run,
            block_share=block_share,
            mean_candidates_after_easy=mean_candidates_after_easy,
        )

        descriptors.additional_properties = d
        return descriptors

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
