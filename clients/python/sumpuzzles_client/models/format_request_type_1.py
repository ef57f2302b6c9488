from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.genre import Genre
from ..types import UNSET, Unset

T = TypeVar("T", bound="FormatRequestType1")


@_attrs_define
class FormatRequestType1:
    """An ID; its prefix names the genre.

    Attributes:
        id (str): An ID such as `kakuro:3x3:DbAb/4.6.3.7`. Example: kakuro:3x3:DbAb/4.6.3.7.
        genre (Genre | None | Unset):
    """

    id: str
    genre: Genre | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        genre: None | str | Unset
        if isinstance(self.genre, Unset):
            genre = UNSET
        elif isinstance(self.genre, Genre):
            genre = self.genre.value
        else:
            genre = self.genre

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
            }
        )
        if genre is not UNSET:
            field_dict["genre"] = genre

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_genre(data: object) -> Genre | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                genre_type_1 = Genre(data)

                return genre_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Genre | None | Unset, data)

        genre = _parse_genre(d.pop("genre", UNSET))

        format_request_type_1 = cls(
            id=id,
            genre=genre,
        )

        return format_request_type_1
