from enum import StrEnum


class RatingStatus(StrEnum):
    BEYOND_EXPERT = "beyond_expert"
    RATED = "rated"
    UNRATED = "unrated"

    def __str__(self) -> str:
        return str(self.value)
