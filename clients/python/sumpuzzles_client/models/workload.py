from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Workload")


@_attrs_define
class Workload:
    """What the score is computed from: counts over the rater's record, kept as the rater goes.

    Attributes:
        easy (int): Easy deductions (bookkeeping is not counted).
        medium (int): Medium deductions.
        hard (int): Hard deductions.
        expert (int): Expert deductions.
        stalls (int): Times the easy techniques were stuck with cells open, so that a harder deduction was
            needed to go on (each starts a stretch of harder deductions).
        points (int): The genre's points of the deductions at the hardest level reached.
        hardest_chain (int): The hardest step's contradiction chain, in steps (0 when the hardest level has no
            contradiction).
        hardest_candidates (int): Candidates of the hardest step's hypothesis cell (0 when it is no contradiction).
    """

    easy: int
    medium: int
    hard: int
    expert: int
    stalls: int
    points: int
    hardest_chain: int
    hardest_candidates: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        easy = self.easy

        medium = self.medium

        hard = self.hard

        expert = self.expert

        stalls = self.stalls

        points = self.points

        hardest_chain = self.hardest_chain

        hardest_candidates = self.hardest_candidates

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "easy": easy,
                "medium": medium,
                "hard": hard,
                "expert": expert,
                "stalls": stalls,
                "points": points,
                "hardest_chain": hardest_chain,
                "hardest_candidates": hardest_candidates,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        easy = d.pop("easy")

        medium = d.pop("medium")

        hard = d.pop("hard")

        expert = d.pop("expert")

        stalls = d.pop("stalls")

        points = d.pop("points")

        hardest_chain = d.pop("hardest_chain")

        hardest_candidates = d.pop("hardest_candidates")

        workload = cls(
            easy=easy,
            medium=medium,
            hard=hard,
            expert=expert,
            stalls=stalls,
            points=points,
            hardest_chain=hardest_chain,
            hardest_candidates=hardest_candidates,
        )

        workload.additional_properties = d
        return workload

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
