"""The public pages: standings, travellers, recaps, the match and explanations, and who may see them.

The cast: the club's director, a director of another club, an anonymous visitor. Figures on
the pages are checked against the engine run directly on the same facts, never against the
rows layer the pages are built from.
"""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from scoring.auction.deal import Options, score_deal
from scoring.auction.deal_record import Deal
from scoring.auction.entry import parse_entry
from scoring.contests.pairs import TableResult, pair_contest
from scoring.shared.numbers import mixed_text, round_half_away
from scoring.shared.seats import Side
from tests.tournament.factories import (
    make_club,
    make_event,
    make_member,
    play_all,
    rule_the_missing_not_played,
)
from tournament.exports.base import safe_text
from tournament.models import Board, Event, Pair, Result, Ruling, Seating
from tournament.services import events as event_service
from tournament.services import rulings as ruling_service
from tournament.services.results import set_status

pytestmark = pytest.mark.django_db

TEXTS = ("1H N 7", "2S E 8", "3NT S 9", "2D W 7", "1NT N 8", "4H S 9", "2C E 8", "1R W 6", "3D N 8")


def varied(seating: Seating, board: int) -> str:
    return TEXTS[(board * 5 + seating.table.number * 3 + seating.round) % len(TEXTS)]


def only_one_table_differs(seating: Seating, board: int) -> str:
    return "2S N 8" if (board, seating.table.number) == (1, 1) else "1S N 7"


def net_ns(text: str) -> int:
    entry = parse_entry(text, allow_pass=True)
    return score_deal(Deal(entry.contract, entry.declarer, entry.tricks), Options(duplicate=True)).net_ns


