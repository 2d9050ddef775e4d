"""A whole club night in a real Chromium: the director's laptop and three tables' phones.

The director logs in, plans a three-table Mitchell of Duplicate Auction (6 pairs, 3 rounds of
2 boards), checks the movement, creates the night, names two pairs and starts play. Three
phones open their tables (two by the link on the table card, one by its PIN) and enter every
board of every round by tapping: contract, declarer, tricks and honours; an opponent confirms
each result and the table agrees each round. One entry is sent twice with the same request
key (a phone that lost the answer and tapped again): one result, and the page says it was
already saved. One board has irregular hands found after the overplay began: the table does
not enter it, the director rules by Law B before the table agrees its round. The director
closes and publishes the night; a visitor's standings must be the engine's, computed here
from the facts in the database, and the audit log must list every change exactly once.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scoring.auction.deal import Deal, Options, SlamScale, score_deal
from scoring.auction.duplicate_laws import Discovery, Surplus, irregular_hand_outcome
from scoring.auction.entry import parse_entry
from scoring.contests.pairs import PairContest, TableResult, pair_contest
from scoring.shared.seats import SEATS
from tests.e2e.conftest import Director
from tournament.models import AuditEntry, Event, Result, Ruling

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Screenshots for a person to look at, only when asked: E2E_SCREENSHOTS=1 make test-postgres.
SHOTS = Path(tempfile.gettempdir()) / "duplicate-e2e" if os.environ.get("E2E_SCREENSHOTS") else None
CLUB = "riverside"


@dataclass(frozen=True)
class Play:
    """What one table reports for one board: the compact result line and the honours N, E, S, W."""

    round: int
    table: int
    board: int
    text: str = ""
    honours: tuple[int, int, int, int] = (0, 0, 0, 0)


# The three-table Mitchell: N-S stay, E-W move up, the boards move down; each board is played
# at every table. Doubled, redoubled, failed and made contracts, a slam, royals, no trump, and
# honours held by the declaring side on some deals and by the adversaries on others.
NIGHT = (
    Play(1, 1, 1, "2H N 8", (2, 1, 1, 1)),
    Play(1, 1, 2, "1NT E 7", (0, 2, 0, 1)),
    Play(1, 2, 3, "4S S 10", (2, 1, 1, 1)),
    Play(1, 2, 4, "2D W 8", (0, 2, 1, 2)),
    Play(1, 3, 5, "3NT N 9", (2, 0, 1, 1)),
    Play(1, 3, 6, "2C E 9", (1, 2, 0, 2)),
    Play(2, 1, 3, "4R S 9", (2, 1, 2, 0)),
    Play(2, 1, 4, "3DX W 7", (1, 1, 1, 2)),
    Play(2, 2, 5, "3NT N 11", (1, 1, 1, 1)),
    Play(2, 2, 6, "6H S 12", (2, 1, 2, 0)),
    Play(2, 3, 1, "4H N 10", (1, 2, 1, 1)),
    Play(2, 3, 2, "2NT E 9", (1, 1, 1, 1)),
    Play(3, 1, 5, "4S E 8", (1, 2, 1, 1)),
    Play(3, 1, 6, "3HX N 10", (1, 1, 2, 1)),
    Play(3, 2, 1, "3HX N 8", (2, 0, 2, 1)),
    Play(3, 2, 2, "3C W 9", (0, 3, 0, 2)),
    Play(3, 3, 3),  # irregular hands, found after the overplay began: ruled by the director
    Play(3, 3, 4, "5DXX W 11", (0, 3, 0, 2)),
)
IRREGULAR = (3, 3, 3)  # round, table, board
SENT_TWICE = (1, 3, 6)
LEFT_UNCONFIRMED = (2, 1, 3)  # the opponents confirm it only when the table tries to agree the round
NAMES = {"1NS": ("Ada Lovelace", "Charles Babbage"), "2EW": ("Ely Culbertson", "Josephine Culbertson")}


def key(play: Play) -> tuple[int, int, int]:
    return (play.round, play.table, play.board)


# --- the director's laptop -----------------------------------------------------------------


def create_night(page: Page, base: str) -> int:
    """Plan the night, read the checker's verdict, create it; the event's id from the next URL."""
    page.goto(f"{base}/c/{CLUB}/events/new/")
    page.fill("#id_name", "Tuesday pairs")
    page.select_option("#id_game", "auction")
    page.select_option("#id_form", "pairs")
    page.select_option("#id_movement", "mitchell")
    page.fill("#id_pairs", "6")
    page.fill("#id_boards_per_round", "2")
    page.fill("#id_rounds", "")
    page.click("#check-movement")
    check = page.locator("#movement-check")
    expect(check).to_have_class(re.compile(r"\bok\b"))
    expect(check.locator(".verdict")).to_contain_text("passes")
    expect(check.locator(".guide-card")).to_have_count(3)
    page.click("#create-event")
    page.wait_for_url(re.compile(rf"/c/{CLUB}/e/\d+/pairs/$"))
    expect(page.locator("ul.messages")).to_contain_text("Tuesday pairs is set up")
    found = re.search(r"/e/(\d+)/pairs/$", page.url)
    assert found is not None
    return int(found.group(1))


def name_pairs(page: Page) -> None:
    for label, (first, second) in NAMES.items():
        inputs = page.locator(f"#pair-{label} input")
        inputs.nth(0).fill(first)
        inputs.nth(1).fill(second)
    page.click("#save-names")
    expect(page.locator("ul.messages")).to_contain_text("The names are saved.")


def set_state(page: Page, event_url: str, action: str, said: str) -> None:
    page.goto(f"{event_url}/run/")
    page.click(f"#status-{action}")
    page.wait_for_url(f"{event_url}/run/")
    expect(page.locator("ul.messages")).to_contain_text(said)


def table_cards(page: Page, event_url: str) -> dict[int, tuple[str, str]]:
    """Each table's secret link and PIN, as printed on the table cards."""
    page.goto(f"{event_url}/tables/")
    cards = {}
    for number in (1, 2, 3):
        card = page.locator(f"#table-A{number}")
        expect(card.locator(".qr svg")).to_be_visible()
        url = card.locator(".table-url a").get_attribute("href")
        pin = card.locator(".pin").inner_text().strip()
        assert url and re.fullmatch(r"\d{6}", pin), (url, pin)
        cards[number] = (url, pin)
    return cards


