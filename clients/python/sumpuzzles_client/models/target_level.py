from enum import StrEnum


class TargetLevel(StrEnum):
    ANY = "any"
    EASY = "easy"
    EXPERT = "expert"
    HARD = "hard"
    MEDIUM = "medium"

    def __str__(self) -> str:
        return str(self.value)
