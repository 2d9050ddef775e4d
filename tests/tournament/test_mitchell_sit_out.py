"""A Mitchell for an odd number of pairs: the sit-out is the phantom pair's seat, never a table.

13 pairs play a seven-station Mitchell whose N-S pair at the last station is the phantom: six
tables play every round, each with its PIN and table card; the boards of the phantom's seat rest
a round on a sit-out stand between table 1 and table 6, where nobody plays; each E-W pair's guide
card says in which round it sits out. No table stands empty all night with a PIN and a card of
"No play at this table this round."
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from django.test import Client
from django.urls import reverse

from scoring.contests.movements import enter_movement, mitchell
from tests.tournament.factories import make_club, make_event, make_member
from tests.tournament.pdf_text import read_pdf
from tournament.models import Event, Seating, Table
from tournament.pdf import renderer_for
from tournament.services.changes import change_movement
from tournament.services.events import lay_out, set_status
from tournament.services.plans import Plan

pytestmark = pytest.mark.django_db

BASE = "http://192.168.1.20:8000/"


def thirteen_pair_mitchell() -> tuple[Event, Client]:
    club = make_club()
    director = make_member(club)
    event = make_event(club, director, pairs=13, movement="mitchell", boards_per_round=2)
    client = Client()
    client.force_login(director)
    return event, client


def sits_out_in(pair: int) -> int:
    """The round E-W pair ``pair`` reaches the phantom's seat, moving up one station a round."""
    return (7 - pair) % 7 + 1


def test_six_tables_play_every_round_and_the_sit_out_has_no_table() -> None:
    event, _ = thirteen_pair_mitchell()
    section = event.sections.get()
    tables = list(Table.objects.filter(section=section).order_by("number"))
    assert [table.number for table in tables] == [1, 2, 3, 4, 5, 6]
    assert (section.tables, section.rounds, section.boards.count()) == (6, 7, 14)
    for table in tables:
        rounds = sorted(Seating.objects.filter(table=table).values_list("round", flat=True))
        assert rounds == list(range(1, 8)), table.number
    assert not Seating.objects.filter(section=section, ns__is_phantom=True).exists()


def test_no_table_has_a_pin_where_nobody_plays() -> None:
    event, client = thirteen_pair_mitchell()
    links = client.get(reverse("table_links", args=[event.club.slug, event.pk])).content.decode()
    tables = Table.objects.filter(section__event=event)
    assert tables.count() == 6
    for table in tables:
        assert table.pin in links
        assert Seating.objects.filter(table=table).exists(), table.number  # each PIN opens a table in play
    assert "Table 7" not in links


def test_the_table_cards_are_six_each_with_play_every_round_and_the_stand_named() -> None:
    event, _ = thirteen_pair_mitchell()
    _, _, content = renderer_for(event, "tablecards", base_url=BASE).render()
    read = read_pdf(content)
    assert read.page_count == 6
    assert "No play at this table this round." not in read.text
    assert [re.search(r"Table (\d+)", page).group(1) for page in read.pages] == ["1", "2", "3", "4", "5", "6"]
    first, last = read.pages[0], read.pages[5]
    assert "Sit-out stand between tables 1 and 6: boards 13-14 in round 1; boards 1-2 in round 2;" in first
    assert "After rounds 1-6 its boards go to the sit-out stand." in first
    assert "In rounds 2-7 its boards come from the sit-out stand." in last
    assert first.count("the sit-out stand") == 6 + 1  # each round but the last, and the note
    assert "table 7" not in read.text.lower()


def test_the_guide_cards_sit_each_ew_pair_out_once_and_print_no_table_seven() -> None:
    event, _ = thirteen_pair_mitchell()
    _, _, content = renderer_for(event, "guide").render()
    text = read_pdf(content).text
    assert "Mitchell: 6 tables, 13 pairs, 7 rounds of 2 boards, 14 boards." in text
    assert "Table 7" not in text and "(sit-out)" not in text
    pairs = text[text.index("Pair guide cards") :]
    assert pairs.count("sits out this round") == 7
    for pair in range(1, 8):
        assert re.search(rf"Pair {pair}EW\b", pairs)
    # Table 6 sends its E-W pair to the phantom's seat: it sits out; it does not "wait a round".
    tables = text[: text.index("Pair guide cards")]
    table_six = tables[tables.index("Table 6\n") :]
    assert "waits a round" not in text
    row = r"^\s*[1-6]\s+6NS\s+\dEW\s+boards [\d-]+\s+table 5\s+stays\s+sits out"
    assert len(re.findall(row, table_six, re.M)) == 6


def test_the_guide_card_page_shows_each_ew_pair_its_sit_out_round() -> None:
    event, client = thirteen_pair_mitchell()
    html = client.get(reverse("guide_cards", args=[event.club.slug, event.pk])).content.decode()
    assert html.count('class="card guide-card" id="table-') == 6
    cards = dict(re.findall(r'id="pair-(\w+)">(.*?)</section>', html, flags=re.S))
    assert len(cards) == 13
    for pair in range(1, 8):
        card = cards[f"{pair}EW"]
        assert card.count("sits out") == 1, pair
        assert re.search(
            rf'<td class="num">{sits_out_in(pair)}</td><td class="num"></td><td></td>\s*<td>sits out', card
        )
    for pair in range(1, 7):
        assert "sits out" not in cards[f"{pair}NS"]
    table_six = html[html.index('id="table-6"') :]
    assert table_six[: table_six.index("</section>")].count("stays / sits out") == 6


