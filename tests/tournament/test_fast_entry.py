"""Traveller entry as fast as typing: a row posted by the page's script is answered with that row
(saved, or with its errors and what was typed), then the board's other saved rows and its top as
the board now scores; a resend saves nothing twice, and a board already entered is ruled on under
Law B in one step, its facts kept in the audit log.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.director_cast import Cast, fingerprint, make_cast
from tests.tournament.factories import make_result
from tournament.models import AuditEntry, Event, Result, Ruling, Seating
from tournament.scores.facts import score_of

pytestmark = pytest.mark.django_db

FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


@pytest.fixture
def cast() -> Cast:
    return make_cast()


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode()).strip()


def traveller_url(cast: Cast, number: int = 1) -> str:
    return reverse("traveller_entry", args=[*cast.url_args(), "A", number])


def row(seating: Seating, entry: str, **fields: Any) -> dict[str, Any]:
    return {"seating": seating.pk, "request_key": str(uuid.uuid4()), "entry": entry, **fields}


def fetch_row(cast: Cast, data: dict[str, Any], who: str = "scorer") -> Any:
    return cast.clients[who].post(traveller_url(cast), data, **FETCH)


# A row saved by the script ----------------------------------------------------------------


def test_a_fetched_row_is_saved_and_answered_with_the_saved_row_alone(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    response = fetch_row(cast, row(seating, "3hx n 9", honours_n="2", honours_s="1"))
    assert response.status_code == 200
    result = Result.objects.get()
    facts = (result.contract_text, result.declarer, result.tricks, result.honours)
    assert facts == ("3HX", "N", 9, (2, 0, 1, 0))
    assert AuditEntry.objects.filter(action="create", result=result).count() == 1
    page = text(response)
    assert page.startswith(f'<div class="trow saved status-entered" id="seating-{seating.pk}"')
    assert "<html" not in page and page.count('class="trow') == 1
    score = score_of(result, cast.event)
    assert f"N-S {score.ns.total} · E-W {score.ew.total}" in page
    assert 'data-note="Board 1, round 1, table 1: 3♥X saved."' in page
    assert not list(response.wsgi_request._messages)  # nothing left over for the next page


def test_a_fetched_row_with_an_error_comes_back_with_it_and_what_was_typed(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    data = row(seating, "3H N 9", honours_n="3", honours_s="3")
    response = fetch_row(cast, data)
    assert response.status_code == 422
    page = text(response)
    assert page.startswith(f'<form method="post" class="trow entry-row" id="seating-{seating.pk}"')
    assert "The seats hold 6 honours" in page
    assert 'value="3H N 9"' in page and page.count('value="3"') == 2
    assert f'value="{data["request_key"]}"' in page  # the same key: trying again saves once
    assert not Result.objects.exists() and not AuditEntry.objects.filter(action="create").exists()


def test_a_fetched_resend_with_the_same_key_saves_nothing_twice(cast: Cast) -> None:
    data = row(cast.seating(1, 1), "4S E 10")
    first, second = fetch_row(cast, data), fetch_row(cast, data)
    assert (first.status_code, second.status_code) == (200, 200)
    assert Result.objects.count() == 1
    assert AuditEntry.objects.filter(action="create").count() == 1
    assert "already saved; nothing was added" in text(second)


def test_a_fetched_row_for_a_board_already_entered_is_refused_on_the_row(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    make_result(seating, 1, "4S E 10", user=cast.director)
    response = fetch_row(cast, row(seating, "1NT N 7"))
    assert response.status_code == 422
    assert text(response).startswith('<div class="row-errors" data-stray>')
    assert "already entered at this table" in text(response)
    assert Result.objects.get().level == 4


def test_a_fetched_row_of_a_table_that_does_not_play_the_board_is_refused(cast: Cast) -> None:
    response = fetch_row(cast, row(cast.seating(1, 2), "3H N 9"))
    assert response.status_code == 422
    assert "Board 1 is not played at table 2 in round 1" in text(response)
    assert not Result.objects.exists()


@pytest.mark.parametrize("actor", ["table_device", "anonymous", "other_director"])
def test_no_one_outside_the_clubs_scorers_and_directors_can_save_a_row_by_fetch(
    cast: Cast, actor: str
) -> None:
    before = fingerprint(cast.event)
    response = fetch_row(cast, row(cast.seating(1, 1), "4S E 10"), who=actor)
    assert response.status_code == (404 if actor == "other_director" else 302)
    assert fingerprint(cast.event) == before


def test_the_page_names_its_keys_and_each_saved_row_its_rulings(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    result = make_result(seating, 1, "4S E 10", user=cast.director)
    page = text(cast.clients["director"].get(traveller_url(cast)))
    assert "Enter saves the row and moves to the next one still to enter" in page
    assert "PageDown or Alt+→ goes to the next board" in page
    assert "Tab moves to the honour boxes of the same row" in page
    law_b = reverse("ruling_irregular", args=[*cast.url_args(), "A", 1]) + f"?seating={seating.pk}"
    assert f'href="{law_b}"' in page
    assert f'href="{reverse("result_edit", args=[*cast.url_args(), result.pk])}#rulings"' in page


# Law B on a board already entered ---------------------------------------------------------


def law_b(cast: Cast, seating: Seating, who: str = "director", **data: str) -> Any:
    data = {"seating": seating.pk, "discovered": "after_overplay_began", "surplus_with": "adversary"} | data
    url = reverse("ruling_irregular", args=[*cast.url_args(), "A", 1])
    return cast.clients[who].post(url, {"short_side": "NS", **data})


def test_the_irregular_hands_page_opens_on_the_table_of_the_row(cast: Cast) -> None:
    seating = cast.seating(3, 2)
    url = reverse("ruling_irregular", args=[*cast.url_args(), "A", 1]) + f"?seating={seating.pk}"
    form = cast.clients["director"].get(url).context["form"]
    assert form["seating"].value() == seating.pk


def test_law_b_on_an_entered_board_rules_on_its_result_in_one_step(cast: Cast) -> None:
    seating = cast.seating(3, 2)
    entered = make_result(seating, 1, "3H N 9", user=cast.scorer)
    response = law_b(cast, seating)
    assert response.status_code == 302, response.context["form"].errors
    result = Result.objects.get(seating=seating)
    assert result.pk == entered.pk and result.not_played and result.level is None
    assert result.status == "confirmed"
    assert Ruling.objects.get(result=result).kind == "irregular_average"
    change = AuditEntry.objects.get(result=result, action="update")
    assert (change.before["contract"], change.before["tricks"]) == ("3H", 9)
    assert (change.after["level"], change.after["contract"]) == (None, result.contract_text)
    assert "Law B (3)" in change.reason
    assert change.user == cast.director


def test_a_second_law_b_ruling_replaces_the_first(cast: Cast) -> None:
    seating = cast.seating(3, 2)
    make_result(seating, 1, "3H N 9", user=cast.scorer)
    law_b(cast, seating)
    law_b(cast, seating, surplus_with="partner")
    rulings = list(Ruling.objects.order_by("pk"))
    assert [(r.kind, r.active) for r in rulings] == [("irregular_average", False), ("irregular_ns", True)]
    assert AuditEntry.objects.filter(action="undo", result=rulings[0].result).count() == 1


def test_a_scorer_may_not_rule_law_b_on_an_entered_board_and_nothing_changes(cast: Cast) -> None:
    seating = cast.seating(3, 2)
    make_result(seating, 1, "3H N 9", user=cast.scorer)
    before = fingerprint(cast.event)
    assert law_b(cast, seating, who="scorer").status_code == 403
    assert fingerprint(cast.event) == before


def test_the_result_page_offers_law_b_for_its_table(cast: Cast) -> None:
    seating = cast.seating(3, 2)
    result = make_result(seating, 1, "3H N 9", user=cast.scorer)
    url = reverse("result_edit", args=[*cast.url_args(), result.pk])
    law_b_url = reverse("ruling_irregular", args=[*cast.url_args(), "A", 1]) + f"?seating={seating.pk}"
    assert f'href="{law_b_url}" id="law-b-link"' in text(cast.clients["director"].get(url))
    assert 'id="law-b-link"' not in text(cast.clients["scorer"].get(url))


# Every row follows the board as each row is saved ------------------------------------------


def saved_figures(page: str) -> dict[int, str]:
    """Each saved row's figure in an answer, by seating: "N-S 2 MP"."""
    rows = re.findall(r'<div class="trow saved[^"]*" id="seating-(\d+)".*?\((N-S [^()]* MP)\)', page)
    return {int(seating): figure for seating, figure in rows}