def rule_irregular_hands(page: Page, event_url: str, round_: int, table: int, board: int) -> None:
    """From the traveller of the board: irregular hands, found after the overplay began (Law B (3))."""
    page.goto(f"{event_url}/run/")
    page.locator(".board-links a", has_text=re.compile(rf"^{board}$")).click()
    page.get_by_role("link", name="Irregular hands on this board (Law B)").click()
    page.wait_for_url(f"{event_url}/s/A/boards/{board}/irregular/")
    seating = page.locator("#id_seating option", has_text=f"Round {round_}, table {table}: ")
    page.select_option("#id_seating", seating.get_attribute("value"))
    page.select_option("#id_discovered", Discovery.AFTER_OVERPLAY_BEGAN.value)
    page.select_option("#id_surplus_with", Surplus.ADVERSARY.value)
    page.select_option("#id_short_side", "NS")
    page.get_by_role("button", name="Rule by Law B").click()
    page.wait_for_url(re.compile(rf"{event_url}/results/\d+/$"))
    expect(page.locator("ul.messages")).to_contain_text("each pair takes the average score for that deal")
    expect(page.locator("#score-irregular")).to_be_visible()


# --- the phones ----------------------------------------------------------------------------


def tap(page: Page, field: str, value: str) -> None:
    """Tap one of a field's big buttons and see it chosen."""
    group = page.locator(f"#{field}-group")
    group.locator("label.tbl-choice").filter(has=page.locator(f'input[value="{value}"]')).tap()
    expect(group.locator(f'input[value="{value}"]')).to_be_checked()


def made_text(level: int, tricks: int) -> str:
    over = tricks - (6 + level)
    return "Made exactly." if over == 0 else f"Made, {over} over." if over > 0 else f"Down {-over}."


