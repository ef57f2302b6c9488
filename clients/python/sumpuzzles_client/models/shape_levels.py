from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.level import Level

T = TypeVar("T", bound="ShapeLevels")


@_attrs_define
class ShapeLevels:
    """A shape a genre's generator takes, with the levels it makes at that shape.

    Attributes:
        shape (str): The shape, `<rows>x<cols>`. Example: 4x4.
        levels (list[Level]): The levels the generator makes at it (`any` asks for any of them). Example: ['easy',
            'medium', 'expert'].
    """

    shape: str
    levels: list[Level]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        shape = self.shape

        levels = []
        for levels_item_data in self.levels:
            levels_item = levels_item_data.value
            levels.append(levels_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "shape": shape,
                "levels": levels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        shape = d.pop("shape")

        levels = []
        _levels = d.pop("levels")
        for levels_item_data in _levels:
            levels_item = Level(levels_item_data)

            levels.append(levels_item)

        shape_levels = cls(
            shape=shape,
            levels=levels,
        )

        shape_levels.additional_properties = d
        return shape_levels

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
