from enum import StrEnum


class LocationType0Kind(StrEnum):
    INPUT = "input"

    def __str__(self) -> str:
        return str(self.value)