def fill_board(page: Page, play: Play) -> None:
    entry = parse_entry(play.text)
    assert entry.contract is not None and entry.declarer is not None
    tap(page, "level", str(entry.contract.level))
    tap(page, "strain", entry.contract.strain.code)
    if entry.contract.doubling.suffix:
        tap(page, "doubling", entry.contract.doubling.suffix)
    tap(page, "declarer", entry.declarer.value)
    tap(page, "tricks", str(entry.tricks))
    expect(page.locator("#made")).to_have_text(made_text(entry.contract.level, entry.tricks))
    for seat, count in zip(SEATS, play.honours, strict=True):
        page.select_option(f"#id_honours_{seat.value.lower()}", str(count))


def send_without_answer(page: Page, board: int) -> None:
    """The phone sends the form, then loses the connection: the answer never reaches the screen."""
    answer = page.evaluate(
        """() => {
            const form = document.getElementById("entry");
            return fetch(form.action, {method: "POST", body: new FormData(form)}).then(r => r.text());
        }"""
    )
    assert f"Board {board} saved." in answer


def assert_fits(page: Page) -> None:
    """A phone's page never scrolls sideways."""
    wide, screen = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert wide <= screen, f"{page.url} is {wide}px wide on a {screen}px screen"


def enter_board(
    page: Page, play: Play, *, sent_twice: bool = False, shot: Path | None = None, confirm: bool = True
) -> None:
    """Tap the board, fill it in, save it; the opponents read the score and confirm it (or not yet)."""
    page.locator("#to-enter a", has_text=re.compile(rf"^Board {play.board}$")).tap()
    page.wait_for_url(re.compile(rf"/round/{play.round}/board/{play.board}/$"))
    expect(page.locator("h1")).to_have_text(f"Table {play.table} · round {play.round} · board {play.board}")
    fill_board(page, play)
    assert_fits(page)
    if shot is not None:
        page.screenshot(path=shot, full_page=True)
    if sent_twice:
        send_without_answer(page, play.board)
    page.locator("#save").tap()
    page.wait_for_url(re.compile(r"/results/\d+/$"))
    said = (
        f"Already saved: board {play.board} was recorded before; nothing new."
        if sent_twice
        else f"Board {play.board} saved."
    )
    expect(page.locator("ul.messages")).to_have_text(said)
    expect(page.locator("#net-ns")).to_have_text(str(score_of_play(play)))
    assert_fits(page)
    if shot is not None:
        page.screenshot(path=shot.with_name("phone-result.png"), full_page=True)
    if not confirm:
        page.locator(".tbl-back").tap()
        page.wait_for_url(re.compile(rf"/\?round={play.round}$"))
        return
    page.locator("#confirm-button").tap()
    page.wait_for_url(re.compile(rf"/\?round={play.round}$"))
    expect(page.locator("ul.messages")).to_have_text(f"Board {play.board} confirmed.")


def confirm_before_agreeing(page: Page, board: int) -> None:
    """The round cannot be agreed while a board awaits the opponents: the page lists it to confirm."""
    expect(page.locator("#agree")).to_have_count(0)
    expect(page.locator("#to-confirm a")).to_have_text([f"Confirm board {board}"])
    page.locator("#to-confirm a").tap()
    page.wait_for_url(re.compile(r"/results/\d+/$"))
    page.locator("#confirm-button").tap()
    expect(page.locator("ul.messages")).to_have_text(f"Board {board} confirmed.")
    expect(page.locator("#to-confirm")).to_have_count(0)


def agree_round(page: Page, round_: int) -> None:
    page.locator("#agree").tap()
    expect(page.locator("ul.messages")).to_contain_text(f"Round {round_} agreed.")


def see_the_ruling_but_not_change_it(page: Page, board: int) -> None:
    """The table sees the director's Law B ruling; it may neither confirm nor correct it."""
    home = page.url
    page.locator("#entered a", has_text=f"Board {board}").tap()
    page.wait_for_url(re.compile(r"/results/\d+/$"))
    expect(page.locator("#facts")).to_have_text("Not played (Law B)")
    expect(page.locator("#confirm")).to_have_count(0)
    assert_fits(page)
    page.goto(page.url + "edit/")
    expect(page.locator("#notice")).to_have_text(
        f"The director ruled on board {board} (Law B): only the director may change it."
    )
    expect(page.locator("#entry")).to_have_count(0)
    page.goto(home)


