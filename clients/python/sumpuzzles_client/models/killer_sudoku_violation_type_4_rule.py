from enum import StrEnum


class KillerSudokuViolationType4Rule(StrEnum):
    CAGESUM = "CageSum"

    def __str__(self) -> str:
        return str(self.value)
