from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.level import Level
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.placement import Placement
    from ..models.removal import Removal


T = TypeVar("T", bound="Deduction")


@_attrs_define
class Deduction:
    """One step of a human solve: which technique, where, and what it changed.

    Attributes:
        technique (str): The technique's name in its genre's profile (`single`, `too_heavy`, ...).
        cells (list[list[int]]): The cells whose situation justifies the step, as `[row, col]`.
        placed (list[Placement]): The values the step wrote.
        removed (list[Removal]): The values the step took away.
        level (Level | None | Unset):
        clue (list[int] | None | Unset): The clue the step reads, when it reads one: the block holding a Kakuro run's
            sum.
    """

    technique: str
    cells: list[list[int]]
    placed: list[Placement]
    removed: list[Removal]
    level: Level | None | Unset = UNSET
    clue: list[int] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        technique = self.technique

        cells = []
        for cells_item_data in self.cells:
            cells_item = cells_item_data

            cells.append(cells_item)

        placed = []
        for placed_item_data in self.placed:
            placed_item = placed_item_data.to_dict()
            placed.append(placed_item)

        removed = []
        for removed_item_data in self.removed:
            removed_item = removed_item_data.to_dict()
            removed.append(removed_item)

        level: None | str | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        elif isinstance(self.level, Level):
            level = self.level.value
        else:
            level = self.level

        clue: list[int] | None | Unset
        if isinstance(self.clue, Unset):
            clue = UNSET
        elif isinstance(self.clue, list):
            clue = self.clue

        else:
            clue = self.clue

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "technique": technique,
                "cells": cells,
                "placed": placed,
                "removed": removed,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level
        if clue is not UNSET:
            field_dict["clue"] = clue

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.placement import Placement  # noqa: PLC0415
        from ..models.removal import Removal  # noqa: PLC0415

        d = dict(src_dict)
        technique = d.pop("technique")

        cells = []
        _cells = d.pop("cells")
        for cells_item_data in _cells:
            cells_item = cast(list[int], cells_item_data)

            cells.append(cells_item)

        placed = []
        _placed = d.pop("placed")
        for placed_item_data in _placed:
            placed_item = Placement.from_dict(placed_item_data)

            placed.append(placed_item)

        removed = []
        _removed = d.pop("removed")
        for removed_item_data in _removed:
            removed_item = Removal.from_dict(removed_item_data)

            removed.append(removed_item)

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

        def _parse_clue(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                clue_type_1 = cast(list[int], data)

                return clue_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        clue = _parse_clue(d.pop("clue", UNSET))

        deduction = cls(
            technique=technique,
            cells=cells,
            placed=placed,
            removed=removed,
            level=level,
            clue=clue,
        )

        deduction.additional_properties = d
        return deduction

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
