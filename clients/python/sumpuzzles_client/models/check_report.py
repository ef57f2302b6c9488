from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.genre import Genre

if TYPE_CHECKING:
    from ..models.kakurasu_violation_type_0 import KakurasuViolationType0
    from ..models.kakurasu_violation_type_1 import KakurasuViolationType1
    from ..models.kakuro_cryptic_violation_type_0 import KakuroCrypticViolationType0
    from ..models.kakuro_cryptic_violation_type_1 import KakuroCrypticViolationType1
    from ..models.kakuro_cryptic_violation_type_2 import KakuroCrypticViolationType2
    from ..models.kakuro_violation_type_0 import KakuroViolationType0
    from ..models.kakuro_violation_type_1 import KakuroViolationType1
    from ..models.killer_sudoku_violation_type_0 import KillerSudokuViolationType0
    from ..models.killer_sudoku_violation_type_1 import KillerSudokuViolationType1
    from ..models.killer_sudoku_violation_type_2 import KillerSudokuViolationType2
    from ..models.killer_sudoku_violation_type_3 import KillerSudokuViolationType3
    from ..models.killer_sudoku_violation_type_4 import KillerSudokuViolationType4
    from ..models.killer_sudoku_violation_type_5 import KillerSudokuViolationType5


T = TypeVar("T", bound="CheckReport")


