"""Contains all the data models used in inputs/outputs"""

from .batch_failure import BatchFailure
from .batch_parameters import BatchParameters
from .board_kind import BoardKind
from .booklet_parameters import BookletParameters
from .booklet_parameters_puzzles_type_1_item_type_1 import BookletParametersPuzzlesType1ItemType1
from .booklet_parameters_puzzles_type_1_item_type_2 import BookletParametersPuzzlesType1ItemType2
from .booklet_parameters_puzzles_type_1_item_type_3 import BookletParametersPuzzlesType1ItemType3
from .booklet_parameters_puzzles_type_1_item_type_4 import BookletParametersPuzzlesType1ItemType4
from .check_report import CheckReport
from .check_request_type_0 import CheckRequestType0
from .check_request_type_1 import CheckRequestType1
from .check_request_type_2 import CheckRequestType2
from .check_request_type_3 import CheckRequestType3
from .daily_report import DailyReport
from .daily_report_letters import DailyReportLetters
from .deduction import Deduction
from .descriptors import Descriptors
from .format_ import Format
from .format_request_type_0 import FormatRequestType0
from .format_request_type_1 import FormatRequestType1
from .format_request_type_2 import FormatRequestType2
from .format_request_type_3 import FormatRequestType3
from .generate_parameters import GenerateParameters
from .generate_report import GenerateReport
from .generate_report_letters import GenerateReportLetters
from .generation_stats import GenerationStats
from .genre import Genre
from .genre_info import GenreInfo
from .healthz_response_200 import HealthzResponse200
from .hint_kind import HintKind
from .hint_report import HintReport
from .hint_request_type_0 import HintRequestType0
from .hint_request_type_1 import HintRequestType1
from .hint_request_type_2 import HintRequestType2
from .hint_request_type_3 import HintRequestType3
from .input_problem import InputProblem
from .kakurasu_puzzle import KakurasuPuzzle
from .kakurasu_violation_type_0 import KakurasuViolationType0
from .kakurasu_violation_type_0_rule import KakurasuViolationType0Rule
from .kakurasu_violation_type_1 import KakurasuViolationType1
from .kakurasu_violation_type_1_rule import KakurasuViolationType1Rule
from .kakuro_cryptic_puzzle import KakuroCrypticPuzzle
from .kakuro_cryptic_violation_type_0 import KakuroCrypticViolationType0
from .kakuro_cryptic_violation_type_0_rule import KakuroCrypticViolationType0Rule
from .kakuro_cryptic_violation_type_1 import KakuroCrypticViolationType1
from .kakuro_cryptic_violation_type_1_rule import KakuroCrypticViolationType1Rule
from .kakuro_cryptic_violation_type_2 import KakuroCrypticViolationType2
from .kakuro_cryptic_violation_type_2_rule import KakuroCrypticViolationType2Rule
from .kakuro_puzzle import KakuroPuzzle
from .kakuro_violation_type_0 import KakuroViolationType0
from .kakuro_violation_type_0_rule import KakuroViolationType0Rule
from .kakuro_violation_type_1 import KakuroViolationType1
from .kakuro_violation_type_1_rule import KakuroViolationType1Rule
from .killer_sudoku_cage import KillerSudokuCage
from .killer_sudoku_puzzle import KillerSudokuPuzzle
from .killer_sudoku_violation_type_0 import KillerSudokuViolationType0
from .killer_sudoku_violation_type_0_rule import KillerSudokuViolationType0Rule
from .killer_sudoku_violation_type_1 import KillerSudokuViolationType1
from .killer_sudoku_violation_type_1_rule import KillerSudokuViolationType1Rule
from .killer_sudoku_violation_type_2 import KillerSudokuViolationType2
from .killer_sudoku_violation_type_2_rule import KillerSudokuViolationType2Rule
from .killer_sudoku_violation_type_3 import KillerSudokuViolationType3
from .killer_sudoku_violation_type_3_rule import KillerSudokuViolationType3Rule
from .killer_sudoku_violation_type_4 import KillerSudokuViolationType4
from .killer_sudoku_violation_type_4_rule import KillerSudokuViolationType4Rule
from .killer_sudoku_violation_type_5 import KillerSudokuViolationType5
from .killer_sudoku_violation_type_5_rule import KillerSudokuViolationType5Rule
from .level import Level
from .location_type_0 import LocationType0
from .location_type_0_kind import LocationType0Kind
from .location_type_1 import LocationType1
from .location_type_1_kind import LocationType1Kind
from .location_type_2 import LocationType2
from .location_type_2_kind import LocationType2Kind
from .location_type_3 import LocationType3
from .location_type_3_kind import LocationType3Kind
from .location_type_4 import LocationType4
from .location_type_4_kind import LocationType4Kind
from .location_type_5 import LocationType5
from .location_type_5_kind import LocationType5Kind
from .paper import Paper
from .placement import Placement
from .problem import Problem
from .puzzle_forms import PuzzleForms
from .rate_report import RateReport
from .rate_report_techniques import RateReportTechniques
from .rate_request_type_0 import RateRequestType0
from .rate_request_type_1 import RateRequestType1
from .rate_request_type_2 import RateRequestType2
from .rate_request_type_3 import RateRequestType3
from .rating_status import RatingStatus
from .readyz_response_200 import ReadyzResponse200
from .removal import Removal
from .render_report import RenderReport
from .render_request_type_0 import RenderRequestType0
from .render_request_type_1 import RenderRequestType1
from .render_request_type_2 import RenderRequestType2
from .render_request_type_3 import RenderRequestType3
from .shape_levels import ShapeLevels
from .solve_report import SolveReport
from .solve_report_letters import SolveReportLetters
from .solve_request_type_0 import SolveRequestType0
from .solve_request_type_1 import SolveRequestType1
from .solve_request_type_2 import SolveRequestType2
from .solve_request_type_3 import SolveRequestType3
from .stop import Stop
from .target_level import TargetLevel
from .uniqueness import Uniqueness
from .violation_kind import ViolationKind
from .workload import Workload

