"""The hand records on paper and on screen: four hands a board and each seat's double-dummy tricks."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.shared.cards import Hands
from scoring.shared.seats import Seat
from tests.tournament.factories import (
    make_club,
    make_event,
    make_member,
    make_played_night,
    rule_the_missing_not_played,
)
from tests.tournament.pdf_text import read_pdf
from tournament.models import Board, Club, Event
from tournament.pdf import DocumentUnavailable, renderer_for
from tournament.services import analyses, double_dummy, hand_records
from tournament.services.double_dummy import tricks_table
from tournament.services.events import set_status

pytestmark = pytest.mark.django_db

SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def dealt_night(seed: int = 17, **kwargs: object) -> Event:
    club = make_club()
    director = make_member(club)
    event = make_event(club, director, **kwargs)
    hand_records.deal_boards(event=event, seed=seed, user=director)
    rule_the_missing_not_played(event, director)
    return set_status(event=event, user=director, status=Event.Status.LOCKED)


def dd_row(seat: str, tricks: list[int]) -> re.Pattern[str]:
    return re.compile(rf"{SEATS[seat]}\s+" + r"\s+".join(str(n) for n in tricks) + r"\b")


def test_the_hand_record_pdf_prints_every_board_with_its_hands_and_double_dummy_tricks() -> None:
    event = dealt_night()
    _, _, content = renderer_for(event, "handrecords").render()
    read = read_pdf(content)
    for board in Board.objects.filter(section__event=event):
        hands = Hands.parse(board.hands)
        assert f"Board {board.number} · dealer {SEATS[board.dealer]}" in read.text
        page = re.sub(r"\s", "", read.pages[read.page_of(f"Board {board.number} · dealer") - 1])
        for seat in Seat:  # the whole block is kept on the heading's page
            assert "♥" + hands.suit_holding(seat, "H").replace(" ", "") in page
        table = tricks_table(hands)
        assert all(dd_row(seat, table[seat]).search(read.text) for seat in "NESW")
    assert "♣" in read.text and "NT" in read.text


@pytest.mark.parametrize(
    ("paper", "size"), [(Club.PaperSize.A4, "(A4)"), (Club.PaperSize.LETTER, "(letter)")]
)
def test_the_hand_records_print_on_the_clubs_paper_with_embedded_fonts(paper: str, size: str) -> None:
    event = dealt_night()
    Club.objects.filter(pk=event.club_id).update(paper_size=paper)
    event.refresh_from_db()
    read = read_pdf(renderer_for(event, "handrecords").render()[2])
    assert size in read.page_size
    assert read.fonts and all(embedded == "yes" for _, embedded in read.fonts)


def test_a_whist_hand_record_names_the_trump_turned_up() -> None:
    event = dealt_night(game=Event.Game.WHIST)
    board = Board.objects.get(section__event=event, number=1)
    text = read_pdf(renderer_for(event, "handrecords").render()[2]).text
    assert f"(the {board.turned} turned up)" in text


def test_the_hand_records_wait_for_the_deals_and_for_the_event_to_close() -> None:
    club = make_club()
    director = make_member(club)
    event = make_event(club, director)
    with pytest.raises(DocumentUnavailable, match="once the event is closed"):
        renderer_for(event, "handrecords")
    rule_the_missing_not_played(event, director)
    set_status(event=event, user=director, status=Event.Status.LOCKED)
    with pytest.raises(DocumentUnavailable, match="No board of this event has its deal yet"):
        renderer_for(event, "handrecords")


def test_render_pdf_prints_the_hand_records(tmp_path) -> None:
    event = dealt_night()
    target = tmp_path / "hands.pdf"
    out = io.StringIO()
    call_command("render_pdf", str(event.pk), "--doc", "handrecords", "--output", str(target), stdout=out)
    assert "Board 1 · dealer North" in read_pdf(target.read_bytes()).text
    open_event = make_event(event.club, None)
    with pytest.raises(CommandError, match="once the event is closed"):
        call_command("render_pdf", str(open_event.pk), "--doc", "handrecords", stdout=out)


def test_the_travellers_say_the_analysis_is_coming_and_never_work_it_out(
    client, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = make_played_night(tables=3)  # deals written as an imported session writes them: no analysis
    monkeypatch.setattr(double_dummy, "calc_dd_table", refused)
    text = read_pdf(renderer_for(event, "travellers").render()[2]).text
    assert "Double-dummy analysis coming." in text
    assert "Double-dummy tricks" not in text
    page = client.get(reverse("traveller", args=[event.club.slug, event.pk, "A", 1])).content.decode()
    assert 'id="double-dummy-coming"' in page and 'id="double-dummy"' not in page


def refused(*args: object) -> None:
    raise AssertionError("the solver was called while a document or page was made")


def test_the_travellers_pdf_and_page_show_the_double_dummy_tricks_once_analysed(client) -> None:
    event = make_played_night(tables=3)
    analyses.analyse()
    board = Board.objects.get(section__event=event, number=1)
    table = tricks_table(Hands.parse(board.hands))
    text = read_pdf(renderer_for(event, "travellers").render()[2]).text
    assert "Double-dummy analysis coming." not in text
    assert "Double-dummy tricks (royals as spades):" in text
    assert all(dd_row(seat, table[seat]).search(text) for seat in "NESW")
    page = client.get(reverse("traveller", args=[event.club.slug, event.pk, "A", 1])).content.decode()
    assert 'id="double-dummy"' in page
    north = re.search(r"<tr><th>N</th>(.*?)</tr>", page)
    assert north is not None
    assert re.findall(r'<td class="num">(\d+)</td>', north.group(1)) == [str(n) for n in table["N"]]


def test_the_event_page_links_the_hand_records_once_the_event_is_closed(client) -> None:
    event = make_played_night(tables=3)
    page = client.get(event.get_absolute_url()).content.decode()
    assert reverse("pdf_document", args=[event.club.slug, event.pk, "handrecords"]) in page


def boards_on(page: str) -> set[int]:
    return {int(number) for number in re.findall(r"Board (\d+) · dealer", page)}


@pytest.mark.parametrize("per_page", [4, 6])
def test_the_hand_records_print_four_or_six_boards_a_page_as_clubs_hand_them_out(per_page: int) -> None:
    event = dealt_night(boards_per_round=4)
    count = Board.objects.filter(section__event=event).count()
    assert count > 6
    read = read_pdf(renderer_for(event, "handrecords", per_page=per_page).render()[2])
    assert boards_on(read.pages[0]) == set(range(1, per_page + 1))
    assert boards_on(read.pages[1]) == set(range(per_page + 1, min(2 * per_page, count) + 1))
    assert read.page_count == -(-count // per_page)


def test_the_hand_records_print_four_boards_a_page_unless_asked_and_refuse_another_number(client) -> None:
    event = dealt_night(boards_per_round=4)
    client.force_login(event.club.memberships.first().user)
    url = reverse("pdf_document", args=[event.club.slug, event.pk, "handrecords"])
    assert boards_on(read_pdf(client.get(url).content).pages[0]) == {1, 2, 3, 4}
    assert boards_on(read_pdf(client.get(url, {"per_page": "6"}).content).pages[0]) == set(range(1, 7))
    refused = client.get(url, {"per_page": "5"})
    assert refused.status_code == 400
    assert "Hand records print 4 or 6 boards a page: choose one." in refused.content.decode()
    assert refused["Content-Type"].startswith("text/html")  # the site's 400 page
