"""A small contract bridge night scored by hand, four ways, and checked figure by figure.

Three tables of Mitchell, six boards, each played at every table but one: board 2 is not played at
table 2 (Neuberg), board 5 at table 2 is given Average-plus to N-S and Average-minus to E-W (Law
12C2), boards 1 and 3 have ties. Each figure below was worked out with pencil and paper from the
spec (§2.1–2.3, §3.1–3.3) before the engine was asked; the comments show the working.

N-S scores (the table numbers in brackets):
  board 1 (none vul):  +420 (1), +420 (3), +450 (2)       4♥ N =, 4♥ N =, 4♥ N +1
  board 2 (N-S vul):   +600 (1), −100 (3)                  3NT S =, 3NT S −1; not played at 2
  board 3 (E-W vul):   −110 (2), −110 (1), −140 (3)        2♠ E =, 2♠ E =, 2♠ E +1
  board 4 (both vul):  0 (2), +620 (1), −200 (3)           passed out, 4♠ N =, 4♠X N −1
  board 5 (N-S vul):   +150 (3), A+/A− (2), +90 (1)        1NT S +2, adjusted, 1NT S =
  board 6 (E-W vul):   +800 (3), −600 (2), −630 (1)        5♦X W −3, 3NT W =, 3NT W +1
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tournament.contract_night import make_contract_event, make_contract_result
from tournament.models import Event, Ruling, Seating
from tournament.scores.standings import score_section
from tournament.services.rulings import add_ruling

pytestmark = pytest.mark.django_db

PLAYED = {
    1: {1: "4H N =", 3: "4H N =", 2: "4H N +1"},
    2: {1: "3NT S =", 3: "3NT S -1"},
    3: {2: "2S E =", 1: "2S E =", 3: "2S E +1"},
    4: {2: "PASS", 1: "4S N =", 3: "4SX N -1"},
    5: {3: "1NT S +2", 2: "1NT S =", 1: "1NT S ="},
    6: {3: "5DX W -3", 2: "3NT W =", 1: "3NT W +1"},
}


def hand_checked_night(**kwargs) -> Event:
    event = make_contract_event(**kwargs)
    director = event.club.memberships.first().user
    seatings = Seating.objects.filter(section__event=event).select_related(
        "table", "ns", "ew", "section__event"
    )
    for seating in seatings:
        for board in seating.board_numbers:
            text = PLAYED[board].get(seating.table.number)
            if text is not None:
                result = make_contract_result(seating, board, text)
                if (board, seating.table.number) == (5, 2):
                    add_ruling(
                        result=result,
                        user=director,
                        kind=Ruling.Kind.ARTIFICIAL,
                        law="Law 12C2",
                        reason="Fouled board.",
                        ns_average="A+",
                        ew_average="A-",
                    )
    return event


def standings(event: Event) -> dict[str, tuple[Fraction, int, Fraction | None, str]]:
    contest = score_section(event.sections.get()).payload
    assert contest is not None and not contest.problems and contest.two_winner
    return {line.pair: (line.total, line.boards, line.percent, line.place.text) for line in contest.standings}


def test_european_matchpoints_with_ties_neuberg_and_an_average_plus():
    # Top 4 (2 a score beaten, 1 a tie). Board 1: +420 +420 +450 → N-S 1, 1, 4; E-W 3, 3, 0.
    # Board 2, two results of three: M = 2 and 0 factored by (M + 1) × 3/2 − 1 → 3 1/2 and 1/2.
    # Board 5: the adjusted table is left out; +150 and +90 factored as board 2; A+ = 60 % of 4
    # = 2 2/5 to 2NS, A− = 40 % = 1 3/5 to 1EW.
    # 1NS: 1 + 3 1/2 + 3 + 4 + 1/2 + 0 = 12 of 24; 2NS: 3 + 2 + 2 2/5 + 2 + 4 = 13 2/5 of 20 (five
    # boards); 3NS: 3 1/2 + 4 + 1 + 1/2 + 0 + 0 = 9 of 24. E-W: 1EW 3 + 1/2 + 1 3/5 + 2 + 4 + 4
    # = 15 1/10; 2EW 1 + 2 + 3 + 3 1/2 + 3 1/2 + 4 = 17; 3EW 1/2 + 0 + 1 + 0 + 0 = 1 1/2 of 20.
    lines = standings(hand_checked_night())
    assert lines == {
        "2NS": (Fraction(67, 5), 5, Fraction(67), "1"),
        "1NS": (Fraction(12), 6, Fraction(50), "2"),
        "3NS": (Fraction(9), 6, Fraction(75, 2), "3"),
        "2EW": (Fraction(17), 6, Fraction(425, 6), "1"),
        "1EW": (Fraction(151, 10), 6, Fraction(755, 12), "2"),
        "3EW": (Fraction(3, 2), 5, Fraction(15, 2), "3"),
    }


def test_acbl_matchpoints_halve_the_european_and_keep_the_percentages():
    # Top 2 (1 a score beaten, ½ a tie); Neuberg (M + ½) × 3/2 − ½: 1 → 1 3/4, 0 → 1/4.
    lines = standings(hand_checked_night(scale=Event.Scale.ACBL))
    assert {pair: (total, percent) for pair, (total, _, percent, _) in lines.items()} == {
        "2NS": (Fraction(67, 10), Fraction(67)),
        "1NS": (Fraction(6), Fraction(50)),
        "3NS": (Fraction(9, 2), Fraction(75, 2)),
        "2EW": (Fraction(17, 2), Fraction(425, 6)),
        "1EW": (Fraction(151, 20), Fraction(755, 12)),
        "3EW": (Fraction(3, 4), Fraction(15, 2)),
    }


def test_butler_imps_against_each_boards_datum():
    # None dropped (three scores), the datum the mean rounded to the nearest ten:
    # board 1: 430 → 0, 0, +1; board 2: 250 → +350 +8, −350 −8; board 3: −120 → 0, 0, −1;
    # board 4: 140 → −4, +10, −8; board 5 (the two real scores): 120 → +1, −1, A+ +3, A− −3;
    # board 6: −143 1/3 → −140: +940 +14, −460 −10, −490 −10.
    event = hand_checked_night(method=Event.Method.BUTLER, datum_drop=0)
    sheet = score_section(event.sections.get())
    assert [sheet.payload.boards[n].datum for n in range(1, 7)] == [430, 250, -120, 140, 120, -140]
    lines = standings(event)
    assert {pair: total for pair, (total, *_) in lines.items()} == {
        "1NS": 7,
        "3NS": -2,
        "2NS": -10,
        "2EW": 23,
        "1EW": 8,
        "3EW": -26,
    }


def test_cross_imps_summed_with_an_award_once_for_each_comparison():
    # Each N-S score against every other: board 1: −1, −1, +2; board 2: +12, −12; board 3: +1, +1,
    # −2; board 4: 0 v 620 −12 and v −200 +5 = −7, 620: +12 +13 = 25, −200: −5 −13 = −18;
    # board 5: +150 v +90 +2 and −2, A+ +3 and A− −3 (one comparison between the two real scores);
    # board 6: +800: +16 +16 = 32, −600: −16 +1 = −15, −630: −16 −1 = −17.
    lines = standings(hand_checked_night(method=Event.Method.CROSS_IMPS))
    assert {pair: total for pair, (total, *_) in lines.items()} == {
        "1NS": 18,
        "3NS": 1,
        "2NS": -16,
        "2EW": 38,
        "1EW": 21,
        "3EW": -62,
    }
