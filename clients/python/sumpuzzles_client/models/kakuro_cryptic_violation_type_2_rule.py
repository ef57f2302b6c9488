from enum import StrEnum


class KakuroCrypticViolationType2Rule(StrEnum):
    R3 = "R3"

    def __str__(self) -> str:
        return str(self.value)
