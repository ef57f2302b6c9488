from enum import StrEnum


class HintKind(StrEnum):
    DEDUCTION = "deduction"
    REVEAL = "reveal"
    SOLVED = "solved"
    WRONG = "wrong"

    def __str__(self) -> str:
        return str(self.value)
