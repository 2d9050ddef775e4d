"""Double-dummy tricks of a deal, and its par, from the DDS solver that endplay bundles.

The only module that imports endplay: ``scoring`` stays standard library only. The table
is a derived value of the deal, stored on the board as a cache when the deal is stored
(``hand_records.store``) and computed on the fly for a board whose cache is missing.
Auction Bridge's royals are spades at a higher value: the tricks are the spade tricks.
"""

from __future__ import annotations

import re
from typing import Any

from endplay.dds import calc_dd_table, par
from endplay.types import Deal, Player, Vul

from scoring.shared.cards import Hands

STRAINS = ("C", "D", "H", "S", "NT")
"""Column order as hand records print it: ♣ ♦ ♥ ♠ NT."""

SEATS = ("N", "E", "S", "W")

# endplay's DDTable.to_list() is indexed [strain][seat], strains ♠ ♥ ♦ ♣ NT, seats N E S W.
_ENDPLAY_ROW = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}


def tricks_table(hands: Hands) -> dict[str, list[int]]:
    """Tricks each seat takes as declarer in each strain, double dummy: ``{"N": [♣, ♦, ♥, ♠, NT], ...}``."""
    table = calc_dd_table(Deal.from_pbn(hands.to_pbn())).to_list()
    return {
        seat: [table[_ENDPLAY_ROW[strain]][index] for strain in STRAINS] for index, seat in enumerate(SEATS)
    }


_VUL = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
_DEALER = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}


def par_of(hands: Hands, vulnerable: str, dealer: str) -> dict[str, Any]:
    """The deal's par for its vulnerability ("None", "NS", "EW", "All") and dealer: the score N-S
    make when both sides bid and play perfectly, and the contract(s) that reach it, as endplay's
    DDS gives them: ``{"score": -400, "contracts": ["3NTE=", "3NTW="]}`` (the score from N-S's view).

    endplay's list of par contracts rewrites its own records as it is read, so it is read once.
    """
    found = par(calc_dd_table(Deal.from_pbn(hands.to_pbn())), _VUL[vulnerable], _DEALER[dealer])
    contracts = [_letters(str(contract)) for contract in found]
    return {"score": int(found.score), "contracts": list(dict.fromkeys(contracts))}


_PAR = re.compile(r"([1-7])(NT|N|♠|♥|♦|♣|S|H|D|C)(X{0,2})([NESW])(=|[+-][0-9]+)")
_SYMBOL_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "N": "NT"}


def _letters(text: str) -> str:
    """endplay's "2♠N+1", "3NTE=", "5HXS-2" as a traveller line: "2S N +1", "3NT E =", "5HX S -2"."""
    match = _PAR.fullmatch(text.strip())
    if match is None:
        return text
    level, strain, doubling, declarer, result = match.groups()
    return f"{level}{_SYMBOL_LETTER.get(strain, strain)}{doubling} {declarer} {result}"
