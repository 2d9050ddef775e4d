"""The director types a traveller from the keyboard alone, as fast as typing: Enter saves a row
without reloading the page and the focus moves to the next row still to enter.

A ten-table board of a night with hand records (dealt by ``hand_records.deal_boards``, so no
honours are typed) is entered with every keystroke counted: at most ten a row on average
(``3hx n 9`` and Enter is eight). The database holds each row once, with one audit entry, and
each score shown is the engine's, computed here from the stored cards. Without hand records the
honours are typed in the same row: Tab reaches its N, E, S and W boxes.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.auction.deal import Deal, score_deal
from scoring.auction.entry import parse_entry
from scoring.auction.honours import honours_held
from scoring.shared.cards import Hands
from tests.e2e.conftest import Director
from tests.tournament.factories import make_event
from tournament.models import AuditEntry, Board, Event, Result, Seating
from tournament.scores.facts import options_for
from tournament.services import hand_records
from tournament.services.events import set_status

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# One row a table: strains of every kind, doubled and not, made and down, lower case as typed fast.
ROWS = ["3hx n 9", "4s e 10", "2nt w 8", "1c s 7", "3d n 8"]
ROWS += ["2h e 9", "4h s 10", "3nt n 9", "2s w 7", "5cx e 11"]


class Keyboard:
    """The director's keyboard: every key pressed goes through here and is counted."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.count += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1


def night(director: Director, **kwargs: Any) -> tuple[Event, list[Seating]]:
    """Twenty pairs at ten tables (a relay Mitchell), one board a round: board 1 is played ten times."""
    event = make_event(director.club, director.user, pairs=20, boards_per_round=1, **kwargs)
    set_status(event=event, user=director.user, status=Event.Status.RUNNING)
    seatings = Seating.objects.filter(section__event=event).select_related("table")
    board_one = (s for s in seatings if 1 in s.board_numbers)
    return event, sorted(board_one, key=lambda s: (s.round, s.table.number))


def open_traveller(
    director: Director, page: Page, live_server: Any, *, dealt: bool = False
) -> tuple[Event, list[Seating]]:
    """The night, its hand records dealt from a seed if ``dealt``, and board 1's traveller open."""
    event, seatings = night(director)
    if dealt:
        hand_records.deal_boards(event=event, seed=2026, user=director.user)
    page.goto(live_server.url + entry_url(event))
    return event, seatings


def expect_score(page: Page, seating: Seating, score: Any, where: str = ".score") -> None:
    expect(page.locator(f"#seating-{seating.pk} {where}")).to_contain_text(
        f"N-S {score.ns.total} · E-W {score.ew.total}"
    )


def entry_url(event: Event, number: int = 1) -> str:
    return reverse("traveller_entry", args=[event.club.slug, event.pk, "A", number])


def expected_score(
    event: Event, text: str, hands: Hands | None, typed: tuple[int, int, int, int] = (0, 0, 0, 0)
) -> Any:
    """The engine's score of a row: the honours from the cards when dealt, else as typed."""
    entry = parse_entry(text)
    assert entry.contract is not None
    held = honours_held(hands, entry.contract.strain) if hands else typed
    deal = Deal(contract=entry.contract, declarer=entry.declarer, tricks=entry.tricks, honours=held)
    return score_deal(deal, options_for(event))


def test_a_ten_table_board_is_typed_at_most_ten_keys_a_row_and_saved_once(
    director: Director, director_page: Page, live_server: Any
) -> None:
    page = director_page
    event, seatings = open_traveller(director, page, live_server, dealt=True)
    hands = Hands.parse(Board.objects.get(section__event=event, number=1).hands)
    assert len(seatings) == 10
    expect(page.locator("form.entry-row")).to_have_count(10)
    expect(page.locator("input[name^=honours]")).to_have_count(0)  # the cards count them
    page.evaluate("window.notReloaded = true")
    keys = Keyboard(page)
    for at, (seating, text) in enumerate(zip(seatings, ROWS, strict=True)):
        expect(page.locator(f"#seating-{seating.pk} [name=entry]")).to_be_focused()
        keys.type(text)
        if at == 0:  # the live score and its explanation, before anything is saved
            expect_score(page, seating, expected_score(event, text, hands), "[data-preview]")
        keys.press("Enter")
        expect(page.locator(f"#seating-{seating.pk}.saved")).to_be_visible()
    expect(page.locator("#next-board")).to_be_focused()  # the board is done: Enter goes on
    assert page.evaluate("window.notReloaded") is True
    assert keys.count / len(ROWS) <= 10, keys.count
    assert keys.count == sum(len(text) + 1 for text in ROWS)

    results = Result.objects.filter(section__event=event, board__number=1)
    assert sorted(results.values_list("seating_id", flat=True)) == sorted(s.pk for s in seatings)
    for seating, text in zip(seatings, ROWS, strict=True):
        result = results.get(seating=seating)
        assert AuditEntry.objects.filter(result=result, action="create").count() == 1
        expect_score(page, seating, expected_score(event, text, hands))


