from enum import StrEnum


class KakurasuViolationType1Rule(StrEnum):
    R2 = "R2"

    def __str__(self) -> str:
        return str(self.value)
