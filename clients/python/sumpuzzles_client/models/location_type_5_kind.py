from enum import StrEnum


class LocationType5Kind(StrEnum):
    ITEM = "item"

    def __str__(self) -> str:
        return str(self.value)
