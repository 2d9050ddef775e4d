"""Free text is bounded to what a director writes, at the form and again in the service.

A megabyte of ruling note was accepted once and the recap PDF then took a quarter of an
hour: every free-text field has a bound (``tournament.limits``), a form shows it on the
field, a service refuses it whatever the path, and nothing is saved. The PDF lays long
text out in pieces, so its cost follows the text's length (measured in
benchmarks/free_text.py; no timing here).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.director_cast import Cast, make_cast
from tests.tournament.factories import make_played_night, make_result
from tests.tournament.pdf_text import read_pdf
from tests.tournament.test_table_views import enter, running_event, seating_of, url
from tournament import limits
from tournament.models import AuditEntry, Event, Result, Ruling
from tournament.pdf import renderer_for
from tournament.pdf.base import PIECE, pieces
from tournament.scores import versions
from tournament.services import events as event_services
from tournament.services import results as result_services
from tournament.services import rulings as ruling_services
from tournament.services.plans import Plan, SetupRefused
from tournament.services.result_facts import Facts, ResultRefused

pytestmark = pytest.mark.django_db

MEGABYTE = "x" * 1_000_000
# Typed into a form: longer than any field takes, within what a form's post may carry (a megabyte
# is refused at the door, unread: tournament/body_limits.py).
LONG_TYPED = "x" * 100_000


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def entered() -> Cast:
    cast = make_cast()
    seating = cast.seating(1, 1)
    cast.result = make_result(seating, seating.board_numbers[0], "3H N 9", user=cast.director)
    return cast


def test_a_megabyte_ruling_note_is_refused_on_its_field_and_nothing_saved(entered: Cast) -> None:
    data = {"ruling-kind": "note", "ruling-reason": LONG_TYPED}
    address = reverse("ruling_add", args=[*entered.url_args(), entered.result.pk])
    response = entered.clients["director"].post(address, data)
    assert response.status_code == 200
    assert "The note is 100000 characters long: keep it to 500 at most." in text(response)
    assert not Ruling.objects.exists()
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.RULING).exists()


def test_a_note_of_the_bound_is_recorded(entered: Cast) -> None:
    data = {"ruling-kind": "note", "ruling-reason": "n" * limits.NOTE}
    address = reverse("ruling_add", args=[*entered.url_args(), entered.result.pk])
    assert entered.clients["director"].post(address, data).status_code == 302
    assert len(Ruling.objects.get().reason) == limits.NOTE


def test_the_ruling_service_refuses_a_long_note_whatever_the_path(entered: Cast) -> None:
    with pytest.raises(ResultRefused, match="keep it to 500 at most") as refused:
        ruling_services.add_ruling(
            result=entered.result, user=entered.director, kind=Ruling.Kind.NOTE, law="", reason=MEGABYTE
        )
    assert refused.value.field == "reason"
    with pytest.raises(ResultRefused, match="The law is 41 characters long"):
        ruling_services.add_ruling(
            result=entered.result, user=entered.director, kind=Ruling.Kind.NOTE, law="L" * 41, reason="ok"
        )
    assert not Ruling.objects.exists()


def test_a_long_correction_reason_is_refused_by_the_form_and_the_service(entered: Cast) -> None:
    address = reverse("result_edit", args=[*entered.url_args(), entered.result.pk])
    data = {"action": "correct", "correct-entry": "3H N 10", "correct-reason": "r" * (limits.REASON + 1)}
    response = entered.clients["scorer"].post(address, data)
    assert "The reason is 201 characters long: keep it to 200 at most." in text(response)
    with pytest.raises(ResultRefused, match="keep it to 200 at most"):
        result_services.correct(result=entered.result, facts=Facts(), reason=MEGABYTE, user=entered.director)
    with pytest.raises(ResultRefused, match="keep it to 200 at most"):
        result_services.delete(result=entered.result, reason=MEGABYTE, user=entered.director)
    assert Result.objects.get().tricks == 9
    assert not AuditEntry.objects.filter(action__in=["update", "delete"]).exists()


def test_a_long_dispute_reason_at_the_table_is_refused_and_the_result_stays(client: Any) -> None:
    seating = seating_of(running_event())
    enter(client, seating)
    result = Result.objects.get()
    response = client.post(url("table_dispute", seating, result.pk), {"reason": LONG_TYPED}, follow=True)
    assert "The reason is 100000 characters long" in text(response)
    assert Result.objects.get().status == Result.Status.ENTERED
    with pytest.raises(ResultRefused, match="keep it to 200 at most"):
        result_services.set_status(result=result, status=Result.Status.DISPUTED, reason=MEGABYTE)


def test_an_event_name_over_its_bound_is_refused_by_the_service() -> None:
    cast = make_cast()
    plan = Plan(
        game=Event.Game.AUCTION, form=Event.Form.PAIRS, movement="mitchell", pairs=6, boards_per_round=2
    )
    with pytest.raises(SetupRefused, match="keep it to 120 at most"):
        event_services.create_event(club=cast.club, user=cast.director, name="N" * 121, plan=plan)


@pytest.mark.parametrize("length", [0, 1, PIECE, PIECE + 1, 10 * PIECE + 7])
def test_long_text_is_laid_out_in_bounded_pieces_that_keep_every_word(length: int) -> None:
    words = " ".join(f"w{n}" for n in range(length))[:length]
    found = pieces(words)
    assert all(len(piece) <= PIECE for piece in found)
    assert " ".join(found) == words


def test_a_word_longer_than_a_piece_is_cut_and_kept() -> None:
    found = pieces("y" * (2 * PIECE + 5))
    assert [len(p) for p in found] == [PIECE, PIECE, 5]


def test_a_note_laid_out_in_pieces_prints_on_the_recap_in_full(monkeypatch: Any) -> None:
    monkeypatch.setattr("tournament.pdf.base.PIECE", 60)  # a note of the bound is eight pieces
    event = make_played_night(3)
    note = " ".join(f"w{n}" for n in range(150))[: limits.NOTE]
    Ruling.objects.filter(result__section__event=event).update(reason=note)
    versions.events_written([event])  # a bulk update sends no signal
    _, _, content = renderer_for(event, "recaps").render()
    printed = " ".join(read_pdf(content).text.split())
    assert note.rsplit(" ", 1)[0][-40:] in printed
    assert all(f"w{n} " in printed for n in range(0, 120, 7))