__all__ = (
    "BatchFailure",
    "BatchParameters",
    "BoardKind",
    "BookletParameters",
    "BookletParametersPuzzlesType1ItemType1",
    "BookletParametersPuzzlesType1ItemType2",
    "BookletParametersPuzzlesType1ItemType3",
    "BookletParametersPuzzlesType1ItemType4",
    "CheckReport",
    "CheckRequestType0",
    "CheckRequestType1",
    "CheckRequestType2",
    "CheckRequestType3",
    "DailyReport",
    "DailyReportLetters",
    "Deduction",
    "Descriptors",
    "Format",
    "FormatRequestType0",
    "FormatRequestType1",
    "FormatRequestType2",
    "FormatRequestType3",
    "GenerateParameters",
    "GenerateReport",
    "GenerateReportLetters",
    "GenerationStats",
    "Genre",
    "GenreInfo",
    "HealthzResponse200",
    "HintKind",
    "HintReport",
    "HintRequestType0",
    "HintRequestType1",
    "HintRequestType2",
    "HintRequestType3",
    "InputProblem",
    "KakurasuPuzzle",
    "KakurasuViolationType0",
    "KakurasuViolationType0Rule",
    "KakurasuViolationType1",
    "KakurasuViolationType1Rule",
    "KakuroCrypticPuzzle",
    "KakuroCrypticViolationType0",
    "KakuroCrypticViolationType0Rule",
    "KakuroCrypticViolationType1",
    "KakuroCrypticViolationType1Rule",
    "KakuroCrypticViolationType2",
    "KakuroCrypticViolationType2Rule",
    "KakuroPuzzle",
    "KakuroViolationType0",
    "KakuroViolationType0Rule",
    "KakuroViolationType1",
    "KakuroViolationType1Rule",
    "KillerSudokuCage",
    "KillerSudokuPuzzle",
    "KillerSudokuViolationType0",
    "KillerSudokuViolationType0Rule",
    "KillerSudokuViolationType1",
    "KillerSudokuViolationType1Rule",
    "KillerSudokuViolationType2",
    "KillerSudokuViolationType2Rule",
    "KillerSudokuViolationType3",
    "KillerSudokuViolationType3Rule",
    "KillerSudokuViolationType4",
    "KillerSudokuViolationType4Rule",
    "KillerSudokuViolationType5",
    "KillerSudokuViolationType5Rule",
    "Level",
    "LocationType0",
    "LocationType0Kind",
    "LocationType1",
    "LocationType1Kind",
    "LocationType2",
    "LocationType2Kind",
    "LocationType3",
    "LocationType3Kind",
    "LocationType4",
    "LocationType4Kind",
    "LocationType5",
    "LocationType5Kind",
    "Paper",
    "Placement",
    "Problem",
    "PuzzleForms",
    "RateReport",
    "RateReportTechniques",
    "RateRequestType0",
    "RateRequestType1",
    "RateRequestType2",
    "RateRequestType3",
    "RatingStatus",
    "ReadyzResponse200",
    "Removal",
    "RenderReport",
    "RenderRequestType0",
    "RenderRequestType1",
    "RenderRequestType2",
    "RenderRequestType3",
    "ShapeLevels",
    "SolveReport",
    "SolveReportLetters",
    "SolveRequestType0",
    "SolveRequestType1",
    "SolveRequestType2",
    "SolveRequestType3",
    "Stop",
    "TargetLevel",
    "Uniqueness",
    "ViolationKind",
    "Workload",
)
