from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.genre import Genre
from ..models.level import Level
from ..models.rating_status import RatingStatus
from ..models.stop import Stop
from ..models.uniqueness import Uniqueness
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deduction import Deduction
    from ..models.descriptors import Descriptors
    from ..models.rate_report_techniques import RateReportTechniques
    from ..models.workload import Workload


T = TypeVar("T", bound="RateReport")


@_attrs_define
class RateReport:
    """A human-technique rating and the uniqueness check, saying only what they established.

    The rating runs first, then the exact solver's check for a second solution with what the
    budget has left (skipped when the genre's techniques filling the grid proves it unique).
    What the combinations mean:

    | `status` | `level` | `score` | `uniqueness` | Meaning |
    |---|---|---|---|---|
    | `rated` | `easy`..`expert` | 1.0-10.0 | `unique` | A proper puzzle of that level and score. |
    | `rated` | `easy`..`expert` | 1.0-10.0 | `not_unique`, `unknown` | Only where the rating is of one reading of the
    puzzle (cryptic Kakuro: the grid one letter mapping gives): another mapping gives a second solution, or the check
    ran out. |
    | `beyond_expert` | `beyond_expert` | null | `unique` | Exactly one solution, but the profile's techniques cannot
    reach it. |
    | `beyond_expert` | `beyond_expert` | null | `not_unique` | No solution (`solutions_found` 0) or several (2): not a
    proper puzzle. |
    | `beyond_expert` | `beyond_expert` | null | `unknown` | The techniques got stuck and the check ran out of budget
    (`complete` false). |
    | `unrated` | null | null | `unknown` | The budget ran out in the rating: the level is not known (`complete` false),
    and the check had nothing left (a puzzle so small that its check takes no step can be `unique` here). |

    `level` is never set by a rating that did not finish. A cancelled request or one past its
    deadline gets a problem response, not a report.

        Attributes:
            genre (Genre): A registered genre (`GET /genres` describes each one).
            status (RatingStatus): How far a rating got.
            score_version (int): The score's version: with `profile_version`, it determines the score.
            uniqueness (Uniqueness): Whether a puzzle has exactly one solution.
            unique (bool): True when the puzzle is proven to have exactly one solution (`uniqueness` is
                `unique`); false also when that is unknown. Kept for older clients: read `uniqueness`.
            solutions_found (int): Solutions the check found, at most 2 (1 when the rating proved uniqueness).
            complete (bool): True when both the rating and the uniqueness check finished; false when the budget ran
                out in either (`status` `unrated`, or `uniqueness` `unknown`).
            solved (bool): True when the techniques filled every cell.
            descriptors (Descriptors): A puzzle's size and openness.
            workload (Workload): What the score is computed from: counts over the rater's record, kept as the rater goes.
            techniques (RateReportTechniques): How often each technique was used.
            deductions (list[Deduction]): Every deduction in order (as far as the rating got).
            profile (str): The rater profile.
            profile_version (int): The rater profile's version.
            steps (int): Budget steps used, the rating and the uniqueness check together.
            level (Level | None | Unset):
            score (float | None | Unset):
            stopped (None | Stop | Unset):
    """

    genre: Genre
    status: RatingStatus
    score_version: int
    uniqueness: Uniqueness
    unique: bool
    solutions_found: int
    complete: bool
    solved: bool
    descriptors: Descriptors
    workload: Workload
    techniques: RateReportTechniques
    deductions: list[Deduction]
    profile: str
    profile_version: int
    steps: int
    level: Level | None | Unset = UNSET
    score: float | None | Unset = UNSET
    stopped: None | Stop | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        genre = self.genre.value

        status = self.status.value

        score_version = self.score_version

        uniqueness = self.uniqueness.value

        unique = self.unique

        solutions_found = self.solutions_found

        complete = self.complete

        solved = self.solved

        descriptors = self.descriptors.to_dict()

        workload = self.workload.to_dict()

        techniques = self.techniques.to_dict()

        deductions = []
        for deductions_item_data in self.deductions:
            deductions_item = deductions_item_data.to_dict()
            deductions.append(deductions_item)

        profile = self.profile

        profile_version = self.profile_version

        steps = self.steps

        level: None | str | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        elif isinstance(self.level, Level):
            level = self.level.value
        else:
            level = self.level

        score: float | None | Unset
        if isinstance(self.score, Unset):
            score = UNSET
        else:
            score = self.score

        stopped: None | str | Unset
        if isinstance(self.stopped, Unset):
            stopped = UNSET
        elif isinstance(self.stopped, Stop):
            stopped = self.stopped.value
        else:
            stopped = self.stopped

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "genre": genre,
                "status": status,
                "score_version": score_version,
                "uniqueness": uniqueness,
                "unique": unique,
                "solutions_found": solutions_found,
                "complete": complete,
                "solved": solved,
                "descriptors": descriptors,
                "workload": workload,
                "techniques": techniques,
                "deductions": deductions,
                "profile": profile,
                "profile_version": profile_version,
                "steps": steps,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level
        if score is not UNSET:
            field_dict["score"] = score
        if stopped is not UNSET:
            field_dict["stopped"] = stopped

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deduction import Deduction  # noqa: PLC0415
        from ..models.descriptors import Descriptors  # noqa: PLC0415
        from ..models.rate_report_techniques import RateReportTechniques  # noqa: PLC0415
        from ..models.workload import Workload  # noqa: PLC0415

        d = dict(src_dict)
        genre = Genre(d.pop("genre"))

        status = RatingStatus(d.pop("status"))

        score_version = d.pop("score_version")

        uniqueness = Uniqueness(d.pop("uniqueness"))

        unique = d.pop("unique")

        solutions_found = d.pop("solutions_found")

        complete = d.pop("complete")

        solved = d.pop("solved")

        descriptors = Descriptors.from_dict(d.pop("descriptors"))

        workload = Workload.from_dict(d.pop("workload"))

        techniques = RateReportTechniques.from_dict(d.pop("techniques"))

        deductions = []
        _deductions = d.pop("deductions")
        for deductions_item_data in _deductions:
            deductions_item = Deduction.from_dict(deductions_item_data)

            deductions.append(deductions_item)

        profile = d.pop("profile")

        profile_version = d.pop("profile_version")

        steps = d.pop("steps")

        def _parse_level(data: object) -> Level | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                level_type_1 = Level(data)

                return level_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Level | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))

        def _parse_score(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        score = _parse_score(d.pop("score", UNSET))

        def _parse_stopped(data: object) -> None | Stop | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stopped_type_1 = Stop(data)

                return stopped_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Stop | Unset, data)

        stopped = _parse_stopped(d.pop("stopped", UNSET))

        rate_report = cls(
            genre=genre,
            status=status,
            score_version=score_version,
            uniqueness=uniqueness,
            unique=unique,
            solutions_found=solutions_found,
            complete=complete,
            solved=solved,
            descriptors=descriptors,
            workload=workload,
            techniques=techniques,
            deductions=deductions,
            profile=profile,
            profile_version=profile_version,
            steps=steps,
            level=level,
            score=score,
            stopped=stopped,
        )

        rate_report.additional_properties = d
        return rate_report

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
