"""Closing a night with every result accounted for, and reopening it for corrections.

A board a table was to play with no result is listed when the director closes the event, and the
event does not close until he rules on it: an artificial adjusted score for each side (Law 12C2),
"not played" (the event's factoring or Law B (3) average), or the late result. Every standings,
recap, traveller and export then says which board a pair did not play and why. What the director
types from a traveller is confirmed by him when entered. A reopened night says on every public
page that its scores are provisional, and the audit log keeps who reopened it and why.
"""

from __future__ import annotations

import io
import re
import uuid
from fractions import Fraction
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from scoring.contests.pairs import Irregular
from tests.tournament.contract_night import make_contract_event, make_contract_result, name_pairs
from tests.tournament.factories import make_club, make_event, make_member, make_result
from tournament.models import AuditEntry, Event, Membership, Result, Ruling, Seating
from tournament.scores.standings import score_section
from tournament.services import events as event_service

pytestmark = pytest.mark.django_db

# The board left without a result: board 3, played in round 2 at table 2 of a three-table Mitchell.
GAP_ROUND, GAP_TABLE = 2, 2


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode()).replace("&#x27;", "'")


class Night:
    """A night in play, every board entered at its table (awaiting the opponents) but one."""

    def __init__(self, contract: bool = True, tables: int = 3) -> None:
        self.club = make_club()
        self.director = make_member(self.club)
        if contract:
            self.event = make_contract_event(self.club, self.director, pairs=2 * tables)
        else:
            self.event = make_event(self.club, self.director, pairs=2 * tables)
        name_pairs(self.event, self.director)
        event_service.set_status(event=self.event, user=self.director, status=Event.Status.RUNNING)
        self.gap = Seating.objects.select_related("table", "ns", "ew", "section__event").get(
            section__event=self.event, round=GAP_ROUND, table__number=GAP_TABLE
        )
        self.board = self.gap.board_numbers[0]
        seatings = Seating.objects.filter(section__event=self.event).select_related(
            "table", "ns", "ew", "section__event"
        )
        for seating in seatings:
            for number in seating.board_numbers:
                if (seating.pk, number) == (self.gap.pk, self.board):
                    continue
                make = make_contract_result if contract else make_result
                make(seating, number, "3NT N 9" if contract else "1H N 7", table=seating.table)
        self.client = Client()
        self.client.force_login(self.director)

    @property
    def args(self) -> list[Any]:
        return [self.club.slug, self.event.pk]

    def lock(self, **data: str) -> Any:
        return self.client.post(reverse("event_status", args=self.args), {"action": "lock", **data})

    def publish(self) -> None:
        self.event.refresh_from_db()
        event_service.set_status(event=self.event, user=self.director, published=True)

    def rule(self, choice: str, reason: str = "The table ran out of time.", **averages: str) -> Any:
        key = f"{self.gap.pk}-{self.board}"
        data = {f"{key}-choice": choice, f"{key}-reason": reason}
        data.update({f"{key}-{name}": value for name, value in averages.items()})
        url = reverse("missing_rule", args=[*self.args, self.gap.pk, self.board])
        return self.client.post(url, data)

    def ruled(self) -> Result:
        return Result.objects.get(seating=self.gap, board__number=self.board)


def test_closing_lists_the_board_with_no_result_and_does_not_lock_even_anyway() -> None:
    night = Night()
    response = night.lock(anyway="1")
    page = text(response)
    assert response.status_code == 200
    assert not Event.objects.get(pk=night.event.pk).is_locked
    assert "1 result missing" in page
    assert f"<strong>Board {night.board}</strong>" in response.content.decode()
    assert reverse("missing_rule", args=[*night.args, night.gap.pk, night.board]) in page
    assert 'id="lock-anyway"' not in page  # no way round a missing result but a ruling


def test_an_adjusted_score_ruled_from_the_close_page_gives_average_plus_and_minus_to_each_side() -> None:
    night = Night()
    response = night.rule("adjusted", ns_average="A+", ew_average="A-")
    assert response.status_code == 302
    result = night.ruled()
    ruling = result.rulings.get()
    assert (result.not_played, ruling.kind, ruling.law, ruling.ns_average, ruling.ew_average) == (
        True,
        Ruling.Kind.ARTIFICIAL,
        "Law 12C2",
        "A+",
        "A-",
    )
    sheet = score_section(night.gap.section)
    figures = sheet.payload.table(result.pk)
    top = sheet.payload.boards[night.board].top
    assert (figures.ns_figure, figures.ew_figure) == (top * Fraction(60, 100), top * Fraction(40, 100))
    why = AuditEntry.objects.filter(result=result, user=night.director).values_list("action", "reason")
    assert set(why) == {("create", "The table ran out of time."), ("ruling", "The table ran out of time.")}
    assert night.lock(anyway="1").status_code == 302
    assert Event.objects.get(pk=night.event.pk).is_locked


