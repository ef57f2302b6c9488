from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.genre import Genre
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.solve_report_letters import SolveReportLetters


T = TypeVar("T", bound="SolveReport")


@_attrs_define
class SolveReport:
    """What the solver found.

    Attributes:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        count (int): Solutions found, never more than the limit.
        unique (bool): True when the puzzle is proven to have exactly one solution.
        complete (bool): False when the budget ran out before the search finished.
        solutions (list[list[str]]): The solutions found, as answer rows.
        steps (int): Budget steps used.
        letters (SolveReportLetters | Unset): Cryptic Kakuro: the digit of each letter A-J. Example: {'A': 8, 'B': 4,
            'C': 2, 'D': 6, 'E': 0, 'F': 3, 'G': 9, 'H': 5, 'I': 7, 'J': 1}.
        encrypted (str | Unset): Cryptic Kakuro: the digits of A to J as a string of ten digits (Project Euler's
            encrypted value). Example: 8426039571.
    """

    genre: Genre
    count: int
    unique: bool
    complete: bool
    solutions: list[list[str]]
    steps: int
    letters: SolveReportLetters | Unset = UNSET
    encrypted: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        genre = self.genre.value

        count = self.count

        unique = self.unique

        complete = self.complete

        solutions = []
        for solutions_item_data in self.solutions:
            solutions_item = solutions_item_data

            solutions.append(solutions_item)

        steps = self.steps

        letters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.letters, Unset):
            letters = self.letters.to_dict()

        encrypted = self.encrypted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "genre": genre,
                "count": count,
                "unique": unique,
                "complete": complete,
                "solutions": solutions,
                "steps": steps,
            }
        )
        if letters is not UNSET:
            field_dict["letters"] = letters
        if encrypted is not UNSET:
            field_dict["encrypted"] = encrypted

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.solve_report_letters import SolveReportLetters  # noqa: PLC0415

        d = dict(src_dict)
        genre = Genre(d.pop("genre"))

        count = d.pop("count")

        unique = d.pop("unique")

        complete = d.pop("complete")

        solutions = []
        _solutions = d.pop("solutions")
        for solutions_item_data in _solutions:
            solutions_item = cast(list[str], solutions_item_data)

            solutions.append(solutions_item)

        steps = d.pop("steps")

        _letters = d.pop("letters", UNSET)
        letters: SolveReportLetters | Unset
        if isinstance(_letters, Unset):
            letters = UNSET
        else:
            letters = SolveReportLetters.from_dict(_letters)

        encrypted = d.pop("encrypted", UNSET)

        solve_report = cls(
            genre=genre,
            count=count,
            unique=unique,
            complete=complete,
            solutions=solutions,
            steps=steps,
            letters=letters,
            encrypted=encrypted,
        )

        solve_report.additional_properties = d
        return solve_report

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
