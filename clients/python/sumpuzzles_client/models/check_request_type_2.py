from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.genre import Genre
from ..types import UNSET, Unset

T = TypeVar("T", bound="CheckRequestType2")


@_attrs_define
class CheckRequestType2:
    """The genre's text format.

    Attributes:
        text (str): The genre's text format.
        answer (list[str] | str): One string per row, or one string with a row per line, one character per cell, in the
            genre's answer format (see `GET /genres` and the puzzle object schemas), such as
            `["###", "#12", "#34"]`. Blank rows are skipped: send a row with nothing entered as its
            cells' empty marks (`.` for digits).
        genre (Genre | None | Unset):
        finish (bool | None | Unset): Turn unmarked cells into empty (or unshaded) ones before checking (default false).
    """

    text: str
    answer: list[str] | str
    genre: Genre | None | Unset = UNSET
    finish: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        answer: list[str] | str
        if isinstance(self.answer, list):
            answer = self.answer

        else:
            answer = self.answer

        genre: None | str | Unset
        if isinstance(self.genre, Unset):
            genre = UNSET
        elif isinstance(self.genre, Genre):
            genre = self.genre.value
        else:
            genre = self.genre

        finish: bool | None | Unset
        if isinstance(self.finish, Unset):
            finish = UNSET
        else:
            finish = self.finish

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
                "answer": answer,
            }
        )
        if genre is not UNSET:
            field_dict["genre"] = genre
        if finish is not UNSET:
            field_dict["finish"] = finish

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text")

        def _parse_answer(data: object) -> list[str] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                answer_type_0 = cast(list[str], data)

                return answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str, data)

        answer = _parse_answer(d.pop("answer"))

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

        def _parse_finish(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        finish = _parse_finish(d.pop("finish", UNSET))

        check_request_type_2 = cls(
            text=text,
            answer=answer,
            genre=genre,
            finish=finish,
        )

        return check_request_type_2
