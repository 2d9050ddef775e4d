"""Small values every table of figures shares: suit symbols, the exact and rounded figures, who played what.

Nothing here scores: the figures come from ``scoring`` (``round_half_away`` is reading R-7's
rounding, done once, at the edge).
"""

from __future__ import annotations

from fractions import Fraction

from scoring.contests.pairs import signed_text
from scoring.shared.numbers import hundredths_text, round_half_away
from scoring.shared.seats import Side

from ..models import Result
from ..scores.types import ScoredResult, SectionScores

SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "R": "R♠", "NT": "NT"}
RED = frozenset({"H", "D"})


def exact_text(value: Fraction | None) -> str:
    """The exact figure, signed, only where rounding hides it: "+49 2/3"; "" for a whole number.

    Spelt as ``signed_text`` spells it, from the fraction's two integers: every pair of a
    standings page has one, and ``signed_text`` makes three Fractions on the way."""
    if value is None or value.denominator == 1:
        return ""
    numerator, denominator = value.numerator, value.denominator
    whole, rest = divmod(abs(numerator), denominator)
    sign = "+" if numerator > 0 else "-"
    return f"{sign}{whole} {rest}/{denominator}" if whole else f"{sign}{rest}/{denominator}"


def contract_text(result: Result, *, declares: bool) -> str:
    """What was played: "3HX", "Passed out", "Not played (Law B)"; where nobody declares (whist),
    the trump suit turned."""
    if not declares:
        return "Not played (Law B)" if result.not_played else result.trumps
    return result.contract_text


def contract_pieces(text: str) -> tuple[str, str, str] | None:
    """A stored contract or suit, split to be written: "3HX" → ("3", "H", "X"), "H" → ("", "H", "").

    None for words ("Passed out", "Not played (Law B)") and for nothing. Every writer of a
    contract or a suit — the screens, the audit log, the PDFs, the XLSX and CSV — splits it
    here and prints the strain from :data:`SYMBOLS`, so "2R" reads "2R♠" everywhere.
    """
    if text in SYMBOLS:
        return "", text, ""
    if not text or not text[0].isdigit():
        return None
    strain = "NT" if text[1:].startswith("NT") else text[1:2]
    return text[0], strain, text[1 + len(strain) :]


def symbol_text(text: str) -> str:
    """A contract or trump suit in plain text with suit symbols: "3HX" as "3♥X", "2R" as "2R♠", "H" as "♥"."""
    pieces = contract_pieces(text)
    if pieces is None:
        return text
    level, strain, doubling = pieces
    return f"{level}{SYMBOLS.get(strain, strain)}{doubling}"


SUIT_WORDS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def written_contract(text: str) -> str:
    """A contract or trump suit for a file's cell: "3♥X" as ``symbol_text`` writes it; a whist trump
    suit named before its symbol, "Hearts ♥", so that the cell starts as a word, not a symbol."""
    word = SUIT_WORDS.get(text)
    return f"{word} {symbol_text(text)}" if word else symbol_text(text)


def rounded_text(value: Fraction | int | None) -> str:
    """The whole figure shown, signed, halves away from zero (reading R-7): "+50", "-3", "0"."""
    if value is None:
        return ""
    return signed_text(round_half_away(value))


def percent_text(value: Fraction | None) -> str:
    """A percentage to two decimals, halves away from zero, as standings print it: "57.14"."""
    return "" if value is None else hundredths_text(value)


def _names(sheet: SectionScores, label: str) -> str:
    return sheet.pair_info(label)[1]


def _pair_pk(sheet: SectionScores, label: str) -> int | None:
    return sheet.pair_info(label)[0]


def _declarer(scored: ScoredResult, declares: bool) -> str:
    result = scored.result
    return "" if not declares or result.passed_out or result.not_played else result.declarer


def _tricks(scored: ScoredResult, declares: bool) -> int | None:
    result = scored.result
    if result.not_played or (declares and result.passed_out):
        return None
    return result.tricks


# --- the results a table of figures lists, in the order every game prints them ---------------------


def played_boards(sheet: SectionScores) -> list[int]:
    """The numbers of the boards with at least one result, in order: a matrix's columns, the travellers."""
    return sorted({s.result.board.number for s in sheet.results})


def board_results(sheet: SectionScores, board: int) -> list[ScoredResult]:
    """The results on ``board``, in round and table order: a traveller's lines."""
    return sorted(
        (s for s in sheet.results if s.result.board.number == board),
        key=lambda s: (s.result.seating.round, s.result.seating.table.number),
    )


def pair_results(sheet: SectionScores, label: str) -> list[ScoredResult]:
    """The results of pair ``label``, in round and board order: a recap's lines."""
    return sorted(sheet.for_pair(label), key=lambda s: (s.result.seating.round, s.result.board.number))


def side_of(result: Result, label: str) -> tuple[Side, str]:
    """The direction pair ``label`` sat in at ``result``'s table, and its opponents' label."""
    side = Side.NS if result.ns.label == label else Side.EW
    return side, result.ew.label if side is Side.NS else result.ns.label