def open_by_pin(page: Page, pin: str, table_url: str) -> None:
    page.goto("/t/")
    page.fill("#id_pin", pin)
    page.get_by_role("button", name="Open the table").tap()
    page.wait_for_url(table_url)


# --- the engine, directly ------------------------------------------------------------------

OPTIONS = Options(slams=SlamScale.parse(Event.Slams.AMERICAN), duplicate=True)


def deal_of(contract: str, declarer: str, tricks: int, honours: tuple[int, int, int, int]) -> Deal:
    return Deal.build(
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        honours={seat.value: count for seat, count in zip(SEATS, honours, strict=True)},
    )


def score_of_play(play: Play) -> int:
    entry = parse_entry(play.text)
    assert entry.contract is not None and entry.declarer is not None
    contract = f"{entry.contract.level}{entry.contract.strain.code}{entry.contract.doubling.suffix}"
    return score_deal(deal_of(contract, entry.declarer.value, entry.tricks, play.honours), OPTIONS).net_ns


def engine_contest(results: list[Result]) -> PairContest:
    """The pair contest of Law H from the stored facts, by the engine alone."""
    ruled = irregular_hand_outcome(Discovery.AFTER_OVERPLAY_BEGAN, 3, Surplus.ADVERSARY).contest_entry("NS")
    assert ruled is not None
    rows = []
    for r in results:
        deal, ns, ew = str(r.board.number), r.ns.label, r.ew.label
        if r.not_played:
            rows.append(TableResult.irregular_hands(deal, ns, ew, ruled))
            continue
        honours = (r.honours_n, r.honours_e, r.honours_s, r.honours_w)
        score = score_deal(deal_of(r.contract_text, r.declarer, r.tricks, honours), OPTIONS)
        rows.append(TableResult.auction(deal, ns, ew, score.net_ns))
    return pair_contest(rows)


