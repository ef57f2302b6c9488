from enum import StrEnum


class LocationType3Kind(StrEnum):
    URL = "url"

    def __str__(self) -> str:
        return str(self.value)
