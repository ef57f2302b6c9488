from enum import StrEnum


class Level(StrEnum):
    BEYOND_EXPERT = "beyond_expert"
    EASY = "easy"
    EXPERT = "expert"
    HARD = "hard"
    MEDIUM = "medium"

    def __str__(self) -> str:
        return str(self.value)
