"""Adjusted scores typed where the director types (Laws 12C1, 12C2, 78A, 87B): the traveller row and the
result page read them through one parser, the section's matchpoints apply each kind, and each shows
its law on the screen and in the audit log."""

from __future__ import annotations

import re
import uuid
from fractions import Fraction
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.contract_night import make_contract_result
from tests.tournament.director_cast import Cast, make_cast
from tournament.models import AuditEntry, Event, Result, Ruling, Seating
from tournament.scores.standings import score_section

pytestmark = pytest.mark.django_db

FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


@pytest.fixture
def cast() -> Cast:
    return make_cast(game=Event.Game.CONTRACT, method=Event.Method.MATCHPOINTS)


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode()).strip()


def board_one(cast: Cast) -> list[Seating]:
    """The tables that play board 1, in round order: three, so a top of 4 matchpoints."""
    seatings = Seating.objects.filter(section=cast.section).select_related("table", "section__event")
    return sorted((s for s in seatings if 1 in s.board_numbers), key=lambda s: s.round)


def type_row(cast: Cast, seating: Seating, entry: str, who: str = "director") -> Any:
    url = reverse("traveller_entry", args=[*cast.url_args(), "A", 1])
    data = {"seating": seating.pk, "request_key": str(uuid.uuid4()), "entry": entry}
    return cast.clients[who].post(url, data, **FETCH)


def played_around(cast: Cast) -> tuple[Seating, list[Result]]:
    """Board 1: 4S N = (+420) and 4S N -1 (-50) at two tables; the first table waits for the director."""
    first, *others = board_one(cast)
    results = [
        make_contract_result(seating, 1, entry, user=cast.director)
        for seating, entry in zip(others, ("4S N =", "4S N -1"), strict=True)
    ]
    return first, results


def table_of(cast: Cast, seating: Seating) -> Any:
    result = Result.objects.get(seating=seating, board__number=1)
    return score_section(cast.section).payload.table(result.pk)


def test_a_weighted_score_typed_in_the_row_is_the_weighted_average_of_each_results_matchpoints(
    cast: Cast,
) -> None:
    first, _ = played_around(cast)
    response = type_row(cast, first, "60% 4s n =; 40% 4s n -1")
    assert response.status_code == 200
    assert "Law 12C1(c) weighted: 60% 4S N =, 40% 4S N -1" in text(response)
    ruling = Ruling.objects.get()
    assert (ruling.kind, ruling.law, ruling.assigned) == (
        "assigned",
        "Law 12C1(c)",
        "60% 4S N =; 40% 4S N -1",
    )
    assert Result.objects.get(seating=first, board__number=1).not_played  # the table's own result: none
    table = table_of(cast, first)
    # N-S: +420 beats -50 and ties +420 (3 of 4); -50 ties -50 (1 of 4): 3/5 of 3 + 2/5 of 1.
    assert (table.ns_figure, table.ew_figure) == (Fraction(11, 5), Fraction(9, 5))
    assert "Law 12C1(c) weighted" in table.ns_how
    audit = AuditEntry.objects.get(action="ruling")
    assert audit.after["adjusted"] == "Law 12C1(c) weighted: 60% 4S N =, 40% 4S N -1"


def test_a_score_assigned_by_side_ranks_each_side_in_its_own_direction(cast: Cast) -> None:
    first, _ = played_around(cast)
    assert type_row(cast, first, "NS 4S N =; EW 4S N -1").status_code == 200
    assert Ruling.objects.get().law == "Law 12C1(b)"
    table = table_of(cast, first)
    # N-S on +420 (beats -50, ties +420), E-W on +50 (beats -420, ties +50): the two need not balance.
    assert (table.ns_figure, table.ew_figure) == (3, 3)


def test_percentages_typed_in_the_row_are_that_share_of_the_top(cast: Cast) -> None:
    first, _ = played_around(cast)
    response = type_row(cast, first, "A60/A40")
    assert response.status_code == 200
    ruling = Ruling.objects.get()
    assert (ruling.kind, ruling.law, ruling.assigned, ruling.ns_average) == (
        "artificial",
        "Law 12C2",
        "A60/A40",
        "",
    )
    table = table_of(cast, first)
    assert (table.ns_figure, table.ew_figure) == (Fraction(12, 5), Fraction(8, 5))


