from enum import StrEnum


class LocationType1Kind(StrEnum):
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
