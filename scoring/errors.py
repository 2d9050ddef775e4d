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
