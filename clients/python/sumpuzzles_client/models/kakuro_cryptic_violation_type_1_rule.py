from enum import StrEnum


class KakuroCrypticViolationType1Rule(StrEnum):
    R2 = "R2"

    def __str__(self) -> str:
        return str(self.value)