def test_without_hand_records_the_honours_are_typed_in_the_same_row_and_a_mistake_stays_on_it(
    director: Director, director_page: Page, live_server: Any
) -> None:
    page = director_page
    event, seatings = open_traveller(director, page, live_server)
    first, second = seatings[0], seatings[1]
    keys = Keyboard(page)
    keys.type("4s n 10")
    for key in ("Tab", "2", "Tab", "Tab", "1", "Enter"):  # N 2, E none, S 1
        keys.press(key)
    expect(page.locator(f"#seating-{first.pk}.saved")).to_be_visible()
    expect_score(page, first, expected_score(event, "4s n 10", None, (2, 0, 1, 0)))
    assert Result.objects.get(seating=first).honours == (2, 0, 1, 0)
    assert keys.count == 13

    # A row the engine refuses: the error sits on it, what was typed stays, nothing is saved.
    entry = page.locator(f"#seating-{second.pk} [name=entry]")
    expect(entry).to_be_focused()
    keys.type("8h n 13")
    keys.press("Enter")
    expect(page.locator(f"#seating-{second.pk} [data-error-for=entry]")).to_contain_text("Law 50")
    expect(page.locator(f"#seating-{second.pk} [name=entry]")).to_have_value("8h n 13")
    assert not Result.objects.filter(seating=second).exists()
    page.keyboard.press("Control+a")
    keys.type("4h n 10")
    keys.press("Enter")
    keys.press("Enter")  # a double Enter: the row is saved once, the next row is not saved empty
    expect(page.locator(f"#seating-{second.pk}.saved")).to_be_visible()
    assert Result.objects.filter(seating=second).count() == 1
    assert Result.objects.filter(section__event=event).count() == 2
    assert AuditEntry.objects.filter(result__seating=second, action="create").count() == 1


def test_pagedown_and_pageup_go_to_the_next_board_and_back(
    director: Director, director_page: Page, live_server: Any
) -> None:
    page = director_page
    event, _ = open_traveller(director, page, live_server)
    page.keyboard.press("PageDown")
    page.wait_for_url(f"**{entry_url(event, 2)}")
    expect(page.locator("form.entry-row [name=entry]").first).to_be_focused()
    page.keyboard.press("Alt+ArrowLeft")
    page.wait_for_url(f"**{entry_url(event, 1)}")
    page.keyboard.press("Alt+ArrowRight")
    page.wait_for_url(f"**{entry_url(event, 2)}")
    page.keyboard.press("PageUp")
    page.wait_for_url(f"**{entry_url(event, 1)}")


def test_every_saved_row_and_the_top_follow_the_board_as_each_row_is_saved(
    director: Director, director_page: Page, live_server: Any
) -> None:
    """Contract bridge by matchpoints (Law 78A): the first row's matchpoints and the board's top move
    with every row saved after it, without a reload."""
    from tests.tournament.contract_night import make_contract_event

    page = director_page
    event = make_contract_event(director.club, director.user, pairs=20, boards_per_round=1)
    set_status(event=event, user=director.user, status=Event.Status.RUNNING)
    seatings = Seating.objects.filter(section__event=event).select_related("table")
    first = min((s for s in seatings if 1 in s.board_numbers), key=lambda s: (s.round, s.table.number))
    page.goto(live_server.url + entry_url(event))
    page.evaluate("window.notReloaded = true")
    row_one = page.locator(f"#seating-{first.pk} .score")
    top = page.locator("#traveller-lines")
    # 620, then three results it beats: 2 matchpoints for each (Law 78A), the top 2 a result more.
    for at, text in enumerate(["4s n =", "4s n -1", "3nt s =", "2s n +1"]):
        page.keyboard.type(text)
        page.keyboard.press("Enter")
        expect(row_one).to_contain_text(f"(N-S {2 * at} MP)")
        expect(top).to_contain_text(f"Top {2 * at}:")
    assert page.evaluate("window.notReloaded") is True
