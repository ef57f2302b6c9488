from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.genre import Genre
from ..types import UNSET, Unset

T = TypeVar("T", bound="FormatRequestType3")


@_attrs_define
class FormatRequestType3:
    """A puzz.link URL; it names the genre.

    Attributes:
        url (str): A puzz.link URL, such as `https://puzz.link/p?kakuro/2/2/n4637`. Example:
            https://puzz.link/p?kakuro/2/2/n4637.
        genre (Genre | None | Unset):
    """

    url: str
    genre: Genre | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

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
                "url": url,
            }
        )
        if genre is not UNSET:
            field_dict["genre"] = genre

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

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

        format_request_type_3 = cls(
            url=url,
            genre=genre,
        )

        return format_request_type_3