def test_the_running_view_shows_six_tables_and_expects_only_their_boards() -> None:
    event, client = thirteen_pair_mitchell()
    html = client.get(reverse("event_run", args=[event.club.slug, event.pk])).content.decode()
    assert "Mitchell, 6 tables, 7 rounds" in html
    assert re.findall(r"<tr><th>(\d+)</th>", html) == ["1", "2", "3", "4", "5", "6"]
    # 6 tables × 7 rounds × 2 boards: none at the phantom's seat.
    assert '<span class="badge missing">84 missing</span>' in html


def test_a_relay_mitchell_with_a_sit_out_has_no_table_at_the_phantoms_seat() -> None:
    club = make_club()
    event = make_event(club, make_member(club), pairs=7, movement="relay_mitchell")
    assert sorted(Table.objects.filter(section__event=event).values_list("number", flat=True)) == [1, 2, 3]
    read = read_pdf(renderer_for(event, "tablecards", base_url=BASE).render()[2])
    assert read.page_count == 3 and "No play at this table this round." not in read.text


def test_changing_to_an_odd_number_of_pairs_drops_the_table_nobody_would_play_at() -> None:
    club = make_club()
    director = make_member(club)
    event = make_event(club, director, pairs=14, movement="mitchell", boards_per_round=2)

    def numbers() -> list[int]:
        return sorted(Table.objects.filter(section__event=event).values_list("number", flat=True))

    assert numbers() == list(range(1, 8))
    plan = Plan(game=event.game, form=event.form, movement="mitchell", pairs=13, boards_per_round=2)
    change_movement(event=event, user=director, plan=plan)
    assert numbers() == list(range(1, 7)) and event.sections.get().tables == 6
    change_movement(event=event, user=director, plan=replace(plan, pairs=14))
    assert numbers() == list(range(1, 8))


# --- a phantom that moves: each table in turn stands without play ------------------------------


def mitchell_with_an_ew_phantom() -> Event:
    """Ten pairs' five-table Mitchell whose pair 5EW is the phantom: it moves, so each N-S pair sits out
    once, at its own table. No wizard makes one; it is laid out as a director's entered movement would be."""
    club = make_club()
    event = make_event(club, make_member(club), pairs=10, movement="mitchell", boards_per_round=2)
    section = event.sections.get()
    Seating.objects.filter(section=section).delete()
    lay_out(section, enter_movement(mitchell(5, 2).seatings, phantom="5EW", kind="mitchell"))
    return event


def test_an_ew_phantom_leaves_every_table_in_play_and_says_whose_round_it_sits_out() -> None:
    event = mitchell_with_an_ew_phantom()
    assert Table.objects.filter(section__event=event).count() == 5
    read = read_pdf(renderer_for(event, "tablecards", base_url=BASE).render()[2])
    assert read.page_count == 5
    assert "No play at this table this round." not in read.text and "sit-out stand" not in read.text
    for page in read.pages:
        table = int(re.search(r"Table (\d+)", page).group(1))
        sits_out = f"{table % 5 + 1} No play this round: {table}NS sits out, meeting the phantom."
        assert page.count("No play this round") == 1 and sits_out in " ".join(page.split()), table


def test_an_ew_phantoms_guide_cards_give_each_table_and_each_ns_pair_its_sit_out() -> None:
    event = mitchell_with_an_ew_phantom()
    text = read_pdf(renderer_for(event, "guide").render()[2]).text
    tables = " ".join(text[: text.index("Pair guide cards")].split())
    for table in range(1, 6):
        assert f"{table % 5 + 1} No play this round: {table}NS sits out, meeting the phantom." in tables
    assert "sit-out stand" not in text
    assert text[text.index("Pair guide cards") :].count("sits out this round") == 5
    director = event.club.memberships.get().user
    client = Client()
    client.force_login(director)
    html = client.get(reverse("guide_cards", args=[event.club.slug, event.pk])).content.decode()
    for table in range(1, 6):
        card = html[html.index(f'id="table-{table}"') :]
        card = card[: card.index("</section>")]
        assert f'<td colspan="4">No play this round: {table}NS sits out, meeting the phantom.</td>' in card


# --- a night set up before: its empty phantom's table keeps a PIN nobody may use -------------------


def test_an_empty_table_left_from_an_earlier_setup_gets_no_pin_card_or_login() -> None:
    event, client = thirteen_pair_mitchell()
    section = event.sections.get()
    empty = Table.objects.create(section=section, number=7)  # as a 13-pair Mitchell was once laid out
    set_status(event=event, user=event.club.memberships.get().user, status=Event.Status.RUNNING)
    links = client.get(reverse("table_links", args=[event.club.slug, event.pk])).content.decode()
    shown = re.findall(r'<h2>Table (\d+)</h2>.*?PIN <strong class="pin">(\d+)</strong>', links, flags=re.S)
    assert [int(number) for number, _ in shown] == [1, 2, 3, 4, 5, 6] and empty.pin not in dict(
        shown
    ).values()
    read = read_pdf(renderer_for(event, "tablecards", base_url=BASE).render()[2])
    assert read.page_count == 6 and "No play at this table this round." not in read.text
    response = Client().post(reverse("table_pin"), {"pin": empty.pin, "table": 7})
    assert (
        response.status_code == 200
        and "No table of a night in play has this PIN" in response.content.decode()
    )
    played = Table.objects.get(section=section, number=6)
    assert Client().post(reverse("table_pin"), {"pin": played.pin, "table": 6}).status_code == 302