def test_not_played_at_matchpoints_scores_both_pairs_on_the_boards_they_played() -> None:
    night = Night()
    assert night.rule("not_played").status_code == 302
    assert night.ruled().rulings.get().kind == Ruling.Kind.NOT_PLAYED
    sheet = score_section(night.gap.section)
    assert not sheet.problems
    boards = {line.pair: line.boards for line in sheet.payload.standings}
    assert boards.pop(night.gap.ns.label) == boards.pop(night.gap.ew.label) == 5
    assert set(boards.values()) == {6}


def test_not_played_at_duplicate_auction_gives_each_side_the_average_of_its_direction() -> None:
    night = Night(contract=False)
    assert night.rule("not_played").status_code == 302
    sheet = score_section(night.gap.section)
    scored = next(s for s in sheet.results if s.result.pk == night.ruled().pk)
    assert (scored.irregular, scored.problem, sheet.problems) == (Irregular.WITHDRAWN, "", [])


def test_the_close_page_refuses_an_adjusted_score_without_a_reason_and_keeps_the_board_missing() -> None:
    night = Night()
    response = night.rule("adjusted", reason="", ns_average="A+", ew_average="A-")
    assert response.status_code == 422
    assert "Say why the board has no result" in text(response)
    assert not Result.objects.filter(seating=night.gap, board__number=night.board).exists()


def test_every_standings_recap_traveller_and_export_names_the_board_not_played() -> None:
    night = Night()
    night.rule("adjusted", ns_average="A+", ew_average="A-")
    night.lock(anyway="1")
    night.publish()
    said = (
        f"Board {night.board} not played at table {GAP_TABLE}, round {GAP_ROUND} "
        f"(N-S {night.gap.ns.label}, E-W {night.gap.ew.label}): adjusted score, N-S Average-plus and "
        "E-W Average-minus (Law 12C2), the director's ruling."
    )
    visitor = Client()
    pages = [
        reverse("event", args=night.args),
        reverse("recap", args=[*night.args, night.gap.ns.pk]),
        reverse("recap", args=[*night.args, night.gap.ew.pk]),
        reverse("traveller", args=[*night.args, "A", night.board]),
    ]
    for url in pages:
        assert said in text(visitor.get(url)), url
    csv = night.client.get(reverse("export_csv", args=night.args)).content.decode("utf-8-sig")
    assert said in csv
    book = load_workbook(io.BytesIO(night.client.get(reverse("export_xlsx", args=night.args)).content))
    cells = {str(c.value) for sheet in book.worksheets for row in sheet.iter_rows() for c in row}
    assert said in cells


def test_a_result_the_director_types_from_the_traveller_is_confirmed_by_him_in_the_same_entry() -> None:
    night = Night()
    scorer = make_member(night.club, Membership.Role.SCORER)
    url = reverse("traveller_entry", args=[*night.args, "A", night.board])
    night.client.post(url, {"seating": night.gap.pk, "entry": "4S N 10", "request_key": str(uuid.uuid4())})
    result = night.ruled()
    assert (result.status, result.confirmed_by, result.status_text) == (
        "confirmed",
        night.director,
        "Confirmed by the director",
    )
    entry = AuditEntry.objects.get(result=result)  # one entry: entered and confirmed together
    assert (entry.action, entry.user, entry.after["status"], entry.after["confirmed_by"]) == (
        "create",
        night.director,
        "confirmed",
        "the director",
    )
    result.delete()
    by_scorer = make_contract_result(night.gap, night.board, "4S N 10", user=scorer)
    assert by_scorer.status == "entered"  # a scorer's typing still waits for the opponents


def test_the_close_page_groups_what_waits_by_round_and_table_folded_away() -> None:
    night = Night()
    page = night.lock().content.decode()
    rounds = re.findall(r'<details class="close-round" id="close-round-(\d+)"( open)?>', page)
    assert [int(number) for number, _ in rounds] == [1, 2, 3]
    assert [number for number, opened in rounds if opened] == [str(GAP_ROUND)]  # where the board is missing
    round_one = page.split('id="close-round-1"')[1].split("</details>")[0]
    assert round_one.count("<tr>") == 3  # one line a table
    assert "Round 1: 6 to confirm" in text(night.lock())


