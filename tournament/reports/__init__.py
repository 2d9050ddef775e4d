"""The rows every results screen and export shows: standings, travellers, recaps, matches.

One function per table of figures. Each takes a :class:`~tournament.scores.types.SectionScores`,
which the engine has already scored, and returns small frozen rows of exact values (ints and
``Fraction``). The HTML tables, the CSV export, the XLSX workbook and the PDF sheets all
consume these rows, so they cannot disagree (issue 5). Nothing here scores: every figure comes
from ``scoring`` (Law H for pair contests, Law G for team matches, Law B (3) for irregular
tables); this package only puts the engine's figures side by side with the facts they came from.

One module per concept: ``standings``, ``travellers`` (with the hand diagram), ``recaps`` (with
one result explained), ``matches`` (with the pair x deal matrix), ``rulings`` and ``common``.
Import from the package: ``from tournament import reports`` or ``from tournament.reports import X``.
These are the rows of a pair contest and a team match of Auction and Whist; a game with rows of
its own (contract bridge: ``games.contract.reports``) gives them through ``games.of(event)``.
"""

from .common import (
    RED,
    SYMBOLS,
    contract_pieces,
    contract_text,
    exact_text,
    played_boards,
    rounded_text,
    symbol_text,
    written_contract,
)
from .matches import (
    MatchRow,
    MatchSummary,
    MatchTable,
    MatrixRow,
    TeamLine,
    match_rows,
    match_summary,
    matrix_deals,
    matrix_rows,
)
from .not_played import NotPlayed, not_played_by_pair, not_played_rows
from .recaps import ContestEntry, Explanation, RecapLine, explanation, pair_standing, recap_rows
from .rulings import RulingNote, RulingRow, ruling_notes, rulings_rows
from .standings import StandingRow, standings_rows, standings_tables, waiting_rows
from .travellers import (
    ANALYSIS_COMING,
    TRICKS_HEAD,
    Diagram,
    HandRow,
    Holding,
    HonoursHeld,
    TravellerLine,
    TricksRow,
    board_traveller,
    deal_diagram,
    hand_diagram,
    traveller_rows,
)

__all__ = [
    "ANALYSIS_COMING",
    "RED",
    "SYMBOLS",
    "TRICKS_HEAD",
    "ContestEntry",
    "Diagram",
    "Explanation",
    "HandRow",
    "Holding",
    "HonoursHeld",
    "MatchRow",
    "MatchSummary",
    "MatchTable",
    "MatrixRow",
    "NotPlayed",
    "RecapLine",
    "RulingNote",
    "RulingRow",
    "StandingRow",
    "TeamLine",
    "TravellerLine",
    "TricksRow",
    "board_traveller",
    "contract_pieces",
    "contract_text",
    "deal_diagram",
    "exact_text",
    "explanation",
    "hand_diagram",
    "match_rows",
    "match_summary",
    "matrix_deals",
    "matrix_rows",
    "not_played_by_pair",
    "not_played_rows",
    "pair_standing",
    "played_boards",
    "recap_rows",
    "rounded_text",
    "ruling_notes",
    "rulings_rows",
    "standings_rows",
    "standings_tables",
    "symbol_text",
    "traveller_rows",
    "waiting_rows",
    "written_contract",
]
