from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.genre import Genre
from ..models.level import Level
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.descriptors import Descriptors
    from ..models.generate_report_letters import GenerateReportLetters
    from ..models.generation_stats import GenerationStats
    from ..models.kakurasu_puzzle import KakurasuPuzzle
    from ..models.kakuro_cryptic_puzzle import KakuroCrypticPuzzle
    from ..models.kakuro_puzzle import KakuroPuzzle
    from ..models.killer_sudoku_puzzle import KillerSudokuPuzzle
    from ..models.rate_report import RateReport


T = TypeVar("T", bound="GenerateReport")


@_attrs_define
class GenerateReport:
    """A generated puzzle with its solution, rating and provenance.

    Attributes:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        id (str): The puzzle's ID.
        puzzle (KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle): The genre's JSON puzzle
            object (see each genre's schema).
        text (str): The genre's text format.
        level (Level): How hard a puzzle is for a human solver: the level of the hardest technique it needs.
        score (float): The score, 1.0 to 10.0 within the level's band (as in `rating`).
        descriptors (Descriptors): A puzzle's size and openness.
        shape (str): `<rows>x<cols>`.
        seed (int): The seed: with the genre, shape, level and generator version it makes this puzzle,
            without a score range.
        requested_seed (int): The seed of the request (drawn when it named none): with the same parameters and score
            range it makes this puzzle again. Without a score range it is `seed`; with one, `seed`
            is the candidate that scored in range.
        generator_version (int): The generator's version.
        rating (RateReport): A human-technique rating and the uniqueness check, saying only what they established.

            The rating runs first, then the exact solver's check for a second solution with what the
            budget has left (skipped when the genre's techniques filling the grid proves it unique).
            What the combinations mean:

            | `status` | `level` | `score` | `uniqueness` | Meaning |
            |---|---|---|---|---|
            | `rated` | `easy`..`expert` | 1.0-10.0 | `unique` | A proper puzzle of that level and score. |
            | `rated` | `easy`..`expert` | 1.0-10.0 | `not_unique`, `unknown` | Only where the rating is of one reading of
            the puzzle (cryptic Kakuro: the grid one letter mapping gives): another mapping gives a second solution, or the
            check ran out. |
            | `beyond_expert` | `beyond_expert` | null | `unique` | Exactly one solution, but the profile's techniques
            cannot reach it. |
            | `beyond_expert` | `beyond_expert` | null | `not_unique` | No solution (`solutions_found` 0) or several (2):
            not a proper puzzle. |
            | `beyond_expert` | `beyond_expert` | null | `unknown` | The techniques got stuck and the check ran out of
            budget (`complete` false). |
            | `unrated` | null | null | `unknown` | The budget ran out in the rating: the level is not known (`complete`
            false), and the check had nothing left (a puzzle so small that its check takes no step can be `unique` here). |

            `level` is never set by a rating that did not finish. A cancelled request or one past its
            deadline gets a problem response, not a report.
        stats (GenerationStats): How much work a generation took.
        letters (GenerateReportLetters | Unset): Cryptic Kakuro: the digit of each letter A-J. Example: {'A': 8, 'B': 4,
            'C': 2, 'D': 6, 'E': 0, 'F': 3, 'G': 9, 'H': 5, 'I': 7, 'J': 1}.
        encrypted (str | Unset): Cryptic Kakuro: the digits of A to J as a string of ten digits (Project Euler's
            encrypted value). Example: 8426039571.
        url (None | str | Unset): The puzz.link URL, for a genre puzz.link has.
        solution (list[str] | None | Unset): The one solution, as answer rows; absent when the request said
            `solution=false`.
    """

    genre: Genre
    id: str
    puzzle: KakurasuPuzzle | KakuroCrypticPuzzle | KakuroPuzzle | KillerSudokuPuzzle
    text: str
    level: Level
    score: float
    descriptors: Descriptors
    shape: str
    seed: int
    requested_seed: int
    generator_version: int
    rating: RateReport
    stats: GenerationStats
    letters: GenerateReportLetters | Unset = UNSET
    encrypted: str | Unset = UNSET
    url: None | str | Unset = UNSET
    solution: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.kakurasu_puzzle import KakurasuPuzzle  # noqa: PLC0415
        from ..models.kakuro_cryptic_puzzle import KakuroCrypticPuzzle  # noqa: PLC0415
        from ..models.kakuro_puzzle import KakuroPuzzle  # noqa: PLC0415

        genre = self.genre.value

        id = self.id

        puzzle: dict[str, Any]
        if isinstance(self.puzzle, KakuroPuzzle):
            puzzle = self.puzzle.to_dict()
        elif isinstance(self.puzzle, KakurasuPuzzle):
            puzzle = self.puzzle.to_dict()
        elif isinstance(self.puzzle, KakuroCrypticPuzzle):
            puzzle = self.puzzle.to_dict()
        else:
            puzzle = self.puzzle.to_dict()

        text = self.text

        level = self.level.value

        score = self.score

        descriptors = self.descriptors.to_dict()

        shape = self.shape

        seed = self.seed

        requested_seed = self.requested_seed

        generator_version = self.generator_version

        rating = self.rating.to_dict()

        stats = self.stats.to_dict()

        letters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.letters, Unset):
            letters = self.letters.to_dict()

        encrypted = self.encrypted

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        solution: list[str] | None | Unset
        if isinstance(self.solution, Unset):
            solution = UNSET
        elif isinstance(self.solution, list):
            solution = self.solution

        else:
            solution = self.solution

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "genre": genre,
                "id": id,
                "puzzle": puzzle,
                "text": text,
                "level": level,
                "score": score,
                "descriptors": descriptors,
                "shape": shape,
                "seed": seed,
                "requested_seed": requested_seed,
                "generator_version": generator_version,
                "rating": rating,
                "stats": stats,
            }
        )
        if letters is not UNSET:
            field_dict["letters"] = letters
        if encrypted is not UNSET:
            field_dict["encrypted"] = encrypted
        if url is not UNSET:
            field_dict["url"] = url
        if solution is not UNSET:
            field_dict["solution"] = solution

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.descriptors import Descriptors  # noqa: PLC0415
        from ..models.generate_report_letters import GenerateReportLetters  # noqa: PLC0415
        from ..models.generation_stats import GenerationStats  # noqa: PLC0415
        from ..models.kakurasu_puzzle import KakurasuPuzzle  # noqa: PLC0415
        from ..models.kakuro_cryptic_puzzle import KakuroCrypticPuzzle  # noqa: PLC0415
        from ..models.kakuro_puzzle import KakuroPuzzle  # noqa: PLC0415
        from ..models.killer_sudoku_puzzle import KillerSudokuPuzzle  # noqa: PLC0415
        from ..models.rate_report import RateReport  # noqa: PLC0415

        d = dict(src_dict)
        genre = Genre(d.pop("genre"))

        id = d.pop("id")

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

        text = d.pop("text")

        level = Level(d.pop("level"))

        score = d.pop("score")

        descriptors = Descriptors.from_dict(d.pop("descriptors"))

        shape = d.pop("shape")

        seed = d.pop("seed")

        requested_seed = d.pop("requested_seed")

        generator_version = d.pop("generator_version")

        rating = RateReport.from_dict(d.pop("rating"))

        stats = GenerationStats.from_dict(d.pop("stats"))

        _letters = d.pop("letters", UNSET)
        letters: GenerateReportLetters | Unset
        if isinstance(_letters, Unset):
            letters = UNSET
        else:
            letters = GenerateReportLetters.from_dict(_letters)

        encrypted = d.pop("encrypted", UNSET)

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        def _parse_solution(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                solution_type_1 = cast(list[str], data)

                return solution_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        solution = _parse_solution(d.pop("solution", UNSET))

        generate_report = cls(
            genre=genre,
            id=id,
            puzzle=puzzle,
            text=text,
            level=level,
            score=score,
            descriptors=descriptors,
            shape=shape,
            seed=seed,
            requested_seed=requested_seed,
            generator_version=generator_version,
            rating=rating,
            stats=stats,
            letters=letters,
            encrypted=encrypted,
            url=url,
            solution=solution,
        )

        generate_report.additional_properties = d
        return generate_report

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
