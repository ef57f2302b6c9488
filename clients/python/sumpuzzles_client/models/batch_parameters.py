from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.genre import Genre
from ..models.target_level import TargetLevel
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchParameters")


@_attrs_define
class BatchParameters:
    """A batch of puzzles: the parameters of `/generate` and either `seeds` or `count` (with an
    optional first `seed`). Query string or JSON body; the body's fields win.

        Attributes:
            genre (Genre | None | Unset):
            shape (None | str | Unset):
            level (None | TargetLevel | Unset):
            seeds (list[int] | None | Unset): The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per seed, in this
                order. In the query string, repeated (`seeds=1&seeds=2`: `style: form`, `explode: true`), comma-separated
                (`seeds=1,2`) or repeated with brackets (`seeds[]=1&seeds[]=2`). Not with `count`.
            count (int | None | Unset):
            seed (int | None | Unset):
            budget (int | None | Unset):
            score_min (float | None | Unset):
            score_max (float | None | Unset):
            solution (bool | None | Unset): Whether the report carries the solution (default true). With `false` it leaves
                out
                everything that gives the solution away: `solution`, the genre's solution fields
                (cryptic Kakuro's `letters` and `encrypted`) and the rating's `deductions` (their
                placements are the solution), which is then empty; the level and the technique counts
                stay. For a site that sends the report to its players.
    """

    genre: Genre | None | Unset = UNSET
    shape: None | str | Unset = UNSET
    level: None | TargetLevel | Unset = UNSET
    seeds: list[int] | None | Unset = UNSET
    count: int | None | Unset = UNSET
    seed: int | None | Unset = UNSET
    budget: int | None | Unset = UNSET
    score_min: float | None | Unset = UNSET
    score_max: float | None | Unset = UNSET
    solution: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        genre: None | str | Unset
        if isinstance(self.genre, Unset):
            genre = UNSET
        elif isinstance(self.genre, Genre):
            genre = self.genre.value
        else:
            genre = self.genre

        shape: None | str | Unset
        if isinstance(self.shape, Unset):
            shape = UNSET
        else:
            shape = self.shape

        level: None | str | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        elif isinstance(self.level, TargetLevel):
            level = self.level.value
        else:
            level = self.level

        seeds: list[int] | None | Unset
        if isinstance(self.seeds, Unset):
            seeds = UNSET
        elif isinstance(self.seeds, list):
            seeds = self.seeds

        else:
            seeds = self.seeds

        count: int | None | Unset
        if isinstance(self.count, Unset):
            count = UNSET
        else:
            count = self.count

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        budget: int | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        else:
            budget = self.budget

        score_min: float | None | Unset
        if isinstance(self.score_min, Unset):
            score_min = UNSET
        else:
            score_min = self.score_min

        score_max: float | None | Unset
        if isinstance(self.score_max, Unset):
            score_max = UNSET
        else:
            score_max = self.score_max

        solution: bool | None | Unset
        if isinstance(self.solution, Unset):
            solution = UNSET
        else:
            solution = self.solution

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if genre is not UNSET:
            field_dict["genre"] = genre
        if shape is not UNSET:
            field_dict["shape"] = shape
        if level is not UNSET:
            field_dict["level"] = level
        if seeds is not UNSET:
            field_dict["seeds"] = seeds
        if count is not UNSET:
            field_dict["count"] = count
        if seed is not UNSET:
            field_dict["seed"] = seed
        if budget is not UNSET:
            field_dict["budget"] = budget
        if score_min is not UNSET:
            field_dict["score_min"] = score_min
        if score_max is not UNSET:
            field_dict["score_max"] = score_max
        if solution is not UNSET:
            field_dict["solution"] = solution

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

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

        def _parse_shape(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        shape = _parse_shape(d.pop("shape", UNSET))

        def _parse_level(data: object) -> None | TargetLevel | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                level_type_1 = TargetLevel(data)

                return level_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TargetLevel | Unset, data)

        level = _parse_level(d.pop("level", UNSET))

        def _parse_seeds(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                seeds_type_1 = cast(list[int], data)

                return seeds_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        seeds = _parse_seeds(d.pop("seeds", UNSET))

        def _parse_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        count = _parse_count(d.pop("count", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_budget(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        budget = _parse_budget(d.pop("budget", UNSET))

        def _parse_score_min(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        score_min = _parse_score_min(d.pop("score_min", UNSET))

        def _parse_score_max(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        score_max = _parse_score_max(d.pop("score_max", UNSET))

        def _parse_solution(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        solution = _parse_solution(d.pop("solution", UNSET))

        batch_parameters = cls(
            genre=genre,
            shape=shape,
            level=level,
            seeds=seeds,
            count=count,
            seed=seed,
            budget=budget,
            score_min=score_min,
            score_max=score_max,
            solution=solution,
        )

        return batch_parameters
