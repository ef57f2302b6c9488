from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.solution_extra_letters import SolutionExtraLetters


T = TypeVar("T", bound="SolutionExtra")


@_attrs_define
class SolutionExtra:
    """Solution fields a genre adds beyond the rows (present for that genre only).

    Attributes:
        letters (SolutionExtraLetters | Unset): Cryptic Kakuro: the digit of each letter A-J. Example: {'A': 8, 'B': 4,
            'C': 2, 'D': 6, 'E': 0, 'F': 3, 'G': 9, 'H': 5, 'I': 7, 'J': 1}.
        encrypted (str | Unset): Cryptic Kakuro: the digits of A to J as a string of ten digits (Project Euler's
            encrypted value). Example: 8426039571.
    """

    letters: SolutionExtraLetters | Unset = UNSET
    encrypted: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        letters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.letters, Unset):
            letters = self.letters.to_dict()

        encrypted = self.encrypted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if letters is not UNSET:
            field_dict["letters"] = letters
        if encrypted is not UNSET:
            field_dict["encrypted"] = encrypted

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.solution_extra_letters import SolutionExtraLetters  # noqa: PLC0415

        d = dict(src_dict)
        _letters = d.pop("letters", UNSET)
        letters: SolutionExtraLetters | Unset
        if isinstance(_letters, Unset):
            letters = UNSET
        else:
            letters = SolutionExtraLetters.from_dict(_letters)

        encrypted = d.pop("encrypted", UNSET)

        solution_extra = cls(
            letters=letters,
            encrypted=encrypted,
        )

        solution_extra.additional_properties = d
        return solution_extra

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
