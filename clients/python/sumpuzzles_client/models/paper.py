from enum import StrEnum


class Paper(StrEnum):
    CREAM = "cream"
    WHITE = "white"

    def __str__(self) -> str:
        return str(self.value)
