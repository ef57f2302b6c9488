from enum import StrEnum


class Genre(StrEnum):
    KAKURASU = "kakurasu"
    KAKURO = "kakuro"
    KAKURO_CRYPTIC = "kakuro-cryptic"

    def __str__(self) -> str:
        return str(self.value)
