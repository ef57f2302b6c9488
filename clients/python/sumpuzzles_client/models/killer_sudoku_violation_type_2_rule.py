from enum import StrEnum


class KillerSudokuViolationType2Rule(StrEnum):
    BOXREPEAT = "BoxRepeat"

    def __str__(self) -> str:
        return str(self.value)