def test_average_plus_minus_typed_in_the_row_is_kept_as_each_sides_award(cast: Cast) -> None:
    first, _ = played_around(cast)
    assert type_row(cast, first, "A+/A-").status_code == 200
    ruling = Ruling.objects.get()
    assert (ruling.kind, ruling.ns_average, ruling.ew_average, ruling.assigned) == (
        "artificial",
        "A+",
        "A-",
        "",
    )
    assert table_of(cast, first).adjusted == ("A+", "A-")


def test_not_played_leaves_the_table_out_of_the_board_with_no_problem(cast: Cast) -> None:
    first, results = played_around(cast)
    assert type_row(cast, first, "NP").status_code == 200
    sheet = score_section(cast.section)
    assert Ruling.objects.get().kind == "not_played"
    assert not sheet.problems
    assert table_of(cast, first) is None
    assert sheet.payload.boards[1].top == 2  # two results compared
    assert {sheet.payload.table(r.pk).ns_figure for r in results} == {0, 2}


def test_a_fouled_board_scores_the_table_in_the_group_of_its_version(cast: Cast) -> None:
    first, results = played_around(cast)
    assert type_row(cast, first, "F2 4S N -3").status_code == 200
    ruling = Ruling.objects.get()
    assert (ruling.kind, ruling.law, ruling.assigned) == ("fouled", "Law 87B", "2")
    result = Result.objects.get(seating=first, board__number=1)
    assert (result.contract_text, result.tricks) == ("4S", 7)  # the table's own result, as played
    table = table_of(cast, first)
    # Alone in its group, factored to the 3 results expected: (0 + 1) x 3/1 - 1 = 2 of 4, whatever it scored.
    assert (table.ns_figure, table.ew_figure) == (2, 2)
    assert "Law 87B" in table.ns_how
    # The other two are a group of two: +420 beats -50, factored (2 + 1) x 3/2 - 1 = 7/2.
    assert {table_of(cast, r.seating).ns_figure for r in results} == {Fraction(7, 2), Fraction(1, 2)}


def test_shares_that_do_not_add_up_to_100_come_back_with_the_law(cast: Cast) -> None:
    first, _ = played_around(cast)
    response = type_row(cast, first, "55% 4S N =; 40% 4S N -1")
    assert response.status_code == 422
    assert "55% + 40% is 95 %, not 100 % (Law 12C1(c))." in text(response)
    assert not Result.objects.filter(seating=first).exists() and not Ruling.objects.exists()


def test_a_scorer_may_not_adjust_a_score(cast: Cast) -> None:
    first, _ = played_around(cast)
    response = type_row(cast, first, "A+/A-", who="scorer")
    assert response.status_code == 422
    assert "only the club&#x27;s directors adjust a score (Law 12)" in text(response)
    assert not Result.objects.filter(seating=first).exists() and not Ruling.objects.exists()


def test_the_result_page_takes_a_weighted_score_and_shows_it_with_its_law(cast: Cast) -> None:
    first, _ = played_around(cast)
    result = make_contract_result(first, 1, "3NT S =", user=cast.director)
    url = reverse("ruling_add", args=[*cast.url_args(), result.pk])
    data = {"kind": "assigned", "assigned": "50% 4S N =; 50% 4S N -1", "reason": "Misinformation (Law 21B)."}
    response = cast.clients["director"].post(url, {f"ruling-{k}": v for k, v in data.items()})
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert (ruling.law, ruling.assigned) == ("Law 12C1(c)", "50% 4S N =; 50% 4S N -1")
    page = text(cast.clients["director"].get(reverse("result_edit", args=[*cast.url_args(), result.pk])))
    assert 'id="score-adjusted">Law 12C1(c) weighted: 50% 4S N =, 50% 4S N -1<' in page
    assert table_of(cast, first).ns_figure == 2  # half of 3, half of 1


def test_the_result_page_refuses_shares_that_do_not_add_up_on_the_field(cast: Cast) -> None:
    first, _ = played_around(cast)
    result = make_contract_result(first, 1, "3NT S =", user=cast.director)
    url = reverse("ruling_add", args=[*cast.url_args(), result.pk])
    data = {"kind": "assigned", "assigned": "60% 4S N =; 60% 4S N -1", "reason": "x"}
    response = cast.clients["director"].post(url, {f"ruling-{k}": v for k, v in data.items()})
    assert response.status_code == 200
    assert (
        "60% + 60% is 120 %, not 100 % (Law 12C1(c))." in response.context["ruling_form"].errors["assigned"]
    )
    assert not Ruling.objects.exists()


