from enum import StrEnum


class Format(StrEnum):
    BOOK = "book"
    SHEET = "sheet"

    def __str__(self) -> str:
        return str(self.value)
