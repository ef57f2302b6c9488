from enum import StrEnum


class KillerSudokuViolationType0Rule(StrEnum):
    ROWREPEAT = "RowRepeat"

    def __str__(self) -> str:
        return str(self.value)