def test_a_butler_night_imps_each_share_of_a_weighted_score_against_the_datum() -> None:
    cast = make_cast(game=Event.Game.CONTRACT, method=Event.Method.BUTLER)
    first, _ = played_around(cast)
    assert type_row(cast, first, "60% 4S N =; 40% 4S N -1").status_code == 200
    sheet = score_section(cast.section)
    assert not sheet.problems
    board = sheet.payload.boards[1]
    assert board.datum == 190  # +420 and -50: the mean 185, a five rounded away from zero
    table = table_of(cast, first)
    # 3/5 of +420 against +190 (+230, 6 IMPs) and 2/5 of -50 against +190 (-240, -6 IMPs).
    assert (table.ns_figure, table.ew_figure) == (Fraction(6, 5), Fraction(-6, 5))
    assert "Law 12C1(c) weighted" in table.ns_how and "the datum +190" in table.ns_how


def test_a_butler_night_compares_a_fouled_boards_versions_apart() -> None:
    cast = make_cast(game=Event.Game.CONTRACT, method=Event.Method.BUTLER)
    first, results = played_around(cast)
    assert type_row(cast, first, "F2 4S N -3").status_code == 200
    sheet = score_section(cast.section)
    assert not sheet.problems
    assert table_of(cast, first).ns_figure == 0  # alone in version 2: its own score is its datum
    assert {sheet.payload.table(r.pk).ns_figure for r in results} == {6, -6}  # against +190, as before
    assert any("compared apart (Law 87B)" in line for line in sheet.payload.boards[1].lines)


def test_a_butler_night_refuses_percentages_of_the_top_with_a_sentence() -> None:
    cast = make_cast(game=Event.Game.CONTRACT, method=Event.Method.BUTLER)
    first = board_one(cast)[0]
    response = type_row(cast, first, "A60/A40")
    assert response.status_code == 422
    assert "a night scored by IMPs against a datum (Butler pairs) does not score it" in text(response)
    assert not Result.objects.exists()


def test_a_weighted_score_shows_its_law_on_the_traveller_the_explanation_and_the_pdfs(cast: Cast) -> None:
    from tests.tournament.pdf_text import raw_pages
    from tournament.pdf import renderer_for

    first, _ = played_around(cast)
    type_row(cast, first, "60% 4S N =; 40% 4S N -1")
    words = "Law 12C1(c) weighted: 60% 4S N =, 40% 4S N -1"
    director = cast.clients["director"]
    traveller = text(director.get(reverse("traveller", args=[*cast.url_args(), "A", 1])))
    assert words in traveller
    result = Result.objects.get(seating=first, board__number=1)
    explain = text(director.get(reverse("explain", args=[*cast.url_args(), result.pk])))
    assert f'id="adjusted">{words}<' in explain
    for doc in ("travellers", "recaps"):
        _, _, content = renderer_for(cast.event, doc).render()
        printed = " ".join(" ".join(raw_pages(content)).split())
        assert "Law 12C1(c) weighted" in printed, doc


def test_percentages_typed_in_the_row_are_written_to_the_results_file_and_the_rulings_log(cast: Cast) -> None:
    from scoring.files.usebio import read_usebio
    from tournament.interchange.files import export_session
    from tournament.reports.rulings import rulings_rows

    first, _ = played_around(cast)
    type_row(cast, first, "A60/A40")
    line = next(line for line in read_usebio(export_session(cast.event, "usebio")[2]).lines if line.adjusted)
    assert (line.adjusted.ns, line.adjusted.ew) == (60, 40)
    (row,) = rulings_rows(score_section(cast.section))
    assert row.adjustment == "Law 12C2 artificial: N-S 60 % of the top, E-W 40 % of the top"


# A board ruled not played is every game's (Law B (3) at Auction: tests/tournament/test_close_event.py).
@pytest.mark.parametrize("kind", [Ruling.Kind.FOULED, Ruling.Kind.ASSIGNED])
def test_an_auction_night_takes_no_law_12_adjusted_score(kind: str) -> None:
    from tests.tournament.factories import make_result
    from tournament.services.result_facts import ResultRefused
    from tournament.services.rulings import add_ruling

    cast = make_cast(game=Event.Game.AUCTION)
    result = make_result(cast.seating(1, 1), 1, "2H N 8", user=cast.director)
    with pytest.raises(ResultRefused, match=r"Adjusted scores under Law 12 are for contract bridge nights\."):
        add_ruling(result=result, user=cast.director, kind=kind, law="Law 87B", reason="x", assigned="2")
    assert not Ruling.objects.exists()
