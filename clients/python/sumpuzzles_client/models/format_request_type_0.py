from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.genre import Genre

if TYPE_CHECKING:
    from ..models.kakurasu_puzzle import KakurasuPuzzle
    from ..models.kakuro_cryptic_puzzle import KakuroCrypticPuzzle
    from ..models.kakuro_puzzle import KakuroPuzzle
    from ..models.killer_sudoku_puzzle import KillerSudokuPuzzle


T = TypeVar("T", bound="FormatRequestType0")


@_attrs_define
class FormatRequestType0:
    """The genre's JSON puzzle object.

    Attributes:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        puzzle (KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle): The genre's JSON puzzle
            object (see each genre's schema).
    """

    genre: Genre
    puzzle: KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "genre": genre,
                "puzzle": puzzle,
            }
        )

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

        format_request_type_0 = cls(
            genre=genre,
            puzzle=puzzle,
        )

        return format_request_type_0
