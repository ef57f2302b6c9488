from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.input_problem import InputProblem


T = TypeVar("T", bound="BatchFailure")


@_attrs_define
class BatchFailure:
    """A seed whose generation failed, and why.

    Attributes:
        type_ (str): A URI reference naming the kind of problem. Example: /problems/syntax.
        title (str): A short summary of the kind of problem.
        status (int): The HTTP status.
        detail (str): What is wrong with this request, with the place (line and column, ID or URL position, cell).
        seed (int): The seed that failed.
        problems (list[InputProblem] | Unset): Each problem found in the input, with where it is.
        steps (int | None | Unset): When the step budget ran out: the steps spent.
        budget (int | None | Unset): When the step budget ran out: the budget the request had.
        stage (None | str | Unset): When the step budget ran out: what was being done (`solving`, `proving uniqueness`,
            `rating`, `finding the solution`, `hinting`, `generating`, `generating the daily
            puzzle`).
    """

    type_: str
    title: str
    status: int
    detail: str
    seed: int
    problems: list[InputProblem] | Unset = UNSET
    steps: int | None | Unset = UNSET
    budget: int | None | Unset = UNSET
    stage: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        seed = self.seed

        problems: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.problems, Unset):
            problems = []
            for problems_item_data in self.problems:
                problems_item = problems_item_data.to_dict()
                problems.append(problems_item)

        steps: int | None | Unset
        if isinstance(self.steps, Unset):
            steps = UNSET
        else:
            steps = self.steps

        budget: int | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        else:
            budget = self.budget

        stage: None | str | Unset
        if isinstance(self.stage, Unset):
            stage = UNSET
        else:
            stage = self.stage

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "seed": seed,
            }
        )
        if problems is not UNSET:
            field_dict["problems"] = problems
        if steps is not UNSET:
            field_dict["steps"] = steps
        if budget is not UNSET:
            field_dict["budget"] = budget
        if stage is not UNSET:
            field_dict["stage"] = stage

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.input_problem import InputProblem  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        seed = d.pop("seed")

        _problems = d.pop("problems", UNSET)
        problems: list[InputProblem] | Unset = UNSET
        if _problems is not UNSET:
            problems = []
            for problems_item_data in _problems:
                problems_item = InputProblem.from_dict(problems_item_data)

                problems.append(problems_item)

        def _parse_steps(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        steps = _parse_steps(d.pop("steps", UNSET))

        def _parse_budget(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        budget = _parse_budget(d.pop("budget", UNSET))

        def _parse_stage(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        stage = _parse_stage(d.pop("stage", UNSET))

        batch_failure = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            seed=seed,
            problems=problems,
            steps=steps,
            budget=budget,
            stage=stage,
        )

        batch_failure.additional_properties = d
        return batch_failure

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
