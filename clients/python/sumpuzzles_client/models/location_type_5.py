from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.location_type_5_kind import LocationType5Kind

T = TypeVar("T", bound="LocationType5")


@_attrs_define
class LocationType5:
    """An item of a list (a clue, a row of an answer, a cell of a one-line puzzle), from 0.

    Attributes:
        field (str): What the list is (`row`, `cell`, ...).
        index (int): The item, from 0.
        kind (LocationType5Kind):
    """

    field: str
    index: int
    kind: LocationType5Kind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field = self.field

        index = self.index

        kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "field": field,
                "index": index,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field = d.pop("field")

        index = d.pop("index")

        kind = LocationType5Kind(d.pop("kind"))

        location_type_5 = cls(
            field=field,
            index=index,
            kind=kind,
        )

        location_type_5.additional_properties = d
        return location_type_5

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