def test_each_fetched_save_answers_every_saved_row_and_the_top_as_the_board_now_scores() -> None:
    cast = make_cast(game=Event.Game.CONTRACT, method=Event.Method.MATCHPOINTS, pairs=8)
    seatings = sorted(
        (
            s
            for s in Seating.objects.filter(section=cast.section).select_related("table")
            if 1 in s.board_numbers
        ),
        key=lambda s: (s.round, s.table.number),
    )
    assert len(seatings) == 4
    answers = [
        text(fetch_row(cast, row(s, e)))
        for s, e in zip(seatings, ["4S N =", "4S N -1", "3NT S =", "4S N +1"], strict=True)
    ]
    # The first row's matchpoints as the board stands after each save (Law 78A: 2 for each
    # result beaten, 1 for each tied; 620 beats -100 and 600, and is beaten by 650).
    first = [saved_figures(page).get(seatings[0].pk) for page in answers]
    assert first == ["N-S 0 MP", "N-S 2 MP", "N-S 4 MP", "N-S 4 MP"]
    assert saved_figures(answers[-1]) == {
        seatings[0].pk: "N-S 4 MP",
        seatings[1].pk: "N-S 0 MP",
        seatings[2].pk: "N-S 2 MP",
        seatings[3].pk: "N-S 6 MP",
    }
    footers = [re.search(r'<div id="traveller-footer">(.*?)</div>', page).group(1) for page in answers]
    assert [re.findall(r"Top \d+", footer) for footer in footers] == [
        ["Top 0"],
        ["Top 2"],
        ["Top 4"],
        ["Top 6"],
    ]
