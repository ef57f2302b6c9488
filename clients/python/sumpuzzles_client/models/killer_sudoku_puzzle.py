from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.killer_sudoku_cage import KillerSudokuCage


T = TypeVar("T", bound="KillerSudokuPuzzle")


@_attrs_define
class KillerSudokuPuzzle:
    """A Killer Sudoku puzzle: the cages (every cell in exactly one), the givens when there are
    any (row strings, `.` for empty, `A`-`G` for 10-16) and the box shape when it is not the
    usual one for the side (2x2, 2x3, 3x3, 3x4, 4x4 for sides 4, 6, 9, 12, 16).

        Attributes:
            cages (list[KillerSudokuCage]): The cages, in the order of their first cells.
            givens (list[str] | None | Unset): The givens, one row string per row (`.` for an empty cell); absent when none.
            box (list[int] | None | Unset): The box shape, `[rows, cols]`; absent when it is the side's usual one.
    """

    cages: list[KillerSudokuCage]
    givens: list[str] | None | Unset = UNSET
    box: list[int] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cages = []
        for cages_item_data in self.cages:
            cages_item = cages_item_data.to_dict()
            cages.append(cages_item)

        givens: list[str] | None | Unset
        if isinstance(self.givens, Unset):
            givens = UNSET
        elif isinstance(self.givens, list):
            givens = self.givens

        else:
            givens = self.givens

        box: list[int] | None | Unset
        if isinstance(self.box, Unset):
            box = UNSET
        elif isinstance(self.box, list):
            box = self.box

        else:
            box = self.box

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cages": cages,
            }
        )
        if givens is not UNSET:
            field_dict["givens"] = givens
        if box is not UNSET:
            field_dict["box"] = box

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.killer_sudoku_cage import KillerSudokuCage  # noqa: PLC0415

        d = dict(src_dict)
        cages = []
        _cages = d.pop("cages")
        for cages_item_data in _cages:
            cages_item = KillerSudokuCage.from_dict(cages_item_data)

            cages.append(cages_item)

        def _parse_givens(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                givens_type_1 = cast(list[str], data)

                return givens_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        givens = _parse_givens(d.pop("givens", UNSET))

        def _parse_box(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                box_type_1 = cast(list[int], data)

                return box_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        box = _parse_box(d.pop("box", UNSET))

        killer_sudoku_puzzle = cls(
            cages=cages,
            givens=givens,
            box=box,
        )

        killer_sudoku_puzzle.additional_properties = d
        return killer_sudoku_puzzle

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
