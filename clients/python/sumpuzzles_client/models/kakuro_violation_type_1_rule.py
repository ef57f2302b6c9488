from enum import StrEnum


class KakuroViolationType1Rule(StrEnum):
    R2 = "R2"

    def __str__(self) -> str:
        return str(self.value)