class Tables(HTMLParser):
    """Every <table> of a page as rows of cell texts, keyed by the id of the element around it."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.ids: list[str] = []
        self.current: list[list[str]] | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div" and attrs.get("id"):
            self.ids.append(attrs["id"])
        if tag == "table":
            self.current = self.tables.setdefault(self.ids[-1] if self.ids else "page", [])
        elif tag == "tr" and self.current is not None:
            self.current.append([])
        elif tag in ("td", "th") and self.current is not None:
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None and self.current is not None:
            self.current[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "table":
            self.current = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def tables_of(response) -> dict[str, list[list[str]]]:
    parser = Tables()
    parser.feed(response.content.decode())
    return parser.tables


@pytest.fixture
def club():
    return make_club()


@pytest.fixture
def director(club):
    return make_member(club)


@pytest.fixture
def outsider():
    other = make_club()
    return make_member(other)


def published(club, director, text_for=varied, **kwargs) -> Event:
    event = make_event(club, director, **kwargs)
    play_all(event, text_for)
    rule_the_missing_not_played(event, director)
    return event_service.set_status(
        event=event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True
    )


def url(name: str, event: Event, *args) -> str:
    return reverse(name, args=[event.club.slug, event.pk, *args])


def engine_contest(event: Event, text_for=varied):
    seatings = Seating.objects.filter(section__event=event).select_related("ns", "ew")
    return pair_contest(
        TableResult.auction(str(n), s.ns.label, s.ew.label, net_ns(text_for(s, n)))
        for s in seatings
        for n in s.board_numbers
    )


def signed(value) -> str:
    text = mixed_text(value)
    return f"+{text}" if value > 0 else text


# --- standings --------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["A-overall", "A-ns", "A-ew"])
def test_event_page_standings_are_the_numbers_the_engine_gives(client, club, director, key):
    event = published(club, director)
    contest = engine_contest(event)
    direction = {"A-overall": None, "A-ns": Side.NS, "A-ew": Side.EW}[key]
    expected = contest.standings if direction is None else contest.direction_standings(direction)
    page = tables_of(client.get(url("event", event)))[f"table-{key}"]
    assert page[0] == ["Rank", "Pair", "Names", "Score", "Exact", "Deals"]
    names = {p.label: p.names for p in Pair.objects.filter(section__event=event)}
    assert page[1:] == [
        [
            str(s.rank),
            s.pair,
            names[s.pair],
            signed(round_half_away(s.score)).replace("-", "−"),
            "" if s.score.denominator == 1 else signed(s.score).replace("-", "−"),
            str(s.deals),
        ]
        for s in expected
    ]


@pytest.mark.parametrize("key", ["A-overall", "A-ns", "A-ew"])
def test_csv_export_rows_equal_the_html_table_rows(client, club, director, key):
    event = published(club, director, only_one_table_differs)
    html = tables_of(client.get(url("event", event)))[f"table-{key}"]
    response = client.get(url("event", event), {"_export": "csv", "table": key})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    # The same rows, the exact fraction left on the screen and each score a plain number: "+50" is 50.
    exact = html[0].index("Exact")
    shown = [[cell.replace("−", "-") for at, cell in enumerate(row) if at != exact] for row in html]
    # A text that starts with neither letter nor digit, "(names to come)", is written after an apostrophe.
    assert rows == [shown[0]] + [
        [*map(safe_text, row[:3]), row[3].removeprefix("+"), *row[4:]] for row in shown[1:]
    ]
    assert len(rows) == 1 + (6 if key == "A-overall" else 3)


def test_ties_share_a_rank_on_the_page(client, club, director):
    event = published(club, director, only_one_table_differs)
    page = tables_of(client.get(url("event", event)))["table-A-overall"]
    assert [row[0] for row in page[1:]] == ["1", "2=", "2=", "4=", "4=", "6"]


def test_standings_link_each_pair_to_its_recap_and_each_board_to_its_traveller(client, club, director):
    event = published(club, director)
    html = client.get(url("event", event)).content.decode()
    for pair in Pair.objects.filter(section__event=event, is_phantom=False):
        assert f'href="{url("recap", event, pair.pk)}"' in html
    for number in range(1, 7):
        assert f'href="{url("traveller", event, "A", number)}"' in html


def test_an_unknown_export_format_is_refused_with_a_clear_message(client, club, director):
    event = published(club, director)
    response = client.get(url("event", event), {"_export": "xls"})
    assert response.status_code == 400
    assert b"Only CSV" in response.content
    assert client.get(url("event", event), {"_export": "csv", "table": "Z-none"}).status_code == 400


REDIRECT = '<meta http-equiv=refresh content="0;url=http://evil.example/">'


@pytest.mark.parametrize("asked", [{"_export": "csv", "table": REDIRECT}, {"_export": REDIRECT}])
def test_a_bad_export_parameter_gets_the_sites_bad_request_page_without_repeating_it(
    client, club, director, asked
):
    event = published(club, director)
    pair = event.sections.get().pairs.first()
    pages = [url("event", event), url("traveller", event, "A", 1), url("recap", event, pair.pk)]
    for page in pages:
        response = client.get(page, asked)
        assert response.status_code == 400, page
        assert response["Content-Type"].startswith("text/html")
        html = response.content.decode()
        assert "<h1>Bad request</h1>" in html and "♠♥ Duplicate" in html  # the site's own page
        assert "<meta http-equiv" not in html.lower() and "evil.example" not in html
    says = client.get(url("event", event), {"_export": "csv", "table": REDIRECT}).content.decode()
    assert "There is no such table on this page to export; it has A-overall" in says


def test_whist_compass_event_shows_standings_per_direction(client, club, director):
    def tricks(seating, board):
        return f"S {(board * 3 + seating.table.number) % 9 + 3}"

    event = published(club, director, tricks, game=Event.Game.WHIST)
    seatings = Seating.objects.filter(section__event=event).select_related("ns", "ew")
    contest = pair_contest(
        TableResult.whist(str(n), s.ns.label, s.ew.label, int(tricks(s, n).split()[1]))
        for s in seatings
        for n in s.board_numbers
    )
    pages = tables_of(client.get(url("event", event)))
    for key, side in (("A-ns", Side.NS), ("A-ew", Side.EW)):
        shown = [(row[1], row[3]) for row in pages[f"table-{key}"][1:]]
        expected = [
            (s.pair, signed(round_half_away(s.score)).replace("-", "−"))
            for s in contest.direction_standings(side)
        ]
        assert shown == expected


def test_standings_fragment_is_polled_only_while_the_event_is_running(client, club, director):
    event = make_event(club, director)
    event_service.set_status(event=event, user=director, status=Event.Status.RUNNING, published=True)
    page = client.get(url("event", event)).content.decode()
    assert "tournament/refresh.js" in page
    assert f'data-refresh="{url("standings_fragment", event)}"' in page
    fragment = client.get(url("standings_fragment", event))
    assert fragment["X-Event-Status"] == "running"
    assert b"<html" not in fragment.content and b"No scores yet" in fragment.content
    rule_the_missing_not_played(event, director)
    event_service.set_status(event=event, user=director, status=Event.Status.LOCKED, lock_anyway=True)
    assert "refresh.js" not in client.get(url("event", event)).content.decode()
    assert client.get(url("standings_fragment", event))["X-Event-Status"] == "locked"


def test_a_new_result_shows_in_the_standings_fragment(client, club, director):
    event = make_event(club, director)
    event_service.set_status(event=event, user=director, status=Event.Status.RUNNING, published=True)
    play_all(event, lambda s, n: varied(s, n) if n == 1 else None)
    assert b"table-A-overall" in client.get(url("standings_fragment", event)).content


# --- who may see what ---------------------------------------------------------------------------


def every_page(event: Event) -> list[str]:
    pair = Pair.objects.filter(section__event=event).first()
    result = Result.objects.filter(section__event=event).first()
    pages = [
        url("event", event),
        url("standings_fragment", event),
        url("traveller", event, "A", 1),
        url("recap", event, pair.pk),
        url("explain", event, result.pk),
    ]
    if event.is_teams:
        pages.append(url("match", event))
    return pages


def test_anonymous_visitor_cannot_see_an_unpublished_event(client, club, director):
    event = make_event(club, director)
    play_all(event, varied)
    for page in every_page(event):
        assert client.get(page).status_code == 404, page
        assert client.get(page, {"_export": "csv"}).status_code == 404, page


def test_director_of_another_club_cannot_see_an_unpublished_event(client, club, director, outsider):
    event = make_event(club, director)
    play_all(event, varied)
    client.force_login(outsider)
    for page in every_page(event):
        assert client.get(page).status_code == 404, page


def test_the_clubs_director_sees_the_unpublished_event(client, club, director):
    event = make_event(club, director, form=Event.Form.TEAMS, movement="teams", pairs=2, boards=4)
    play_all(event, varied)
    client.force_login(director)
    for page in every_page(event):
        assert client.get(page).status_code == 200, page


def test_no_url_reaches_another_clubs_event_through_this_clubs_address(client, club, director, outsider):
    other_club = outsider.memberships.get().club
    theirs = published(other_club, outsider)
    result = Result.objects.filter(section__event=theirs).first()
    pair = Pair.objects.filter(section__event=theirs).first()
    for name, args in (
        ("event", []),
        ("traveller", ["A", 1]),
        ("recap", [pair.pk]),
        ("explain", [result.pk]),
    ):
        assert client.get(reverse(name, args=[club.slug, theirs.pk, *args])).status_code == 404, name


def test_a_pair_or_result_of_another_event_is_not_found_under_this_event(client, club, director):
    ours, theirs = published(club, director), published(club, director)
    pair = Pair.objects.filter(section__event=theirs).first()
    result = Result.objects.filter(section__event=theirs).first()
    assert client.get(url("recap", ours, pair.pk)).status_code == 404
    assert client.get(url("explain", ours, result.pk)).status_code == 404
    assert client.get(url("traveller", ours, "A", 99)).status_code == 404
    assert client.get(url("traveller", ours, "B", 1)).status_code == 404
    assert client.get(url("match", ours)).status_code == 404  # a pairs night has no match


def disputed_event(club, director) -> Event:
    event = published(club, director)
    result = Result.objects.filter(section__event=event, board__number=2).first()
    event.status = Event.Status.RUNNING  # re-open to let the opponents dispute
    event.save()
    set_status(result=result, status=Result.Status.DISPUTED, user=director)
    return event


def test_problems_list_is_hidden_from_the_public(client, club, director, outsider):
    event = disputed_event(club, director)
    assert b"Waiting for a ruling" not in client.get(url("event", event)).content
    client.force_login(outsider)
    assert b"Waiting for a ruling" not in client.get(url("event", event)).content


def test_problems_list_is_shown_to_the_clubs_director(client, club, director):
    event = disputed_event(club, director)
    client.force_login(director)
    page = client.get(url("event", event)).content.decode()
    assert "Waiting for a ruling" in page
    assert "Board 2, table" in page and "disputed by the opponents" in page


# --- travellers, recaps, explanations, the match ------------------------------------------------


def test_traveller_shows_every_table_with_the_engines_averages(client, club, director):
    event = published(club, director)
    expected = engine_contest(event).traveller("3")
    page = tables_of(client.get(url("traveller", event, "A", 3)))["traveller-table"]
    header, rows = page[0], page[1:]
    assert header[:6] == ["Round", "Table", "N-S", "E-W", "Contract", "By"]
    assert len(rows) == 3
    column = {name: header.index(name) for name in header}
    for row in rows:
        assert row[column["N-S average"]] == mixed_text(expected.ns_average).replace("-", "−")
        shown = next(r for r in expected.rows if r.ns == row[column["N-S"]])
        assert row[column["N-S ±"]] == signed(shown.ns_difference).replace("-", "−")
        assert row[column["Net N-S"]] == signed(shown.ns_score).replace("-", "−")


def test_traveller_draws_the_hand_and_who_held_the_honours(client, club, director):
    event = make_event(club, director)
    board = Board.objects.get(section__event=event, number=1)
    board.hands = "N:AKQJT.AK.AKQ.AKQ 98765.QJT.JT9.JT 432.98765.876.98 .432.5432.765432"
    board.save()
    seating = next(s for s in Seating.objects.filter(section__event=event) if 1 in s.board_numbers)
    from tests.tournament.factories import make_result

    make_result(seating, 1, "2S N 8")
    event_service.set_status(event=event, user=director, published=True)
    page = client.get(url("traveller", event, "A", 1)).content.decode()
    assert 'id="hand-diagram"' in page and "A K Q J 10" in page
    assert "In spades: N 5" in page
    assert "♠" in page


def test_recap_lists_every_deal_and_ends_at_the_pairs_score(client, club, director):
    event = published(club, director)
    contest = engine_contest(event)
    pair = Pair.objects.get(section__event=event, label="2NS")
    page = tables_of(client.get(url("recap", event, pair.pk)))["recap-table"]
    header, rows = page[0], page[1:]
    assert header == [
        "Round",
        "Table",
        "Board",
        "Sat",
        "Against",
        "Contract",
        "By",
        "Tricks",
        "Net",
        "Average",
        "±",
        "Running",
    ]
    expected = contest.pair_scores("2NS")
    assert sorted(row[2] for row in rows) == sorted(s.deal for s in expected)
    assert rows[-1][-1] == signed(contest.standing("2NS").score).replace("-", "−")


def test_recap_numbers_link_to_their_explanation(client, club, director):
    event = published(club, director)
    pair = Pair.objects.get(section__event=event, label="1EW")
    html = client.get(url("recap", event, pair.pk)).content.decode()
    for result in Result.objects.filter(section__event=event, ew=pair):
        assert f'href="{url("explain", event, result.pk)}"' in html


def test_explain_page_shows_the_engine_lines_and_strikes_undone_rulings(client, club, director):
    event = make_event(club, director)
    play_all(event, varied)
    result = Result.objects.filter(section__event=event, board__number=1).first()
    ruling_service.add_ruling(
        result=result,
        user=director,
        kind=Ruling.Kind.AWARD,
        law="Law F",
        reason="Bid out of turn.",
        side="EW",
        points=50,
    )
    undone = ruling_service.add_ruling(
        result=result,
        user=director,
        kind=Ruling.Kind.AWARD,
        law="Law 81",
        reason="Wrongly given.",
        side="NS",
        points=50,
    )
    ruling_service.undo_ruling(ruling=undone, user=director, reason="Mistake.")
    event_service.set_status(event=event, user=director, published=True)
    page = client.get(url("explain", event, result.pk)).content.decode()
    assert 'id="explanation"' in page and "(Law F)" in page
    assert "<strong>Law F</strong>" in page and "<del>Law 81" in page
    assert "average on deal 1" in page


def test_team_event_shows_the_match_result_and_the_match_page(client, club, director):
    event = published(club, director, form=Event.Form.TEAMS, movement="teams", pairs=2, boards=8)
    page = client.get(url("event", event)).content.decode()
    assert 'id="match-result"' in page and url("match", event) in page
    match_page = client.get(url("match", event))
    assert tables_of(match_page)["match-totals"][0] == ["Team", "Gross", "Odd pair's average", "Total"]
    deals = tables_of(match_page)["match-deals"]
    assert deals[0] == ["Deal", "Tables", "Team A", "Team B", "Swing", "Running swing"]
    assert [row[0] for row in deals[1:]] == [str(n) for n in range(1, 9)]
    csv_rows = list(
        csv.reader(io.StringIO(client.get(url("match", event), {"_export": "csv"}).content.decode()))
    )
    assert [row[0] for row in csv_rows] == [row[0] for row in deals]
    figures = [[cell.replace("−", "-").removeprefix("+") for cell in row[2:]] for row in deals]
    assert [row[2:] for row in csv_rows] == figures  # plain numbers: a swing of +20 is 20


def test_a_team_of_an_odd_number_of_pairs_adds_the_average_opposite_its_odd_pair(client, club, director):
    event = published(club, director, form=Event.Form.TEAMS, movement="teams", pairs=3, boards=6)
    page = client.get(url("match", event)).content.decode()
    totals = tables_of(client.get(url("match", event)))["match-totals"]
    assert all("odd pair sits" in row[2] for row in totals[1:])
    assert "adds the average of all pairs seated" in page  # the engine's own line (Law G)
    assert tables_of(client.get(url("match", event)))["match-deals"][1][1].count("Table") == 3


def test_the_event_page_links_every_document_and_both_spreadsheets(client) -> None:
    from tests.tournament.factories import make_played_night
    from tournament.pdf import DOCUMENTS, documents_for

    event = make_played_night(3)
    html = client.get(event.get_absolute_url()).content.decode()
    # a secret document (the table cards) is linked for the club's people only
    slugs = [
        slug
        for slug, renderer in DOCUMENTS.items()
        if renderer in documents_for(event) and not renderer.secret
    ]
    assert len(slugs) >= 5
    for slug in slugs:
        assert f"/pdf/{slug}.pdf" in html
    assert "/export/standings.xlsx" in html and "/export/standings.csv" in html


def test_guide_cards_show_each_table_and_pair_from_the_movement(client) -> None:
    from tests.tournament.factories import make_played_night
    from tournament.services.plans import movement_of

    event = make_played_night(3)
    section = event.sections.get()
    movement = movement_of(section)
    html = client.get(reverse("guide_cards", args=[event.club.slug, event.pk])).content.decode()
    assert html.count('class="card guide-card" id="table-') == movement.tables
    assert html.count('class="card guide-card" id="pair-') == len(movement.pairs)
    first = movement.pair_card(movement.pairs[0])[0]
    assert f"<td>{first.opponents}</td><td>{', '.join(map(str, first.boards))}</td>" in html


def test_guide_cards_name_the_movement_and_show_the_bye_stand_on_the_tables_concerned(client) -> None:
    club = make_club()
    event = make_event(club, make_member(club), pairs=8, movement="relay_mitchell", published=True)
    html = client.get(reverse("guide_cards", args=[club.slug, event.pk])).content.decode()
    assert html.count("Movement: Mitchell with a relay and bye stand.") == 4 + 8
    cards = dict(re.findall(r'id="table-(\d+)">(.*?)</section>', html, re.DOTALL))
    stand = "Bye stand between tables 2 and 3: boards 5-6 in round 1; boards 7-8 in round 2;"
    assert [table for table, card in sorted(cards.items()) if stand in card] == ["2", "3"]
    assert "Relay: shares its boards with table 4 in every round" in cards["1"]


@pytest.mark.parametrize("tables", [3, 6])
def test_guide_cards_cost_the_same_queries_whatever_the_size(
    client, django_assert_num_queries, tables
) -> None:
    from tests.tournament.factories import make_played_night

    event = make_played_night(tables)
    # the event, its sections, the seatings (tables, pairs), the phantom, the board count, the pairs' names
    with django_assert_num_queries(6):
        response = client.get(reverse("guide_cards", args=[event.club.slug, event.pk]))
    assert response.status_code == 200


def test_an_unpublished_event_hides_its_guide_cards_from_a_visitor(client) -> None:
    from tests.tournament.factories import make_played_night

    event = make_played_night(3, published=False)
    assert client.get(reverse("guide_cards", args=[event.club.slug, event.pk])).status_code == 404
