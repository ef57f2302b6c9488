from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.genre import Genre
from ..models.hint_kind import HintKind
from ..models.level import Level
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deduction import Deduction
    from ..models.placement import Placement


T = TypeVar("T", bound="HintReport")


@_attrs_define
class HintReport:
    """A hint for a player's answer: the next deduction, the first wrong mark, `solved`, or the
    value of the first open cell when the techniques cannot go on (`kind`).

        Attributes:
            kind (HintKind): What kind of hint it is.
            cells (list[list[int]]): The cells to look at, as `[row, col]` from 0: the wrong cell, or the cells the
                deductions read.
            clues (list[list[int]]): The clues the deductions read, as `[row, col]` of where each is drawn.
            placed (list[Placement]): The cell the hint fills and its value (`deduction`, `reveal`).
            explanation (str): One sentence in plain words; cells are named by row and column counted from 1. Sums
                are named as the board writes them (cryptic Kakuro's in letters, which the sentence
                does not decode).
            deductions (list[Deduction]): The deductions behind the hint, in the rater's order, the placing one last.
            genre (Genre): A registered genre (`GET /genres` describes each one).
            steps (int): Budget steps used (the uniqueness proof included).
            technique (None | str | Unset): The hardest technique behind the hint (`deduction`), or `None`.
            level (Level | None | Unset):
            explanation_values (None | str | Unset): The same sentence with every sum named by its value, for a genre whose
                board writes
                sums otherwise (cryptic Kakuro's letters) and a deduction hint: it gives the letters'
                values away, so a page shows `explanation` unless the player asks for the values.
                Absent elsewhere.
    """

    kind: HintKind
    cells: list[list[int]]
    clues: list[list[int]]
    placed: list[Placement]
    explanation: str
    deductions: list[Deduction]
    genre: Genre
    steps: int
    technique: None | str | Unset = UNSET
    level: Level | None | Unset = UNSET
    explanation_values: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        cells = []
        for cells_item_data in self.cells:
            cells_item = cells_item_data

            cells.append(cells_item)

        clues = []
        for clues_item_data in self.clues:
            clues_item = clues_item_data

            clues.append(clues_item)

        placed = []
        for placed_item_data in self.placed:
            placed_item = placed_item_data.to_dict()
            placed.append(placed_item)

        explanation = self.explanation

        deductions = []
        for deductions_item_data in self.deductions:
            deductions_item = deductions_item_data.to_dict()
            deductions.append(deductions_item)

        genre = self.genre.value

        steps = self.steps

        technique: None | str | Unset
        if isinstance(self.technique, Unset):
            technique = UNSET
        else:
            technique = self.technique

        level: None | str | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        elif isinstance(self.level, Level):
            level = self.level.value
        else:
            level = self.level

        explanation_values: None | str | Unset
        if isinstance(self.explanation_values, Unset):
            explanation_values = UNSET
        else:
            explanation_values = self.explanation_values

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "cells": cells,
                "clues": clues,
                "placed": placed,
                "explanation": explanation,
                "deductions": deductions,
                "genre": genre,
                "steps": steps,
            }
        )
        if technique is not UNSET:
            field_dict["technique"] = technique
        if level is not UNSET:
            field_dict["level"] = level
        if explanation_values is not UNSET:
            field_dict["explanation_values"] = explanation_values

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deduction import Deduction  # noqa: PLC0415
        from ..models.placement import Placement  # noqa: PLC0415

        d = dict(src_dict)
        kind = HintKind(d.pop("kind"))

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

        placed = []
        _placed = d.pop("placed")
        for placed_item_data in _placed:
            placed_item = Placement.from_dict(placed_item_data)

            placed.append(placed_item)

        explanation = d.pop("explanation")

        deductions = []
        _deductions = d.pop("deductions")
        for deductions_item_data in _deductions:
            deductions_item = Deduction.from_dict(deductions_item_data)

            deductions.append(deductions_item)

        genre = Genre(d.pop("genre"))

        steps = d.pop("steps")

        def _parse_technique(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        technique = _parse_technique(d.pop("technique", UNSET))

        def _parse_level(data: object) -> Level | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                level_type_1 = Level(data)

                return level_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Level | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))

        def _parse_explanation_values(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        explanation_values = _parse_explanation_values(d.pop("explanation_values", UNSET))

        hint_report = cls(
            kind=kind,
            cells=cells,
            clues=clues,
            placed=placed,
            explanation=explanation,
            deductions=deductions,
            genre=genre,
            steps=steps,
            technique=technique,
            level=level,
            explanation_values=explanation_values,
        )

        hint_report.additional_properties = d
        return hint_report

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
