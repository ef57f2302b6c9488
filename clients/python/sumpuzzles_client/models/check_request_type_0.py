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


T = TypeVar("T", bound="CheckRequestType0")


@_attrs_define
class CheckRequestType0:
    """The genre's JSON puzzle object.

    Attributes:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        puzzle (KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle): The genre's JSON puzzle
            object (see each genre's schema).
        answer (list[str] | str): One string per row, or one string with a row per line, one character per cell, in the
            genre's answer format (see `GET /genres` and the puzzle object schemas), such as
            `["###", "#12", "#34"]`. Blank rows are skipped: send a row with nothing entered as its
            cells' empty marks (`.` for digits).
        finish (bool | None | Unset): Turn unmarked cells into empty (or unshaded) ones before checking (default false).
    """

    genre: Genre
    puzzle: KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle
    answer: list[str] | str
    finish: bool | None | Unset = UNSET

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

        finish: bool | None | Unset
        if isinstance(self.finish, Unset):
            finish = UNSET
        else:
            finish = self.finish

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "genre": genre,
                "puzzle": puzzle,
                "answer": answer,
            }
        )
        if finish is not UNSET:
            field_dict["finish"] = finish

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

        def _parse_finish(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        finish = _parse_finish(d.pop("finish", UNSET))

        check_request_type_0 = cls(
            genre=genre,
            puzzle=puzzle,
            answer=answer,
            finish=finish,
        )

        return check_request_type_0