def test_the_close_page_reads_the_same_number_of_queries_whatever_the_size_of_the_night() -> None:
    counts = []
    for tables in (3, 5):
        night = Night(tables=tables)
        url = reverse("event_close", args=night.args)
        night.client.get(url)
        with CaptureQueriesContext(connection) as queries:
            assert night.client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_reopening_asks_why_and_every_public_page_says_provisional_until_closed_again() -> None:
    night = Night()
    night.rule("not_played")
    night.lock(anyway="1")
    night.publish()
    status = reverse("event_status", args=night.args)
    night.client.post(status, {"action": "reopen"})
    assert Event.objects.get(pk=night.event.pk).is_locked  # no reason, no reopening
    night.client.post(status, {"action": "reopen", "reason": "Board 5 was scored the wrong way round."})
    event = Event.objects.get(pk=night.event.pk)
    assert (event.status, event.reopened) == ("running", True)
    entry = AuditEntry.objects.filter(action="event").latest("id")
    assert (entry.subject, entry.user, entry.reason) == (
        "Event reopened for corrections",
        night.director,
        "Board 5 was scored the wrong way round.",
    )
    visitor = Client()
    pages = [
        reverse("event", args=night.args),
        reverse("recap", args=[*night.args, night.gap.ns.pk]),
        reverse("traveller", args=[*night.args, "A", 1]),
    ]
    for url in pages:
        assert "Provisional: being corrected." in text(visitor.get(url)), url
    night.lock(anyway="1")
    assert "Provisional" not in text(visitor.get(pages[0]))


def test_only_the_clubs_director_rules_on_a_missing_result() -> None:
    night = Night()
    scorer = make_member(night.club, Membership.Role.SCORER)
    other = make_member(make_club())
    key = f"{night.gap.pk}-{night.board}"
    data = {f"{key}-choice": "not_played", f"{key}-reason": "Ran out of time."}
    url = reverse("missing_rule", args=[*night.args, night.gap.pk, night.board])
    for user, status, page in ((scorer, 403, 200), (other, 404, 404)):
        client = Client()
        client.force_login(user)
        assert client.post(url, data).status_code == status
        response = client.get(reverse("event_close", args=night.args))
        assert response.status_code == page  # a scorer may look, and is offered no ruling
        assert 'class="missing-form"' not in response.content.decode()
    elsewhere = reverse("missing_rule", args=[*night.args, night.gap.pk, 99])  # a board not at that table
    assert night.client.post(elsewhere, data).status_code == 404
    assert not Result.objects.filter(seating=night.gap, board__number=night.board).exists()


def test_every_missing_board_is_ruled_not_played_in_one_step_with_its_reason() -> None:
    night = Night()
    Result.objects.filter(seating__round=3, seating__table__number=1).delete()  # a table that left early
    page = text(night.lock())
    assert "3 results missing" in page and 'id="missing-all"' in page
    url = reverse("missing_all_not_played", args=night.args)
    night.client.post(url, {"all-reason": ""})
    assert Result.objects.filter(not_played=True).count() == 0  # no reason, nothing ruled
    night.client.post(url, {"all-reason": "Table 1 left before the last round."})
    ruled = Result.objects.filter(not_played=True)
    assert ruled.count() == 3
    assert {r.kind for r in Ruling.objects.filter(result__in=ruled)} == {Ruling.Kind.NOT_PLAYED}
    assert night.lock(anyway="1").status_code == 302


def test_a_board_ruled_not_played_is_explained_on_its_pages_without_a_traceback() -> None:
    night = Night()
    night.rule("not_played")
    result = night.ruled()
    director_page = text(night.client.get(reverse("result_edit", args=[*night.args, result.pk])))
    assert "Not played: each pair is scored on the boards it played" in director_page
    assert "(Law 78A)" in director_page
    explained = night.client.get(reverse("explain", args=[*night.args, result.pk]))
    assert explained.status_code == 200


def test_the_results_files_leave_out_a_board_ruled_not_played_as_for_a_table_that_sat_out() -> None:
    night = Night()
    night.rule("not_played")
    night.lock(anyway="1")
    pbn = night.client.get(reverse("session_export", args=[*night.args, "pbn"]))
    usebio = night.client.get(reverse("session_export", args=[*night.args, "usebio"]))
    assert (pbn.status_code, usebio.status_code) == (200, 200)
    tables = re.findall(
        r'\[Board "(\d+)"\].*?\[ScoreTable[^\]]*\]\r?\n(.*?)\r?\n\r?\n', pbn.content.decode(), re.S
    )
    lines = dict(tables)[str(night.board)].splitlines()
    assert len(lines) == 2  # three tables play the board; the one ruled not played has no line


@pytest.mark.parametrize("doc", ["standings", "recaps", "travellers"])
def test_the_printed_standings_recaps_and_travellers_name_the_board_not_played(doc: str) -> None:
    from tests.tournament.pdf_text import read_pdf

    night = Night()
    night.rule("adjusted", ns_average="A+", ew_average="A-")
    night.lock(anyway="1")
    response = night.client.get(reverse("pdf_document", args=[*night.args, doc]))
    words = " ".join(
        read_pdf(
            b"".join(response.streaming_content) if response.streaming else response.content
        ).text.split()
    )
    assert f"Board {night.board} not played at table {GAP_TABLE}, round {GAP_ROUND}" in words
    assert "N-S Average-plus and E-W Average-minus (Law 12C2)" in words