@_attrs_define
class CheckReport:
    """The checker's verdict on an answer.

    Attributes:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        solved (bool): True when the answer is complete and breaks no rule.
        violations (list[KakurasuViolationType0 | KakurasuViolationType1 | KakuroCrypticViolationType0 |
            KakuroCrypticViolationType1 | KakuroCrypticViolationType2 | KakuroViolationType0 | KakuroViolationType1 |
            KillerSudokuViolationType0 | KillerSudokuViolationType1 | KillerSudokuViolationType2 |
            KillerSudokuViolationType3 | KillerSudokuViolationType4 | KillerSudokuViolationType5]): Every broken rule
            instance (with unmarked cells made empty first when `finish`).
    """

    genre: Genre
    solved: bool
    violations: list[
        KakurasuViolationType0
        | KakurasuViolationType1
        | KakuroCrypticViolationType0
        | KakuroCrypticViolationType1
        | KakuroCrypticViolationType2
        | KakuroViolationType0
        | KakuroViolationType1
        | KillerSudokuViolationType0
        | KillerSudokuViolationType1
        | KillerSudokuViolationType2
        | KillerSudokuViolationType3
        | KillerSudokuViolationType4
        | KillerSudokuViolationType5
    ]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.kakurasu_violation_type_0 import KakurasuViolationType0  # noqa: PLC0415
        from ..models.kakurasu_violation_type_1 import KakurasuViolationType1  # noqa: PLC0415
        from ..models.kakuro_cryptic_violation_type_0 import KakuroCrypticViolationType0  # noqa: PLC0415
        from ..models.kakuro_cryptic_violation_type_1 import KakuroCrypticViolationType1  # noqa: PLC0415
        from ..models.kakuro_cryptic_violation_type_2 import KakuroCrypticViolationType2  # noqa: PLC0415
        from ..models.kakuro_violation_type_0 import KakuroViolationType0  # noqa: PLC0415
        from ..models.kakuro_violation_type_1 import KakuroViolationType1  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_0 import KillerSudokuViolationType0  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_1 import KillerSudokuViolationType1  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_2 import KillerSudokuViolationType2  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_3 import KillerSudokuViolationType3  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_4 import KillerSudokuViolationType4  # noqa: PLC0415

        genre = self.genre.value

        solved = self.solved

        violations = []
        for violations_item_data in self.violations:
            violations_item: dict[str, Any]
            if isinstance(violations_item_data, KakuroViolationType0):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KakuroViolationType1):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KakurasuViolationType0):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KakurasuViolationType1):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KakuroCrypticViolationType0):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KakuroCrypticViolationType1):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KakuroCrypticViolationType2):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KillerSudokuViolationType0):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KillerSudokuViolationType1):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KillerSudokuViolationType2):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KillerSudokuViolationType3):
                violations_item = violations_item_data.to_dict()
            elif isinstance(violations_item_data, KillerSudokuViolationType4):
                violations_item = violations_item_data.to_dict()
            else:
                violations_item = violations_item_data.to_dict()

            violations.append(violations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "genre": genre,
                "solved": solved,
                "violations": violations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.kakurasu_violation_type_0 import KakurasuViolationType0  # noqa: PLC0415
        from ..models.kakurasu_violation_type_1 import KakurasuViolationType1  # noqa: PLC0415
        from ..models.kakuro_cryptic_violation_type_0 import KakuroCrypticViolationType0  # noqa: PLC0415
        from ..models.kakuro_cryptic_violation_type_1 import KakuroCrypticViolationType1  # noqa: PLC0415
        from ..models.kakuro_cryptic_violation_type_2 import KakuroCrypticViolationType2  # noqa: PLC0415
        from ..models.kakuro_violation_type_0 import KakuroViolationType0  # noqa: PLC0415
        from ..models.kakuro_violation_type_1 import KakuroViolationType1  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_0 import KillerSudokuViolationType0  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_1 import KillerSudokuViolationType1  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_2 import KillerSudokuViolationType2  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_3 import KillerSudokuViolationType3  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_4 import KillerSudokuViolationType4  # noqa: PLC0415
        from ..models.killer_sudoku_violation_type_5 import KillerSudokuViolationType5  # noqa: PLC0415

        d = dict(src_dict)
        genre = Genre(d.pop("genre"))

        solved = d.pop("solved")

        violations = []
        _violations = d.pop("violations")
        for violations_item_data in _violations:

            def _parse_violations_item(
                data: object,
            ) -> (
                KakurasuViolationType0
                | KakurasuViolationType1
                | KakuroCrypticViolationType0
                | KakuroCrypticViolationType1
                | KakuroCrypticViolationType2
                | KakuroViolationType0
                | KakuroViolationType1
                | KillerSudokuViolationType0
                | KillerSudokuViolationType1
                | KillerSudokuViolationType2
                | KillerSudokuViolationType3
                | KillerSudokuViolationType4
                | KillerSudokuViolationType5
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_kakuro_violation_type_0 = KakuroViolationType0.from_dict(data)

                    return componentsschemas_kakuro_violation_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_kakuro_violation_type_1 = KakuroViolationType1.from_dict(data)

                    return componentsschemas_kakuro_violation_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_kakurasu_violation_type_0 = KakurasuViolationType0.from_dict(data)

                    return componentsschemas_kakurasu_violation_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_kakurasu_violation_type_1 = KakurasuViolationType1.from_dict(data)

                    return componentsschemas_kakurasu_violation_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_kakuro_cryptic_violation_type_0 = KakuroCrypticViolationType0.from_dict(data)

                    return componentsschemas_kakuro_cryptic_violation_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_kakuro_cryptic_violation_type_1 = KakuroCrypticViolationType1.from_dict(data)

                    return componentsschemas_kakuro_cryptic_violation_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_kakuro_cryptic_violation_type_2 = KakuroCrypticViolationType2.from_dict(data)

                    return componentsschemas_kakuro_cryptic_violation_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_killer_sudoku_violation_type_0 = KillerSudokuViolationType0.from_dict(data)

                    return componentsschemas_killer_sudoku_violation_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_killer_sudoku_violation_type_1 = KillerSudokuViolationType1.from_dict(data)

                    return componentsschemas_killer_sudoku_violation_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_killer_sudoku_violation_type_2 = KillerSudokuViolationType2.from_dict(data)

                    return componentsschemas_killer_sudoku_violation_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_killer_sudoku_violation_type_3 = KillerSudokuViolationType3.from_dict(data)

                    return componentsschemas_killer_sudoku_violation_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_killer_sudoku_violation_type_4 = KillerSudokuViolationType4.from_dict(data)

                    return componentsschemas_killer_sudoku_violation_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_killer_sudoku_violation_type_5 = KillerSudokuViolationType5.from_dict(data)

                return componentsschemas_killer_sudoku_violation_type_5

            violations_item = _parse_violations_item(violations_item_data)

            violations.append(violations_item)

        check_report = cls(
            genre=genre,
            solved=solved,
            violations=violations,
        )

        check_report.additional_properties = d
        return check_report

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
