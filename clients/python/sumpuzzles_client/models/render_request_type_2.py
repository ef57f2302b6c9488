from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.genre import Genre
from ..types import UNSET, Unset

T = TypeVar("T", bound="RenderRequestType2")


@_attrs_define
class RenderRequestType2:
    """The genre's text format.

    Attributes:
        text (str): The genre's text format.
        genre (Genre | None | Unset):
        answer (list[str] | None | str | Unset):
        solution (bool | None | Unset): Write the puzzle's solution into the cells (default false); not together with
            `answer`. A puzzle without exactly one solution is a 422.
        finish (bool | None | Unset): With `answer`: turn unmarked cells into empty (or unshaded) ones before checking
            (default false).
        budget (int | None | Unset):
    """

    text: str
    genre: Genre | None | Unset = UNSET
    answer: list[str] | None | str | Unset = UNSET
    solution: bool | None | Unset = UNSET
    finish: bool | None | Unset = UNSET
    budget: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        genre: None | str | Unset
        if isinstance(self.genre, Unset):
            genre = UNSET
        elif isinstance(self.genre, Genre):
            genre = self.genre.value
        else:
            genre = self.genre

        answer: list[str] | None | str | Unset
        if isinstance(self.answer, Unset):
            answer = UNSET
        elif isinstance(self.answer, list):
            answer = self.answer

        else:
            answer = self.answer

        solution: bool | None | Unset
        if isinstance(self.solution, Unset):
            solution = UNSET
        else:
            solution = self.solution

        finish: bool | None | Unset
        if isinstance(self.finish, Unset):
            finish = UNSET
        else:
            finish = self.finish

        budget: int | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        else:
            budget = self.budget

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )
        if genre is not UNSET:
            field_dict["genre"] = genre
        if answer is not UNSET:
            field_dict["answer"] = answer
        if solution is not UNSET:
            field_dict["solution"] = solution
        if finish is not UNSET:
            field_dict["finish"] = finish
        if budget is not UNSET:
            field_dict["budget"] = budget

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text")

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

        def _parse_answer(data: object) -> list[str] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                answer_type_1_type_0 = cast(list[str], data)

                return answer_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | str | Unset, data)

        answer = _parse_answer(d.pop("answer", UNSET))

        def _parse_solution(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        solution = _parse_solution(d.pop("solution", UNSET))

        def _parse_finish(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        finish = _parse_finish(d.pop("finish", UNSET))

        def _parse_budget(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        budget = _parse_budget(d.pop("budget", UNSET))

        render_request_type_2 = cls(
            text=text,
            genre=genre,
            answer=answer,
            solution=solution,
            finish=finish,
            budget=budget,
        )

        return render_request_type_2
