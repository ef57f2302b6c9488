from enum import StrEnum


class KakuroViolationType0Rule(StrEnum):
    R1 = "R1"

    def __str__(self) -> str:
        return str(self.value)
