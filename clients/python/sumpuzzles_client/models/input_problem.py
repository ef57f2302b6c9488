from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.location_type_0 import LocationType0
    from ..models.location_type_1 import LocationType1
    from ..models.location_type_2 import LocationType2
    from ..models.location_type_3 import LocationType3
    from ..models.location_type_4 import LocationType4
    from ..models.location_type_5 import LocationType5


T = TypeVar("T", bound="InputProblem")


@_attrs_define
class InputProblem:
    """One problem found in an input: where, and what is wrong there.

    Attributes:
        at (LocationType0 | LocationType1 | LocationType2 | LocationType3 | LocationType4 | LocationType5): Where in the
            input a problem is.
        message (str): What is wrong there, and what was expected.
    """

    at: LocationType0 | LocationType1 | LocationType2 | LocationType3 | LocationType4 | LocationType5
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.location_type_0 import LocationType0  # noqa: PLC0415
        from ..models.location_type_1 import LocationType1  # noqa: PLC0415
        from ..models.location_type_2 import LocationType2  # noqa: PLC0415
        from ..models.location_type_3 import LocationType3  # noqa: PLC0415
        from ..models.location_type_4 import LocationType4  # noqa: PLC0415

        at: dict[str, Any]
        if isinstance(self.at, LocationType0):
            at = self.at.to_dict()
        elif isinstance(self.at, LocationType1):
            at = self.at.to_dict()
        elif isinstance(self.at, LocationType2):
            at = self.at.to_dict()
        elif isinstance(self.at, LocationType3):
            at = self.at.to_dict()
        elif isinstance(self.at, LocationType4):
            at = self.at.to_dict()
        else:
            at = self.at.to_dict()

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.location_type_0 import LocationType0  # noqa: PLC0415
        from ..models.location_type_1 import LocationType1  # noqa: PLC0415
        from ..models.location_type_2 import LocationType2  # noqa: PLC0415
        from ..models.location_type_3 import LocationType3  # noqa: PLC0415
        from ..models.location_type_4 import LocationType4  # noqa: PLC0415
        from ..models.location_type_5 import LocationType5  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_at(
            data: object,
        ) -> LocationType0 | LocationType1 | LocationType2 | LocationType3 | LocationType4 | LocationType5:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_location_type_0 = LocationType0.from_dict(data)

                return componentsschemas_location_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_location_type_1 = LocationType1.from_dict(data)

                return componentsschemas_location_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_location_type_2 = LocationType2.from_dict(data)

                return componentsschemas_location_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_location_type_3 = LocationType3.from_dict(data)

                return componentsschemas_location_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_location_type_4 = LocationType4.from_dict(data)

                return componentsschemas_location_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_location_type_5 = LocationType5.from_dict(data)

            return componentsschemas_location_type_5

        at = _parse_at(d.pop("at"))

        message = d.pop("message")

        input_problem = cls(
            at=at,
            message=message,
        )

        input_problem.additional_properties = d
        return input_problem

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
