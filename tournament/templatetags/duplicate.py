"""Template filters for scores: signs, exact fractions, contracts with suit symbols; and the game."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from scoring.shared.numbers import hundredths_text, mixed_text, round_half_away

from .. import games
from ..games.base import Game
from ..games.contract.facts import result_text, vulnerability_of, vulnerability_text
from ..games.contract.teams import MatchFigures
from ..models import Board, Event, Result
from ..reports.common import RED, SYMBOLS, contract_pieces, percent_text
from ..scores.facts import honours_of
from ..services.hand_records import honours_by_strain, honours_text

register = template.Library()


@register.filter
def game(event: Event) -> Game:
    """The game ``event`` is played at (``games.of``), for a template to ask what it needs,
    ``{% with game=event|game %}{% if game.declares %}``, instead of testing which game it is."""
    return games.of(event)


@register.filter
def signed(value: int | Fraction | None) -> str:
    """+50, −30, 0: a plus/minus score as directors write it."""
    if value is None:
        return ""
    value = Fraction(value)
    text = mixed_text(value)
    return f"+{text}" if value > 0 else text.replace("-", "−")


@register.filter
def rounded(value: int | Fraction | None) -> str:
    """The whole number shown (halves away from zero, reading R-7), signed."""
    if value is None:
        return ""
    return signed(round_half_away(Fraction(value)))


@register.filter
def exact_if_hidden(value: int | Fraction | None) -> str:
    """The exact fraction, only where rounding hides it: '(exactly +49 2/3)'."""
    if value is None:
        return ""
    value = Fraction(value)
    if value.denominator == 1:
        return ""
    return f"exactly {signed(value)}"


@register.filter
def contract(text: str) -> SafeString | str:
    """'3HX' as 3♥X and 'H' as ♥, the red suits in red; words ('Passed out') as they are.

    The one HTML writer of a contract or a whist trump suit (``suit`` is the same filter).
    """
    pieces = contract_pieces(text)
    if pieces is None:
        return text
    level, strain, doubling = pieces
    css = "red" if strain in RED else ""
    return format_html('{}<span class="{}">{}</span>{}', level, css, SYMBOLS.get(strain, strain), doubling)


@register.filter
def seat_name(code: str) -> str:
    return {"N": "North", "E": "East", "S": "South", "W": "West"}.get(code, code)


@register.filter
def mixed(value: int | Fraction | None) -> str:
    """An exact figure without a forced sign, as an average is written: '183 1/3', '−50 1/3'."""
    if value is None:
        return ""
    return mixed_text(Fraction(value)).replace("-", "−")


@register.filter
def decimals(value: int | Fraction | None) -> str:
    """Two decimals, as Victory Points are published: '12.80' (spec §3.5)."""
    return "" if value is None else hundredths_text(value).replace("-", "−")


# A whist trump suit is written as a contract's strain is: 'H' as ♥ (in red).
register.filter("suit", contract)


@register.filter
def card_honours(board: Board) -> list[tuple[str, SafeString | str, str]]:
    """Each strain's honours as the board's deal gives them: (codes, symbol, "N 2, S 1"); [] if no deal."""
    return [(codes, contract(codes.split()[0]), held) for codes, held in honours_by_strain(board)]


@register.filter
def result_honours(result: Result) -> str:
    """The honours that score a result, "N 2, S 1": from the cards when the board's deal is known."""
    return honours_text(honours_of(result))


@register.filter
def honours_typed_differ(result: Result) -> bool:
    """True when the honours typed for a result differ from those its board's cards give (a flag)."""
    return result.board.hands != "" and honours_of(result) != result.honours


@register.filter
def vul_text(board: Board) -> str:
    """ "Vul: N-S", "Vul: None", "Vul: Both": the vulnerability every contract bridge board shows."""
    return vulnerability_text(board)


@register.filter
def vul_code(board: Board) -> str:
    """ "none", "ns", "ew", "all": the class that colours the vulnerability marker."""
    return vulnerability_of(board).value.lower()


@register.filter
def bridge_text(result: Result) -> str:
    """A contract bridge result as the traveller writes it: "4HX N =", "3NT S -1", "PASS"."""
    return result_text(result)


@register.filter
def side_score(score_ns: int | None) -> str:
    """A contract bridge score to the side that scores it: "NS +620", "EW +100", "0"."""
    if score_ns is None:
        return ""
    if score_ns == 0:
        return "0"
    return f"NS +{score_ns}" if score_ns > 0 else f"EW +{-score_ns}"


@register.filter
def percent(value: Fraction | None) -> str:
    """A percentage to two decimals, halves away from zero: "57.14" (the exact figure ranks)."""
    return percent_text(value).replace("-", "−")


@register.filter
def bridge_made(result: Result) -> str:
    """The result against the contract: "=", "+1", "-2"; "" for a pass-out or a board not played."""
    parts = result_text(result).split()
    return parts[2] if len(parts) == 3 else ""


@register.filter
def match_verdict(match: MatchFigures, event: Event) -> str:
    """A team match's result once declared, or how far it is while boards are missing."""
    return match.verdict(event.is_locked)


@register.filter
def match_declared(match: MatchFigures, event: Event) -> bool:
    """Every board is in, or the director has closed the event: the result and VPs stand."""
    return match.declared(event.is_locked)
