from enum import StrEnum


class Uniqueness(StrEnum):
    NOT_UNIQUE = "not_unique"
    UNIQUE = "unique"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
