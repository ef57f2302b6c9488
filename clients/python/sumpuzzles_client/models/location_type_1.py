from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.location_type_1_kind import LocationType1Kind

T = TypeVar("T", bound="LocationType1")


@_attrs_define
class LocationType1:
    """A line and column of a text, both counted from 1.

    Attributes:
        line (int): The line, from 1.
        column (int): The column (in characters), from 1.
        kind (LocationType1Kind):
    """

    line: int
    column: int
    kind: LocationType1Kind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        line = self.line

        column = self.column

        kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "line": line,
                "column": column,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        line = d.pop("line")

        column = d.pop("column")

        kind = LocationType1Kind(d.pop("kind"))

        location_type_1 = cls(
            line=line,
            column=column,
            kind=kind,
        )

        location_type_1.additional_properties = d
        return location_type_1

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
