"""A Howell for an odd number of pairs: the sit-out is the phantom pair's seat, never a table.

13 pairs play a seven-table Howell whose stationary pair is the phantom: six tables play every
round, each with its PIN and table card, and each pair's guide card says in which round it sits
out. No table stands empty all night with a PIN and a card of "No play at this table this round."
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_club, make_event, make_member
from tests.tournament.pdf_text import read_pdf
from tournament.models import Event, Seating, Table
from tournament.pdf import renderer_for

pytestmark = pytest.mark.django_db

BASE = "http://192.168.1.20:8000/"


def thirteen_pair_howell() -> tuple[Event, Client]:
    club = make_club()
    director = make_member(club)
    event = make_event(club, director, pairs=13, movement="howell", boards_per_round=2)
    client = Client()
    client.force_login(director)
    return event, client


def test_six_tables_play_every_round_and_the_sit_out_has_no_table() -> None:
    event, _ = thirteen_pair_howell()
    section = event.sections.get()
    tables = list(Table.objects.filter(section=section).order_by("number"))
    assert [table.number for table in tables] == [1, 2, 3, 4, 5, 6]
    assert section.tables == 6 and section.rounds == 13
    for table in tables:
        rounds = sorted(Seating.objects.filter(table=table).values_list("round", flat=True))
        assert rounds == list(range(1, 14)), table.number
    # 13 pairs, 13 rounds, each pair plays 12: 6 seatings a round, none against the phantom.
    assert Seating.objects.filter(section=section).count() == 6 * 13
    assert not Seating.objects.filter(section=section, ns__is_phantom=True).exists()
    assert not Seating.objects.filter(section=section, ew__is_phantom=True).exists()


def test_the_table_cards_are_six_and_each_has_play_every_round() -> None:
    event, _ = thirteen_pair_howell()
    _, _, content = renderer_for(event, "tablecards", base_url=BASE).render()
    read = read_pdf(content)
    assert read.page_count == 6
    assert "No play at this table this round." not in read.text
    assert [re.search(r"Table (\d+)", page).group(1) for page in read.pages] == ["1", "2", "3", "4", "5", "6"]


def test_the_guide_cards_print_one_sit_out_for_each_pair_and_no_empty_table() -> None:
    event, _ = thirteen_pair_howell()
    _, _, content = renderer_for(event, "guide").render()
    text = read_pdf(content).text
    assert text.count("sits out this round") == 13
    assert "Table 1" in text and "Table 7" not in text
    assert "sit-out table" not in text


def test_the_guide_card_page_shows_each_pair_its_sit_out_round() -> None:
    event, client = thirteen_pair_howell()
    html = client.get(reverse("guide_cards", args=[event.club.slug, event.pk])).content.decode()
    assert html.count('class="card guide-card" id="table-') == 6
    cards = re.findall(r'id="pair-(\d+)">(.*?)</section>', html, flags=re.S)
    assert sorted(int(pair) for pair, _ in cards) == list(range(1, 14))
    for pair, card in cards:
        assert card.count("sits out") == 1, pair
        assert card.count('<tr><td class="num">') == 13, pair


def test_the_running_view_and_the_pins_list_only_the_six_tables() -> None:
    event, client = thirteen_pair_howell()
    html = client.get(reverse("event_run", args=[event.club.slug, event.pk])).content.decode()
    assert "6 tables, 13 rounds" in html
    assert re.findall(r"<tr><th>(\d+)</th>", html) == ["1", "2", "3", "4", "5", "6"]
    links = client.get(reverse("table_links", args=[event.club.slug, event.pk])).content.decode()
    for table in Table.objects.filter(section__event=event):
        assert table.pin in links
    assert Table.objects.filter(section__event=event).count() == 6
