"""Every page of a contract bridge night runs a fixed number of queries, whatever the night's size.

Each page is loaded for a 3-table and a 9-table Mitchell scored by matchpoints (three times the
tables, nine times the results, more than three times the rulings), in play and published, its
deals known, its pairs named, with artificial and assigned scores; and for a team match of 8 and
of 24 boards. The count is the same for both and pinned, with a comment naming each query. The
nights are built once for the module inside one transaction, rolled back after its last test.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.contract.board import vulnerability
from scoring.shared.cards import Hands
from tests.tournament.contract_night import make_contract_event, name_pairs, play_contract, varied
from tests.tournament.factories import make_club, make_member
from tournament.models import Board, Event, Pair, Result, Ruling, Seating, Table
from tournament.services.double_dummy import par_of, tricks_table
from tournament.services.events import set_status
from tournament.services.rulings import add_ruling

pytestmark = pytest.mark.django_db


@dataclass
class Night:
    event: Event
    director: Any
    table: Table  # table 1: its last round is still to enter
    open_round: int
    open_board: int
    result: Result  # a result at table 1 with an assigned score (Law 12C1)
    pair: Pair

    def args(self) -> list[Any]:
        return [self.event.club.slug, self.event.pk]


DEAL = "N:AKQJT.AK.AKQ.AKQ 98765.QJT.JT9.JT 432.98765.876.98 .432.5432.765432"


@functools.cache
def _par(vulnerable: str, dealer: str) -> dict[str, Any]:
    return par_of(Hands.parse(DEAL), vulnerable, dealer)


def _deal(event: Event) -> None:
    """Every board holds one deal, with its double-dummy tricks and its par cached as a dealt board's
    are (each par solved once for its vulnerability and dealer: the solver is slow)."""
    tricks = tricks_table(Hands.parse(DEAL))
    for board in Board.objects.filter(section__event=event):
        board.hands, board.double_dummy = DEAL, tricks
        board.par = _par(vulnerability(board.number).pbn, board.dealer)
        board.save(update_fields=["hands", "double_dummy", "par"])


def _night(tables: int, **kwargs: Any) -> Night:
    club = make_club()
    director = make_member(club)
    if kwargs.get("form") == Event.Form.TEAMS:
        event = make_contract_event(club, director, pairs=2, boards=8 * tables, **kwargs)
    else:
        event = make_contract_event(club, director, pairs=2 * tables, **kwargs)
    name_pairs(event, director)
    _deal(event)
    set_status(event=event, user=director, status=Event.Status.RUNNING)
    seatings = list(Seating.objects.filter(section__event=event).select_related("table"))
    last = max(s.round for s in seatings if s.table.number == 1)
    left = next(s for s in seatings if s.table.number == 1 and s.round == last)
    play_contract(event, lambda seating, board: None if seating.pk == left.pk else varied(seating, board))
    for result in Result.objects.filter(section__event=event).select_related("seating__table"):
        if result.seating.table.number == 2:
            details = {"kind": Ruling.Kind.ARTIFICIAL, "ns_average": "A+", "ew_average": "A-"}
        elif result.seating.round == 1:
            details = {"kind": Ruling.Kind.ASSIGNED, "assigned": "4S N ="}
        else:
            continue
        add_ruling(result=result, user=director, law="Law 12C", reason="Ruled.", **details)
    set_status(event=event, user=director, published=True)
    result = Result.objects.filter(section__event=event, seating__table__number=1, seating__round=1).first()
    pair = Pair.objects.filter(section__event=event, is_phantom=False).order_by("pk").last()
    return Night(event, director, left.table, last, left.board_numbers[0], result, pair)


@pytest.fixture(scope="module")
def nights(django_db_setup: Any, django_db_blocker: Any) -> Iterator[dict[str, tuple[Night, Night]]]:
    """A small and a large night of each kind, for the module's tests (each in a savepoint of its own)."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield {
                "pairs": (_night(3), _night(9)),
                "teams": (
                    _night(1, form=Event.Form.TEAMS, victory_points=Event.VictoryPoints.WBF),
                    _night(3, form=Event.Form.TEAMS, victory_points=Event.VictoryPoints.WBF),
                ),
            }
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def counts(
    nights: dict[str, tuple[Night, Night]],
    kind: str,
    page: Callable[[Night], str],
    as_: str,
    *,
    cold: bool = False,
) -> list[int]:
    """The queries of one page of the small night and of the large one, seen by ``as_``: an anonymous
    visitor, the club's director, or the phone of table 1. The page is read once the section's
    scores are kept (services.score_cache), or, ``cold``, the first time after they were dropped."""
    found = []
    for night in nights[kind]:
        client = Client()
        if as_ == "director":
            client.force_login(night.director)
        elif as_ == "table":
            client.get(reverse("table_home", args=[night.table.secret]))
        if cold:
            cache.clear()
        else:
            client.get(page(night))
        with CaptureQueriesContext(connection) as queries:
            response = client.get(page(night))
        assert response.status_code == 200, page(night)
        found.append(len(queries))
    return found


