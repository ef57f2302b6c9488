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


T = TypeVar("T", bound="RenderRequestType0")


@_attrs_define
class RenderRequestType0:
    """The genre's JSON puzzle object.

    Attributes:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        puzzle (KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle): The genre's JSON puzzle
            object (see each genre's schema).
        answer (list[str] | None | str | Unset):
        solution (bool | None | Unset): Write the puzzle's solution into the cells (default false); not together with
            `answer`. A puzzle without exactly one solution is a 422.
        finish (bool | None | Unset): With `answer`: turn unmarked cells into empty (or unshaded) ones before checking
            (default false).
        budget (int | None | Unset):
    """

    genre: Genre
    puzzle: KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle
    answer: list[str] | None | str | Unset = UNSET
    solution: bool | None | Unset = UNSET
    finish: bool | None | Unset = UNSET
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
                "genre": genre,
                "puzzle": puzzle,
            }
        )
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

        render_request_type_0 = cls(
            genre=genre,
            puzzle=puzzle,
            answer=answer,
            solution=solution,
            finish=finish,
            budget=budget,
        )

        return render_request_type_0
