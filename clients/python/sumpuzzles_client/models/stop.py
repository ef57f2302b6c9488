from enum import StrEnum


class Stop(StrEnum):
    CANCELLED = "cancelled"
    DEADLINE_EXCEEDED = "deadline_exceeded"
    EXHAUSTED = "exhausted"

    def __str__(self) -> str:
        return str(self.value)