def signed_whole(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def read_fraction(text: str) -> Fraction:
    """ "+49 2/3", "−16 1/2", "2/3" as shown on the page, back to a number."""
    found = re.fullmatch(r"([+−-]?)(?:(\d+) )?(?:(\d+)/(\d+)|(\d+))", text.strip())
    assert found is not None, text
    sign, whole, numerator, denominator, integer = found.groups()
    value = (
        Fraction(int(integer))
        if integer
        else Fraction(int(whole or 0)) + Fraction(int(numerator), int(denominator))
    )
    return -value if sign in ("−", "-") else value


def shown_standings(page: Page, key: str) -> dict[str, dict[str, str]]:
    """One standings table on the page, by pair: its cells by column heading."""
    table = page.locator(f"#table-{key} table")
    headings = [text.strip() for text in table.locator("thead th").all_inner_texts()]
    rows = {}
    for row in table.locator("tbody tr").all():
        cells = dict(
            zip(headings, (text.strip() for text in row.locator("td").all_inner_texts()), strict=True)
        )
        rows[cells["Pair"]] = cells
    return rows


# --- what the night must show ---------------------------------------------------------------


def assert_stored_as_tapped(event_id: int) -> list[Result]:
    """The database holds exactly what the phones tapped: one result per board per table."""
    assert Event.objects.get(pk=event_id).slams == Event.Slams.AMERICAN  # the engine's OPTIONS here
    results = list(
        Result.objects.filter(section__event_id=event_id)
        .select_related("board", "seating__table", "ns", "ew")
        .order_by("board__number", "seating__round")
    )
    stored = {(r.seating.round, r.seating.table.number, r.board.number): r for r in results}
    assert len(results) == len(NIGHT) and set(stored) == {key(p) for p in NIGHT}
    for play in NIGHT:
        result = stored[key(play)]
        if key(play) == IRREGULAR:
            assert result.not_played
            continue
        contract, declarer, tricks = play.text.split()
        assert (result.contract_text, result.declarer, result.tricks) == (contract, declarer, int(tricks))
        assert (result.honours_n, result.honours_e, result.honours_s, result.honours_w) == play.honours
        assert result.status == Result.Status.CONFIRMED
    ruling = Ruling.objects.get(result__section__event_id=event_id)
    assert ruling.kind == Ruling.Kind.IRREGULAR_AVERAGE and ruling.result == stored[IRREGULAR]
    return results


def assert_standings_are_the_engines(page: Page, contest: PairContest) -> None:
    """Rank, rounded score, exact fraction and deals of every pair, overall and in each direction."""
    for table_key, standings in (
        ("A-overall", contest.standings),
        ("A-ns", contest.ns_standings),
        ("A-ew", contest.ew_standings),
    ):
        shown = shown_standings(page, table_key)
        assert set(shown) == {s.pair for s in standings}, table_key
        ranks = Counter(s.rank for s in standings)
        for standing in standings:
            row = shown[standing.pair]
            tie = "=" if ranks[standing.rank] > 1 else ""
            assert row["Rank"] == f"{standing.rank}{tie}", (table_key, standing, row)
            assert row["Score"] == signed_whole(standing.rounded), (table_key, standing, row)
            assert int(row["Deals"]) == standing.deals, (table_key, standing, row)
            if standing.score.denominator == 1:
                assert row["Exact"] == "", (table_key, standing, row)
            else:
                assert read_fraction(row["Exact"]) == standing.score, (table_key, standing, row)
    assert any(s.score.denominator != 1 for s in contest.standings), "no exact fraction was put to the test"


def assert_every_change_logged_once(page: Page, event_id: int, director: Director) -> None:
    """The audit log, on the page and in the database: every change, each result entered once."""
    log = page.locator("#audit-log")
    expected = {
        AuditEntry.Action.CREATE: len(NIGHT),
        # The opponents confirm each table's entry; the director's Law B ruling is confirmed by him in
        # the entry that records the deal not played.
        AuditEntry.Action.CONFIRM: len(NIGHT) - 1,
        AuditEntry.Action.RULING: 1,
        AuditEntry.Action.AGREE: 9,
        AuditEntry.Action.EVENT: 6,  # set up, two pairs named, started, closed, published
        AuditEntry.Action.UPDATE: 0,
        AuditEntry.Action.DELETE: 0,
        AuditEntry.Action.DISPUTE: 0,
    }
    in_db = Counter(AuditEntry.objects.filter(event_id=event_id).values_list("action", flat=True))
    for action, count in expected.items():
        expect(log.locator(f"tr.audit-{action}")).to_have_count(count)
        assert in_db[action] == count, action
    total = sum(expected.values())
    expect(log.locator("h2")).to_contain_text(f"{total} entries")
    assert sum(in_db.values()) == total

    def subject(where: tuple[int, int, int]) -> str:
        round_, table, board = where
        return f"Board {board}, round {round_}, table {table}"

    entered = log.locator("tr.audit-create")
    expect(entered.filter(has_text=subject(SENT_TWICE))).to_have_count(1)
    table = SENT_TWICE[1]
    by_device = sum(1 for p in NIGHT if p.table == table and key(p) != IRREGULAR)
    expect(entered.filter(has_text=f"Table {table} device")).to_have_count(by_device)
    ruled = log.locator("tr.audit-ruling")
    expect(ruled).to_contain_text(subject(IRREGULAR))
    expect(ruled).to_contain_text(director.user.username)
    # The director records the deal not played and it is confirmed by him in that one entry.
    ruling_confirmed = entered.filter(has_text=subject(IRREGULAR))
    expect(ruling_confirmed).to_have_count(1)
    expect(ruling_confirmed).to_contain_text(director.user.username)
    expect(ruling_confirmed).to_contain_text("the director")
    expect(log.locator("tr.audit-confirm").filter(has_text=subject(IRREGULAR))).to_have_count(0)


# --- the night -----------------------------------------------------------------------------


def test_a_three_table_night_from_setup_to_published_standings(
    director_page: Page, open_device: Callable[[str], Page], live_server: Any, director: Director
) -> None:
    laptop, base = director_page, live_server.url
    if SHOTS is not None:
        SHOTS.mkdir(exist_ok=True)

    # 1. Set up: plan, check, create, name two pairs; the tables wait until play starts.
    event_id = create_night(laptop, base)
    event_url = f"{base}/c/{CLUB}/e/{event_id}"
    name_pairs(laptop)
    cards = table_cards(laptop, event_url)
    phones = {number: open_device("phone") for number in cards}
    phones[1].goto(cards[1][0])
    expect(phones[1].locator("#closed")).to_contain_text("Play has not started yet")
    set_state(laptop, event_url, "start", "Play has started")

    # 2. The phones open their tables: by the link (QR code) at tables 1 and 3, by the PIN at table 2.
    phones[1].reload()
    phones[3].goto(cards[3][0])
    open_by_pin(phones[2], cards[2][1], cards[2][0])
    for number, page in phones.items():
        expect(page.locator("h1")).to_have_text(f"Table {number} · round 1")
        expect(page.locator("#closed")).to_have_count(0)
    expect(phones[1].locator(".tbl-pairs")).to_contain_text("Ada Lovelace & Charles Babbage")

    # 3. Round by round, every table enters its boards, confirms them and agrees the round;
    #    one board is sent twice, one is irregular and ruled by the director before the table agrees.
    for round_ in (1, 2, 3):
        for number, page in phones.items():
            expect(page.locator("h1")).to_have_text(f"Table {number} · round {round_}")
            plays = [p for p in NIGHT if (p.round, p.table) == (round_, number)]
            expect(page.locator("#to-enter a")).to_have_text([f"Board {p.board}" for p in plays])
            for play in plays:
                if key(play) == IRREGULAR:
                    continue
                shot = SHOTS / "phone-board.png" if SHOTS is not None and key(play) == (1, 1, 1) else None
                confirm = key(play) != LEFT_UNCONFIRMED
                enter_board(page, play, sent_twice=key(play) == SENT_TWICE, shot=shot, confirm=confirm)
            if (round_, number) == LEFT_UNCONFIRMED[:2]:
                confirm_before_agreeing(page, LEFT_UNCONFIRMED[2])
            if (round_, number) == IRREGULAR[:2]:
                expect(page.locator("#agree")).to_have_count(0)
                rule_irregular_hands(laptop, event_url, *IRREGULAR)
                page.reload()
                expect(page.locator("#entered li", has_text=f"Board {IRREGULAR[2]}")).to_contain_text(
                    "Not played (Law B) the director's ruling"
                )
                if SHOTS is not None:
                    page.screenshot(path=SHOTS / "phone-round.png", full_page=True)
                see_the_ruling_but_not_change_it(page, IRREGULAR[2])
            agree_round(page, round_)
    for page in phones.values():
        expect(page.locator("#all-agreed")).to_be_visible()
    results = assert_stored_as_tapped(event_id)

    # 4. The director sees every round agreed, closes the night and publishes the standings.
    laptop.goto(f"{event_url}/run/")
    expect(laptop.locator(".counts .badge.in")).to_have_text(f"{len(NIGHT)} in")
    expect(laptop.locator(".counts .badge.missing")).to_have_text("0 missing")
    expect(laptop.locator(".run-grid .agreed-mark")).to_have_count(9)
    set_state(laptop, event_url, "lock", "The event is closed")
    set_state(laptop, event_url, "publish", "The standings are published")

    # 5. A visitor (no login) sees the engine's standings, with the names the director gave.
    visitor = open_device("desktop")
    visitor.goto(f"/c/{CLUB}/e/{event_id}/")
    assert_standings_are_the_engines(visitor, engine_contest(results))
    overall = shown_standings(visitor, "A-overall")
    assert overall["1NS"]["Names"] == "Ada Lovelace & Charles Babbage"
    assert overall["2EW"]["Names"] == "Ely Culbertson & Josephine Culbertson"
    if SHOTS is not None:
        visitor.screenshot(path=SHOTS / "standings.png", full_page=True)

    # 6. The audit log lists every change once.
    laptop.goto(f"{event_url}/audit/")
    assert_every_change_logged_once(laptop, event_id, director)
