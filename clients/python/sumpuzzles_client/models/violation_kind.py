from enum import StrEnum


class ViolationKind(StrEnum):
    EMPTY = "empty"
    MAPPING = "mapping"
    REPEAT = "repeat"
    SUM = "sum"

    def __str__(self) -> str:
        return str(self.value)
