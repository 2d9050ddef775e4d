"""Double-dummy tricks of a deal, and its par, from the DDS solver that endplay bundles.

The only module that imports endplay: ``scoring`` stays standard library only. The table
is a derived value of the deal, stored on the board when the deal is stored and analysed in the
background (``services.analyses``); no page or document ever works it out.
Auction Bridge's royals are spades at a higher value: the tricks are the spade tricks.

DDS, the C++ solver endplay bundles, keeps its working memory in globals: two threads of one
process inside it at once crashed the whole process (a segfault, every gunicorn thread with it).
So every call into it here holds :data:`SOLVER`, one lock per process, whoever calls.
"""

from __future__ import annotations

import re
import threading
from typing import Any

from endplay.dds import calc_dd_table, par
from endplay.types import Deal, Player, Vul

from scoring.shared.cards import Hands

STRAINS = ("C", "D", "H", "S", "NT")
"""Column order as hand records print it: ♣ ♦ ♥ ♠ NT."""

SEATS = ("N", "E", "S", "W")

# endplay's DDTable.to_list() is indexed [strain][seat], strains ♠ ♥ ♦ ♣ NT, seats N E S W.
_ENDPLAY_ROW = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}


SOLVER = threading.Lock()
"""Held around every call into DDS: never two threads of a process in the solver at once."""


def tricks_table(hands: Hands) -> dict[str, list[int]]:
    """Tricks each seat takes as declarer in each strain, double dummy: ``{"N": [♣, ♦, ♥, ♠, NT], ...}``."""
    return analyse(hands)[0]


def analyse(
    hands: Hands, vulnerable: str | None = None, dealer: str | None = None
) -> tuple[dict[str, list[int]], dict[str, Any] | None]:
    """The deal's double-dummy tricks (:func:`tricks_table`'s shape) and, given its vulnerability
    and dealer, its par (:func:`par_of`'s shape; None without them), from one solve of the deal."""
    deal = Deal.from_pbn(hands.to_pbn())
    with SOLVER:
        solved = calc_dd_table(deal)
        found = par(solved, _VUL[vulnerable], _DEALER[dealer]) if vulnerable and dealer else None
        table = solved.to_list()
        contracts = [_letters(str(contract)) for contract in found] if found is not None else []
    tricks = {
        seat: [table[_ENDPLAY_ROW[strain]][index] for strain in STRAINS] for index, seat in enumerate(SEATS)
    }
    if found is None:
        return tricks, None
    return tricks, {"score": int(found.score), "contracts": list(dict.fromkeys(contracts))}


_VUL = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
_DEALER = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}


def par_of(hands: Hands, vulnerable: str, dealer: str) -> dict[str, Any]:
    """The deal's par for its vulnerability ("None", "NS", "EW", "All") and dealer: the score N-S
    make when both sides bid and play perfectly, and the contract(s) that reach it, as endplay's
    DDS gives them: ``{"score": -400, "contracts": ["3NTE=", "3NTW="]}`` (the score from N-S's view).

    endplay's list of par contracts rewrites its own records as it is read, so it is read once
    (inside the solver's lock: reading it calls into DDS's library too).
    """
    found = analyse(hands, vulnerable, dealer)[1]
    assert found is not None
    return found


# endplay writes a doubled par contract's penalty after the declarer, in lower case: "5♣Ex-3".
_PAR = re.compile(r"([1-7])(NT|N|♠|♥|♦|♣|S|H|D|C)(X{0,2})([NESW])(x{0,2})(=|[+-][0-9]+)")
_SYMBOL_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "N": "NT"}


def _letters(text: str) -> str:
    """endplay's "2♠N+1", "3NTE=", "5HXS-2" as a traveller line: "2S N +1", "3NT E =", "5HX S -2"."""
    match = _PAR.fullmatch(text.strip())
    if match is None:
        return text
    level, strain, doubling, declarer, penalty, result = match.groups()
    doubling = doubling or penalty.upper()
    return f"{level}{_SYMBOL_LETTER.get(strain, strain)}{doubling} {declarer} {result}"
