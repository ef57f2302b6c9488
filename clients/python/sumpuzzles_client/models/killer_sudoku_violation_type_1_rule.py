from enum import StrEnum


class KillerSudokuViolationType1Rule(StrEnum):
    COLUMNREPEAT = "ColumnRepeat"

    def __str__(self) -> str:
        return str(self.value)
