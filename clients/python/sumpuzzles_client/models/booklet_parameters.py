from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.format_ import Format
from ..models.genre import Genre
from ..models.paper import Paper
from ..models.target_level import TargetLevel
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.booklet_parameters_puzzles_type_1_item_type_1 import BookletParametersPuzzlesType1ItemType1
    from ..models.booklet_parameters_puzzles_type_1_item_type_2 import BookletParametersPuzzlesType1ItemType2
    from ..models.booklet_parameters_puzzles_type_1_item_type_3 import BookletParametersPuzzlesType1ItemType3
    from ..models.booklet_parameters_puzzles_type_1_item_type_4 import BookletParametersPuzzlesType1ItemType4


T = TypeVar("T", bound="BookletParameters")


@_attrs_define
class BookletParameters:
    """A booklet: its puzzles, made as a batch makes them (the parameters of `/generate/batch`:
    genre, shape, level or score range, and `seeds` or `count` from a first `seed`) or given
    (`puzzles`), and the book's layout. Query string or JSON body; the body's fields win.

        Attributes:
            genre (Genre | None | Unset):
            shape (None | str | Unset):
            level (None | TargetLevel | Unset):
            seeds (list[int] | None | Unset): The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per seed, in this
                order. In the query string, repeated (`seeds=1&seeds=2`: `style: form`, `explode: true`), comma-separated
                (`seeds=1,2`) or repeated with brackets (`seeds[]=1&seeds[]=2`). Not with `count`.
            count (int | None | Unset):
            seed (int | None | Unset):
            puzzles (list[BookletParametersPuzzlesType1ItemType1 | BookletParametersPuzzlesType1ItemType2 |
                BookletParametersPuzzlesType1ItemType3 | BookletParametersPuzzlesType1ItemType4 | str] | None | Unset): The
                puzzles to print instead of making them, 1 to 100: each an ID or a puzzle source object as `/solve` takes one,
                of any genres, each with exactly one solution. Not with the generation's fields.
            format_ (Format | None | Unset):
            solutions (bool | None | Unset): Whether the solutions are printed at the back: default true in a book, false on
                a
                sheet.
            trim (None | str | Unset): The page size: `6x9` (the default), `8.5x11`, `a4`, `letter`, or a custom
                `<width>x<height>` in inches (`5.5x8.5`, `5.5x8.5in`) or millimetres (`148x210mm`),
                each side 3 to 14 in. Example: 6x9.
            per_page (int | None | Unset): Puzzles a page: 1, 2, 4 or 6 (default 1 in a book; on a sheet as many as fit).
            large_print (bool | None | Unset): Large print: every text at least 16 pt (else at least 7 pt).
            title (None | str | Unset): The book's title (up to 200 characters); made from the genres when absent.
            author (None | str | Unset): The author's name, on the title page and the cover (up to 200 characters).
            copyright_ (None | str | Unset): The copyright line, on the copyright page (up to 200 characters).
            cover (bool | None | Unset): The book's cover instead of its pages (default false): one PDF page holding the
                back
                cover, the spine and the front cover, with 0.125 in of bleed around, the spine as wide
                as KDP's paper formula gives for the page count of the book the same request makes
                (white paper 0.002252 in a page, cream 0.0025). KDP takes the pages and the cover as
                two files: ask twice with the same seeds.
            paper (None | Paper | Unset):
            budget (int | None | Unset):
            score_min (float | None | Unset):
            score_max (float | None | Unset):
    """

    genre: Genre | None | Unset = UNSET
    shape: None | str | Unset = UNSET
    level: None | TargetLevel | Unset = UNSET
    seeds: list[int] | None | Unset = UNSET
    count: int | None | Unset = UNSET
    seed: int | None | Unset = UNSET
    puzzles: (
        list[
            BookletParametersPuzzlesType1ItemType1
            | BookletParametersPuzzlesType1ItemType2
            | BookletParametersPuzzlesType1ItemType3
            | BookletParametersPuzzlesType1ItemType4
            | str
        ]
        | None
        | Unset
    ) = UNSET
    format_: Format | None | Unset = UNSET
    solutions: bool | None | Unset = UNSET
    trim: None | str | Unset = UNSET
    per_page: int | None | Unset = UNSET
    large_print: bool | None | Unset = UNSET
    title: None | str | Unset = UNSET
    author: None | str | Unset = UNSET
    copyright_: None | str | Unset = UNSET
    cover: bool | None | Unset = UNSET
    paper: None | Paper | Unset = UNSET
    budget: int | None | Unset = UNSET
    score_min: float | None | Unset = UNSET
    score_max: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.booklet_parameters_puzzles_type_1_item_type_1 import BookletParametersPuzzlesType1ItemType1  # noqa: PLC0415
        from ..models.booklet_parameters_puzzles_type_1_item_type_2 import BookletParametersPuzzlesType1ItemType2  # noqa: PLC0415
        from ..models.booklet_parameters_puzzles_type_1_item_type_3 import BookletParametersPuzzlesType1ItemType3  # noqa: PLC0415
        from ..models.booklet_parameters_puzzles_type_1_item_type_4 import BookletParametersPuzzlesType1ItemType4  # noqa: PLC0415

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

        puzzles: list[dict[str, Any] | str] | None | Unset
        if isinstance(self.puzzles, Unset):
            puzzles = UNSET
        elif isinstance(self.puzzles, list):
            puzzles = []
            for puzzles_type_1_item_data in self.puzzles:
                puzzles_type_1_item: dict[str, Any] | str
                if isinstance(puzzles_type_1_item_data, BookletParametersPuzzlesType1ItemType1):
                    puzzles_type_1_item = puzzles_type_1_item_data.to_dict()
                elif isinstance(puzzles_type_1_item_data, BookletParametersPuzzlesType1ItemType2):
                    puzzles_type_1_item = puzzles_type_1_item_data.to_dict()
                elif isinstance(puzzles_type_1_item_data, BookletParametersPuzzlesType1ItemType3):
                    puzzles_type_1_item = puzzles_type_1_item_data.to_dict()
                elif isinstance(puzzles_type_1_item_data, BookletParametersPuzzlesType1ItemType4):
                    puzzles_type_1_item = puzzles_type_1_item_data.to_dict()
                else:
                    puzzles_type_1_item = puzzles_type_1_item_data
                puzzles.append(puzzles_type_1_item)

        else:
            puzzles = self.puzzles

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        elif isinstance(self.format_, Format):
            format_ = self.format_.value
        else:
            format_ = self.format_

        solutions: bool | None | Unset
        if isinstance(self.solutions, Unset):
            solutions = UNSET
        else:
            solutions = self.solutions

        trim: None | str | Unset
        if isinstance(self.trim, Unset):
            trim = UNSET
        else:
            trim = self.trim

        per_page: int | None | Unset
        if isinstance(self.per_page, Unset):
            per_page = UNSET
        else:
            per_page = self.per_page

        large_print: bool | None | Unset
        if isinstance(self.large_print, Unset):
            large_print = UNSET
        else:
            large_print = self.large_print

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        author: None | str | Unset
        if isinstance(self.author, Unset):
            author = UNSET
        else:
            author = self.author

        copyright_: None | str | Unset
        if isinstance(self.copyright_, Unset):
            copyright_ = UNSET
        else:
            copyright_ = self.copyright_

        cover: bool | None | Unset
        if isinstance(self.cover, Unset):
            cover = UNSET
        else:
            cover = self.cover

        paper: None | str | Unset
        if isinstance(self.paper, Unset):
            paper = UNSET
        elif isinstance(self.paper, Paper):
            paper = self.paper.value
        else:
            paper = self.paper

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
        if puzzles is not UNSET:
            field_dict["puzzles"] = puzzles
        if format_ is not UNSET:
            field_dict["format"] = format_
        if solutions is not UNSET:
            field_dict["solutions"] = solutions
        if trim is not UNSET:
            field_dict["trim"] = trim
        if per_page is not UNSET:
            field_dict["per_page"] = per_page
        if large_print is not UNSET:
            field_dict["large_print"] = large_print
        if title is not UNSET:
            field_dict["title"] = title
        if author is not UNSET:
            field_dict["author"] = author
        if copyright_ is not UNSET:
            field_dict["copyright"] = copyright_
        if cover is not UNSET:
            field_dict["cover"] = cover
        if paper is not UNSET:
            field_dict["paper"] = paper
        if budget is not UNSET:
            field_dict["budget"] = budget
        if score_min is not UNSET:
            field_dict["score_min"] = score_min
        if score_max is not UNSET:
            field_dict["score_max"] = score_max

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.booklet_parameters_puzzles_type_1_item_type_1 import BookletParametersPuzzlesType1ItemType1  # noqa: PLC0415
        from ..models.booklet_parameters_puzzles_type_1_item_type_2 import BookletParametersPuzzlesType1ItemType2  # noqa: PLC0415
        from ..models.booklet_parameters_puzzles_type_1_item_type_3 import BookletParametersPuzzlesType1ItemType3  # noqa: PLC0415
        from ..models.booklet_parameters_puzzles_type_1_item_type_4 import BookletParametersPuzzlesType1ItemType4  # noqa: PLC0415

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

        def _parse_puzzles(
            data: object,
        ) -> (
            list[
                BookletParametersPuzzlesType1ItemType1
                | BookletParametersPuzzlesType1ItemType2
                | BookletParametersPuzzlesType1ItemType3
                | BookletParametersPuzzlesType1ItemType4
                | str
            ]
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                puzzles_type_1 = []
                _puzzles_type_1 = data
                for puzzles_type_1_item_data in _puzzles_type_1:

                    def _parse_puzzles_type_1_item(
                        data: object,
                    ) -> (
                        BookletParametersPuzzlesType1ItemType1
                        | BookletParametersPuzzlesType1ItemType2
                        | BookletParametersPuzzlesType1ItemType3
                        | BookletParametersPuzzlesType1ItemType4
                        | str
                    ):
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            puzzles_type_1_item_type_1 = BookletParametersPuzzlesType1ItemType1.from_dict(data)

                            return puzzles_type_1_item_type_1
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            puzzles_type_1_item_type_2 = BookletParametersPuzzlesType1ItemType2.from_dict(data)

                            return puzzles_type_1_item_type_2
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            puzzles_type_1_item_type_3 = BookletParametersPuzzlesType1ItemType3.from_dict(data)

                            return puzzles_type_1_item_type_3
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            puzzles_type_1_item_type_4 = BookletParametersPuzzlesType1ItemType4.from_dict(data)

                            return puzzles_type_1_item_type_4
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        return cast(
                            BookletParametersPuzzlesType1ItemType1
                            | BookletParametersPuzzlesType1ItemType2
                            | BookletParametersPuzzlesType1ItemType3
                            | BookletParametersPuzzlesType1ItemType4
                            | str,
                            data,
                        )

                    puzzles_type_1_item = _parse_puzzles_type_1_item(puzzles_type_1_item_data)

                    puzzles_type_1.append(puzzles_type_1_item)

                return puzzles_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                list[
                    BookletParametersPuzzlesType1ItemType1
                    | BookletParametersPuzzlesType1ItemType2
                    | BookletParametersPuzzlesType1ItemType3
                    | BookletParametersPuzzlesType1ItemType4
                    | str
                ]
                | None
                | Unset,
                data,
            )

        puzzles = _parse_puzzles(d.pop("puzzles", UNSET))

        def _parse_format_(data: object) -> Format | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                format_type_1 = Format(data)

                return format_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Format | None | Unset, data)

        format_ = _parse_format_(d.pop("format", UNSET))

        def _parse_solutions(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        solutions = _parse_solutions(d.pop("solutions", UNSET))

        def _parse_trim(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trim = _parse_trim(d.pop("trim", UNSET))

        def _parse_per_page(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        per_page = _parse_per_page(d.pop("per_page", UNSET))

        def _parse_large_print(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        large_print = _parse_large_print(d.pop("large_print", UNSET))

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        def _parse_author(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        author = _parse_author(d.pop("author", UNSET))

        def _parse_copyright_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        copyright_ = _parse_copyright_(d.pop("copyright", UNSET))

        def _parse_cover(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        cover = _parse_cover(d.pop("cover", UNSET))

        def _parse_paper(data: object) -> None | Paper | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paper_type_1 = Paper(data)

                return paper_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Paper | Unset, data)

        paper = _parse_paper(d.pop("paper", UNSET))

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

        booklet_parameters = cls(
            genre=genre,
            shape=shape,
            level=level,
            seeds=seeds,
            count=count,
            seed=seed,
            puzzles=puzzles,
            format_=format_,
            solutions=solutions,
            trim=trim,
            per_page=per_page,
            large_print=large_print,
            title=title,
            author=author,
            copyright_=copyright_,
            cover=cover,
            paper=paper,
            budget=budget,
            score_min=score_min,
            score_max=score_max,
        )

        return booklet_parameters
