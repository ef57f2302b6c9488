from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.genre import Genre
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.kakurasu_puzzle import KakurasuPuzzle
    from ..models.kakuro_cryptic_puzzle import KakuroCrypticPuzzle
    from ..models.kakuro_puzzle import KakuroPuzzle
    from ..models.killer_sudoku_puzzle import KillerSudokuPuzzle


T = TypeVar("T", bound="HintRequestType0")


@_attrs_define
class HintRequestType0:
    """The genre's JSON puzzle object.

    Attributes:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        puzzle (KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle): The genre's JSON puzzle
            object (see each genre's schema).
        answer (list[str] | str): The player's answer, in /check's format; all `.` for a fresh puzzle.
        budget (int | None | Unset):
    """

    genre: Genre
    puzzle: KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle
    answer: list[str] | str
    budget: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.kakurasu_puzzle import KakurasuPuzzle  # noqa: PLC0415
        from ..models.kakuro_cryptic_puzzle import KakuroCrypticPuzzle  # noqa: PLC0415
        from ..models.kakuro_puzzle import KakuroPuzzle  # noqa: PLC0415

        genre = self.genre.value

        puzzle: dict[str, Any]
        if isinstance(self.puzzle, KakuroPuzzle):
            puzzle = self.puzzle.to_dict()
        elif isinstance(self.puzzle, KakurasuPuzzle):
            puzzle = self.puzzle.to_dict()
        elif isinstance(self.puzzle, KakuroCrypticPuzzle):
            puzzle = self.puzzle.to_dict()
        else:
            puzzle = self.puzzle.to_dict()

        answer: list[str] | str
        if isinstance(self.answer, list):
            answer = self.answer

        else:
            answer = self.answer

        budget: int | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        else:
            budget = self.budget

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "genre": genre,
                "puzzle": puzzle,
                "answer": answer,
            }
        )
        if budget is not UNSET:
            field_dict["budget"] = budget

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.kakurasu_puzzle import KakurasuPuzzle  # noqa: PLC0415
        from ..models.kakuro_cryptic_puzzle import KakuroCrypticPuzzle  # noqa: PLC0415
        from ..models.kakuro_puzzle import KakuroPuzzle  # noqa: PLC0415
        from ..models.killer_sudoku_puzzle import KillerSudokuPuzzle  # noqa: PLC0415

        d = dict(src_dict)
        genre = Genre(d.pop("genre"))

        def _parse_puzzle(data: object) -> KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_puzzle_object_type_0 = KakuroPuzzle.from_dict(data)

                return componentsschemas_puzzle_object_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_puzzle_object_type_1 = KakurasuPuzzle.from_dict(data)

                return componentsschemas_puzzle_object_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_puzzle_object_type_2 = KakuroCrypticPuzzle.from_dict(data)

                return componentsschemas_puzzle_object_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_puzzle_object_type_3 = KillerSudokuPuzzle.from_dict(data)

            return componentsschemas_puzzle_object_type_3

        puzzle = _parse_puzzle(d.pop("puzzle"))

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

        def _parse_budget(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        budget = _parse_budget(d.pop("budget", UNSET))

        hint_request_type_0 = cls(
            genre=genre,
            puzzle=puzzle,
            answer=answer,
            budget=budget,
        )

        return hint_request_type_0
