from enum import StrEnum


class BoardKind(StrEnum):
    CAGED = "caged"
    SHADING = "shading"
    SUM_GRID = "sum_grid"

    def __str__(self) -> str:
        return str(self.value)
