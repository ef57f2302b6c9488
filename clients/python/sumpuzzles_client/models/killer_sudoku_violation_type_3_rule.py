from enum import StrEnum


class KillerSudokuViolationType3Rule(StrEnum):
    CAGEREPEAT = "CageRepeat"

    def __str__(self) -> str:
        return str(self.value)
