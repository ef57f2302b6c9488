from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.location_type_4_kind import LocationType4Kind

T = TypeVar("T", bound="LocationType4")


@_attrs_define
class LocationType4:
    """A grid cell, row and column counted from 0.

    Attributes:
        row (int): The row, from 0.
        col (int): The column, from 0.
        kind (LocationType4Kind):
    """

    row: int
    col: int
    kind: LocationType4Kind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        row = self.row

        col = self.col

        kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "row": row,
                "col": col,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        row = d.pop("row")

        col = d.pop("col")

        kind = LocationType4Kind(d.pop("kind"))

        location_type_4 = cls(
            row=row,
            col=col,
            kind=kind,
        )

        location_type_4.additional_properties = d
        return location_type_4

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
