"""The engine's one exception family.

Every message is a sentence a club director understands and, where a law decides the
matter, it names the law: "Eight is more than the seven odd tricks a declaration may
name (Law 50)."
"""

from __future__ import annotations


class ScoringError(ValueError):
    """Base of every error the scoring engine raises on input the laws do not allow."""


class ContractError(ScoringError):
    """A declaration that cannot exist: an unknown strain, a level outside 1-7."""


class DealError(ScoringError):
    """The facts of a deal contradict the laws: 14 tricks, six honours, an unknown seat."""


class AuctionError(ScoringError):
    """A call that the laws of the declaration (Laws 42-52) do not allow in that place."""


class ContestError(ScoringError):
    """A pair contest or team match that cannot be scored as the duplicate laws say."""


class MovementError(ScoringError):
    """A movement that is impossible or breaks the rules of duplicate play."""


class RubberError(ScoringError):
    """A rubber (four-hand, three-hand or whist) recorded out of order or after its end."""


class PbnError(ScoringError):
    """A PBN file that cannot be read as a hand record: the message names the board and line."""


class UsebioError(ScoringError):
    """A USEBIO XML file that cannot be read as a scored session: the message names the element and line."""


def quoted(value: object) -> str:
    """A value as an error message quotes it: briefly, and as JSON would show it.

    A huge number has no short spelling and a long text is cut, so a message stays a sentence.
    """
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int):
        return str(value) if abs(value) < 10**12 else "So large a number"
    if isinstance(value, list | tuple):
        return "[...]"
    if isinstance(value, dict | set | frozenset):
        return "{...}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
