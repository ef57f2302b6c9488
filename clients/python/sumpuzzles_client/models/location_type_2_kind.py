from enum import StrEnum


class LocationType2Kind(StrEnum):
    ID = "id"

    def __str__(self) -> str:
        return str(self.value)
