from enum import StrEnum


class LocationType4Kind(StrEnum):
    CELL = "cell"

    def __str__(self) -> str:
        return str(self.value)
