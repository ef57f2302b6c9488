from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.genre import Genre
from ..types import UNSET, Unset

T = TypeVar("T", bound="BookletParametersPuzzlesType1ItemType4")


@_attrs_define
class BookletParametersPuzzlesType1ItemType4:
    """A puzz.link URL; it names the genre.

    Attributes:
        url (str): A puzz.link URL, such as `https://puzz.link/p?kakuro/2/2/n4637`. Example:
            https://puzz.link/p?kakuro/2/2/n4637.
        genre (Genre | None | Unset):
    """

    url: str
    genre: Genre | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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
        field_dict.update(self.additional_properties)
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

        booklet_parameters_puzzles_type_1_item_type_4 = cls(
            url=url,
            genre=genre,
        )

        booklet_parameters_puzzles_type_1_item_type_4.additional_properties = d
        return booklet_parameters_puzzles_type_1_item_type_4

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