# The public pages, to an anonymous visitor, once the section's scores are kept. Each makes:
#   1. the event with its club   2. the section   3. the section's version
#   4-7. the section's pairs, boards with their versions, results and rulings, loaded afresh
#   8. the engine's figures for those versions, from the shared cache (scores.cache)
# (only the figures are kept, no model: four more than when whole pickled sheets were kept).
# Read cold, the first time after a change, a page also keeps the figures: a fixed number too
# (the cold test below).
# The event page and the standings fragment keep the standings they render under their ETag
# (tournament.views.live): read again, they make 1. the event with its club 2. the section with
# its version 3. the kept standings.
# A page's table as CSV is a download, counted against the visitor's address (tournament.documents):
# the count read, then written to the database cache (a savepoint, the count of entries, the entry
# looked up, written, the savepoint released): six more, the same for any night.
READ = 8
COUNTED = READ + 6
KEPT = {"event": 3, "standings_fragment": 3, "csv": COUNTED, "traveller csv": COUNTED, "recap csv": COUNTED}
PUBLIC: dict[str, Callable[[Night], str]] = {
    "event": lambda n: reverse("event", args=n.args()),
    "csv": lambda n: reverse("event", args=n.args()) + "?_export=csv&table=A-ns",
    "standings_fragment": lambda n: reverse("standings_fragment", args=n.args()),
    "traveller": lambda n: reverse("traveller", args=[*n.args(), "A", 1]),
    "traveller csv": lambda n: reverse("traveller", args=[*n.args(), "A", 1]) + "?_export=csv",
    "recap": lambda n: reverse("recap", args=[*n.args(), n.pair.pk]),
    "recap csv": lambda n: reverse("recap", args=[*n.args(), n.pair.pk]) + "?_export=csv",
    "explain": lambda n: reverse("explain", args=[*n.args(), n.result.pk]),
}


@pytest.mark.parametrize("page", sorted(PUBLIC))
def test_a_public_page_runs_eight_queries_for_nine_tables_as_for_three(nights, page):
    assert counts(nights, "pairs", PUBLIC[page], "anonymous") == [KEPT.get(page, READ)] * 2


@pytest.mark.parametrize("page", ["event", "match", "traveller", "recap", "explain"])
def test_a_team_match_page_runs_eight_queries_for_24_boards_as_for_8(nights, page):
    pages = {**PUBLIC, "match": lambda n: reverse("match", args=n.args())}
    assert counts(nights, "teams", pages[page], "anonymous") == [KEPT.get(page, READ)] * 2


def test_the_large_night_has_three_times_the_tables_and_nine_times_the_results(nights):
    small, large = (night.event for night in nights["pairs"])
    assert (small.sections.get().tables, large.sections.get().tables) == (3, 9)
    played = [Result.objects.filter(section__event=event).count() for event in (small, large)]
    assert played == [3 * 3 * 2 - 2, 9 * 9 * 2 - 2]  # every board but table 1's last round
    rulings = [Ruling.objects.filter(result__section__event=event).count() for event in (small, large)]
    assert rulings == [10, 34]  # table 2's boards given A+/A-; round 1's elsewhere an assigned score


