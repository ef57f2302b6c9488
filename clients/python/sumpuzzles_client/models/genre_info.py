from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.board_kind import BoardKind
from ..models.genre import Genre
from ..models.level import Level
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.shape_levels import ShapeLevels


T = TypeVar("T", bound="GenreInfo")


@_attrs_define
class GenreInfo:
    """A registered genre: its names, how its board is played, and what its generator takes.

    Attributes:
        name (Genre): A registered genre (`GET /genres` describes each one).
        title (str): The genre's name for people.
        board (BoardKind): The drawing a genre's board is, so that a client knows how to draw it and read a player's
            marks from it: `sum_grid`, a grid of blocks and white cells, the blocks holding the sums
            of the runs of white cells to their right and below them, a digit written in each white
            cell; `shading`, a grid of cells to shade, with a clue beside each row and below each
            column; `caged`, an N x N grid with boxes, split into cages outlined with their sums, a
            digit written in every cell (digits 10 to 16 as `A` to `G`, as the answers write them).
            A genre's puzzle object and answers are its own: see its `formats` and its puzzle object's
            schema.
        pencil_marks (bool): Whether a player notes candidate digits in the cells (pencil marks).
        digits (str): The digits a player writes in a cell, as answers spell them, in order; empty when the
            cells are shaded rather than written. A `caged` grid of side N takes the first N. Example: 123456789.
        controls (str): How a player works the board with a play page's controls, in a few sentences.
        rules (str): The rules, in a few sentences for a player.
        formats (str): The genre's formats, in a few sentences.
        default_shape (str): The shape a generation gets when it names none. Example: 10x10.
        min_side (int): The smallest side of a generated puzzle.
        max_side (int): The largest side of a generated puzzle.
        levels (list[Level]): The levels the generator makes at some shape (`any` asks for any of them); a small
            shape may hold fewer (`shape_levels`).
        generator_version (int): The generator's version: with the parameters, it determines the puzzle.
        profile (str): The rater profile.
        profile_version (int): The rater profile's version.
        shapes (list[str] | None | Unset): The only shapes a generation takes, when it takes only some within the sides
            (Killer
            Sudoku: the grids with boxes, 4x4 to 16x16); absent when it takes any. Example: ['4x4', '6x6', '9x9', '12x12',
            '16x16'].
        shape_levels (list[ShapeLevels] | None | Unset): Each of `shapes`, in the same order, with the levels the
            generator makes at it: a level
            missing from a shape's list is a 422 there (a 4x4 Killer Sudoku holds no hard puzzle).
            Absent when `shapes` is.
    """

    name: Genre
    title: str
    board: BoardKind
    pencil_marks: bool
    digits: str
    controls: str
    rules: str
    formats: str
    default_shape: str
    min_side: int
    max_side: int
    levels: list[Level]
    generator_version: int
    profile: str
    profile_version: int
    shapes: list[str] | None | Unset = UNSET
    shape_levels: list[ShapeLevels] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name.value

        title = self.title

        board = self.board.value

        pencil_marks = self.pencil_marks

        digits = self.digits

        controls = self.controls

        rules = self.rules

        formats = self.formats

        default_shape = self.default_shape

        min_side = self.min_side

        max_side = self.max_side

        levels = []
        for levels_item_data in self.levels:
            levels_item = levels_item_data.value
            levels.append(levels_item)

        generator_version = self.generator_version

        profile = self.profile

        profile_version = self.profile_version

        shapes: list[str] | None | Unset
        if isinstance(self.shapes, Unset):
            shapes = UNSET
        elif isinstance(self.shapes, list):
            shapes = self.shapes

        else:
            shapes = self.shapes

        shape_levels: list[dict[str, Any]] | None | Unset
        if isinstance(self.shape_levels, Unset):
            shape_levels = UNSET
        elif isinstance(self.shape_levels, list):
            shape_levels = []
            for shape_levels_type_1_item_data in self.shape_levels:
                shape_levels_type_1_item = shape_levels_type_1_item_data.to_dict()
                shape_levels.append(shape_levels_type_1_item)

        else:
            shape_levels = self.shape_levels

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "title": title,
                "board": board,
                "pencil_marks": pencil_marks,
                "digits": digits,
                "controls": controls,
                "rules": rules,
                "formats": formats,
                "default_shape": default_shape,
                "min_side": min_side,
                "max_side": max_side,
                "levels": levels,
                "generator_version": generator_version,
                "profile": profile,
                "profile_version": profile_version,
            }
        )
        if shapes is not UNSET:
            field_dict["shapes"] = shapes
        if shape_levels is not UNSET:
            field_dict["shape_levels"] = shape_levels

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.shape_levels import ShapeLevels  # noqa: PLC0415

        d = dict(src_dict)
        name = Genre(d.pop("name"))

        title = d.pop("title")

        board = BoardKind(d.pop("board"))

        pencil_marks = d.pop("pencil_marks")

        digits = d.pop("digits")

        controls = d.pop("controls")

        rules = d.pop("rules")

        formats = d.pop("formats")

        default_shape = d.pop("default_shape")

        min_side = d.pop("min_side")

        max_side = d.pop("max_side")

        levels = []
        _levels = d.pop("levels")
        for levels_item_data in _levels:
            levels_item = Level(levels_item_data)

            levels.append(levels_item)

        generator_version = d.pop("generator_version")

        profile = d.pop("profile")

        profile_version = d.pop("profile_version")

        def _parse_shapes(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                shapes_type_1 = cast(list[str], data)

                return shapes_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        shapes = _parse_shapes(d.pop("shapes", UNSET))

        def _parse_shape_levels(data: object) -> list[ShapeLevels] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                shape_levels_type_1 = []
                _shape_levels_type_1 = data
                for shape_levels_type_1_item_data in _shape_levels_type_1:
                    shape_levels_type_1_item = ShapeLevels.from_dict(shape_levels_type_1_item_data)

                    shape_levels_type_1.append(shape_levels_type_1_item)

                return shape_levels_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ShapeLevels] | None | Unset, data)

        shape_levels = _parse_shape_levels(d.pop("shape_levels", UNSET))

        genre_info = cls(
            name=name,
            title=title,
            board=board,
            pencil_marks=pencil_marks,
            digits=digits,
            controls=controls,
            rules=rules,
            formats=formats,
            default_shape=default_shape,
            min_side=min_side,
            max_side=max_side,
            levels=levels,
            generator_version=generator_version,
            profile=profile,
            profile_version=profile_version,
            shapes=shapes,
            shape_levels=shape_levels,
        )

        genre_info.additional_properties = d
        return genre_info

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
