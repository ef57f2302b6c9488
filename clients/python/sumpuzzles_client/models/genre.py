from enum import StrEnum


class Genre(StrEnum):
    KAKURASU = "kakurasu"
    KAKURO = "kakuro"
    KAKURO_CRYPTIC = "kakuro-cryptic"
    KILLER_SUDOKU = "killer-sudoku"

    def __str__(self) -> str:
        return str(self.value)
