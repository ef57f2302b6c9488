from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GenerationStats")


@_attrs_define
class GenerationStats:
    """How much work a generation took.

    Attributes:
        attempts (int): Candidate puzzles screened (each fill and each changed version of it).
        restarts (int): Times the generator threw a candidate away and started over with a new layout.
        steps (int): Budget steps used.
        elapsed_ms (int): Wall-clock time of the generation in milliseconds (the only field that varies between
            two runs with the same parameters).
    """

    attempts: int
    restarts: int
    steps: int
    elapsed_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        restarts = self.restarts

        steps = self.steps

        elapsed_ms = self.elapsed_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "restarts": restarts,
                "steps": steps,
                "elapsed_ms": elapsed_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempts = d.pop("attempts")

        restarts = d.pop("restarts")

        steps = d.pop("steps")

        elapsed_ms = d.pop("elapsed_ms")

        generation_stats = cls(
            attempts=attempts,
            restarts=restarts,
            steps=steps,
            elapsed_ms=elapsed_ms,
        )

        generation_stats.additional_properties = d
        return generation_stats

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