# The director's pages. Each starts with 1. the session, 2. the user, 3. the event with its club,
# 4. the user's role in the club (access.event_for_role); then:
SCORED = (
    "5. the section 6. its version 7-10. its pairs, boards, results and rulings 11. the figures kept "
    "for them 12. its seatings (the grid)"
)
DIRECTOR: dict[str, tuple[Callable[[Night], str], int]] = {
    # 5. the sections with their versions 6. the grid kept for them (tournament.views.live),
    # 7. the role again (may direct?), 8. recap mails
    "event_run": (lambda n: reverse("event_run", args=n.args()), 8),
    # 5. the sections with their versions 6. the grid kept for them
    "event_run_fragment": (lambda n: reverse("event_run_fragment", args=n.args()), 6),
    # SCORED (the board's rows: its seatings with tables, pairs and players)
    "traveller_entry": (lambda n: reverse("traveller_entry", args=[*n.args(), "A", 1]), 12),
    # 5. the section 6. the board
    "entry_preview": (
        lambda n: reverse("entry_preview", args=n.args()) + "?section=A&board=1&entry=4H+N+%3D",
        6,
    ),
    # 5. the result with board, seating, table, pairs and players 6. its rulings 7. its audit
    # entries 8. the role again
    "result_edit": (lambda n: reverse("result_edit", args=[*n.args(), n.result.pk]), 8),
    # 5. who is in the log 6. the tables 7. the pairs (the filters) 8. the count 9. the page
    "audit_log": (lambda n: reverse("audit_log", args=n.args()), 9),
    # 5. the section 6. its boards 7. its results (turned trumps, played boards) 8-9. the
    # section again for the links of the two forms
    "hand_records": (lambda n: reverse("hand_records", args=n.args()), 9),
    # 5. the section 6. its pairs with players 7. substitutions 8. the role again 9. the club's players
    "event_changes": (lambda n: reverse("event_changes", args=n.args()), 9),
    # nothing more: the event's own fields
    "event_edit": (lambda n: reverse("event_edit", args=n.args()), 4),
    # 5. the pairs with players 6. the teams 7. the club's players (type-ahead)
    "event_pairs": (lambda n: reverse("event_pairs", args=n.args()), 7),
    # 5. the tables with their section
    "table_links": (lambda n: reverse("table_links", args=n.args()), 5),
}


@pytest.mark.parametrize("page", sorted(DIRECTOR))
def test_a_directors_page_runs_as_many_queries_for_nine_tables_as_for_three(nights, page):
    address, pinned = DIRECTOR[page]
    assert counts(nights, "pairs", address, "director") == [pinned, pinned]


# A table's phone: 1. the table with its section, event and club 2. its seatings with pairs and
# players 3. its results with their boards; then:
TABLE: dict[str, tuple[Callable[[Night], str], int]] = {
    "table_home": (lambda n: reverse("table_home", args=[n.table.secret]), 3),
    # 4. the board to enter
    "table_board": (lambda n: reverse("table_board", args=[n.table.secret, n.open_round, n.open_board]), 4),
    # 4. the result with board, seating and pairs 5. its rulings
    "table_result": (lambda n: reverse("table_result", args=[n.table.secret, n.result.pk]), 5),
    "table_edit": (lambda n: reverse("table_edit", args=[n.table.secret, n.result.pk]), 5),
}


@pytest.mark.parametrize("page", sorted(TABLE))
def test_a_phones_page_runs_as_many_queries_for_nine_tables_as_for_three(nights, page):
    address, pinned = TABLE[page]
    assert counts(nights, "pairs", address, "table") == [pinned, pinned]


@pytest.mark.parametrize("page", sorted(PUBLIC))
def test_a_public_page_read_cold_runs_as_many_queries_for_nine_tables_as_for_three(nights, page):
    small, large = counts(nights, "pairs", PUBLIC[page], "anonymous", cold=True)
    assert small == large
