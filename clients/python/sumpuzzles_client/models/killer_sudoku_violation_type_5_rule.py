from enum import StrEnum


class KillerSudokuViolationType5Rule(StrEnum):
    EMPTY = "Empty"

    def __str__(self) -> str:
        return str(self.value)
