"""Every write of a fact raises the versions of what it changes, wherever it is written from.

The versions are raised in one place (``scores.versions``), by receivers of Django's model signals,
not by each service: a save or a delete of any fact — through a service, a form, the admin, a
command or a test behind the services' back — raises them in its own transaction, and a write
rolled back takes its raise back with it. Writes that send no signal go through its helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.apps import apps
from django.db import transaction
from django.db.models import Model

from tests.tournament.factories import make_played_night
from tournament.models import (
    AuditEntry,
    Board,
    BoardPlay,
    Club,
    Event,
    Membership,
    PairStanding,
    PdfJob,
    Player,
    RecapSend,
    Result,
    Ruling,
    Section,
    SessionFile,
    SessionImportJob,
    Substitution,
    Team,
)
from tournament.scores import versions

pytestmark = pytest.mark.django_db

# Models no score and no page of standings is made of: bookkeeping, the proof that no pair plays a
# board twice, what is derived from the scores, and the background jobs' rows.
NOT_FACTS = {
    Club,
    Membership,
    AuditEntry,
    BoardPlay,
    PairStanding,
    RecapSend,
    PdfJob,
    SessionImportJob,
}


def test_every_model_of_the_app_is_a_fact_the_versions_follow_or_named_as_none() -> None:
    """A new model must be placed: a fact of a board, of every board, of a section, or of none."""
    models = set(apps.get_app_config("tournament").get_models())
    assert models == set(versions.FACTS) | NOT_FACTS
    assert not set(versions.FACTS) & NOT_FACTS
    groups = (versions.OF_A_BOARD, versions.OF_EVERY_BOARD, versions.OF_A_SECTION)
    assert sum(len(group) for group in groups) == len(set(versions.FACTS))


class Versions:
    """The night's section version and its board versions, read afresh."""

    def __init__(self, event: Event) -> None:
        self.section = Section.objects.get(event=event)
        self.boards = dict(Board.objects.filter(section=self.section).values_list("pk", "version"))
        self.version = self.section.version

    def moved(self, event: Event) -> tuple[bool, set[int]]:
        now = Versions(event)
        return now.version > self.version, {pk for pk, v in now.boards.items() if v != self.boards.get(pk)}


def _night() -> Event:
    event = make_played_night(3)
    Team.objects.create(event=event, label="A", name="Team A")
    return event


def _one(model: type[Model], event: Event) -> Model:
    """One row of ``model`` of the night (made here when the night has none)."""
    section = Section.objects.get(event=event)
    if model is Event:
        return event
    if model is Section:
        return section
    if model is Team:
        return Team.objects.get(event=event)
    if model is Player:
        return Player.objects.filter(club=event.club, name="Player 1").get()
    if model is SessionFile:
        return SessionFile.objects.create(
            event=event, session=1, name="night.pbn", format="pbn", digest="0" * 64
        )
    if model is Substitution:
        pair = section.pairs.filter(is_phantom=False).order_by("id").first()
        return Substitution.objects.create(
            pair=pair,
            from_round=2,
            player_out=pair.player1,
            player_in=Player.objects.create(club=event.club, name="Cy Sand"),
            created_by=event.club.memberships.first().user,
        )
    if model is Ruling:
        return Ruling.objects.filter(result__section=section).order_by("id").first()
    return model.objects.filter(section=section).order_by("id").first()  # type: ignore[attr-defined]


def _board_of(row: Model) -> int:
    if isinstance(row, Board):
        return row.pk
    if isinstance(row, Result):
        return row.board_id
    assert isinstance(row, Ruling)
    return row.result.board_id


@pytest.mark.parametrize("model", versions.FACTS, ids=lambda model: model.__name__)
def test_a_fact_saved_raises_the_versions_of_what_it_changes(model: type[Model]) -> None:
    event = _night()
    row = _one(model, event)
    before = Versions(event)
    row.save()
    section_moved, boards_moved = before.moved(event)
    assert section_moved
    if model in versions.OF_A_BOARD:
        assert boards_moved == {_board_of(row)}
    elif model in versions.OF_EVERY_BOARD:
        assert boards_moved == set(before.boards)
    else:
        assert boards_moved == set()


@pytest.mark.parametrize(
    "model",
    [Result, Ruling, Board, Team, SessionFile, Substitution],
    ids=lambda model: model.__name__,
)
def test_a_fact_deleted_raises_the_versions_of_what_it_changes(model: type[Model]) -> None:
    event = _night()
    row = _one(model, event)
    board = _board_of(row) if model in versions.OF_A_BOARD else None
    before = Versions(event)
    row.delete()
    section_moved, boards_moved = before.moved(event)
    assert section_moved
    if model in (Result, Ruling):
        assert boards_moved == {board}


def test_a_fact_deleted_in_bulk_raises_the_versions_too() -> None:
    """``QuerySet.delete()`` sends the signals for every row: results deleted behind the services' back."""
    event = _night()
    before = Versions(event)
    on_first = Result.objects.filter(section__event=event, board__number=1)
    board = on_first.first().board_id
    on_first.delete()
    assert before.moved(event) == (True, {board})


BULK: dict[str, Callable[[Event], Any]] = {
    "boards": lambda event: versions.boards_written(Board.objects.filter(section__event=event, number=1)),
    "sections": lambda event: versions.sections_written(event.sections.all()),
    "events": lambda event: versions.events_written([event]),
}


@pytest.mark.parametrize("written", BULK)
def test_a_write_that_sends_no_signal_raises_the_versions_through_the_helpers(written: str) -> None:
    event = _night()
    before = Versions(event)
    BULK[written](event)
    section_moved, boards_moved = before.moved(event)
    assert section_moved
    one = Board.objects.get(section__event=event, number=1).pk
    assert boards_moved == ({one} if written == "boards" else set(before.boards))


def test_a_write_rolled_back_leaves_the_versions_as_they_were() -> None:
    event = _night()
    before = Versions(event)
    result = Result.objects.filter(section__event=event).first()
    with pytest.raises(RuntimeError), transaction.atomic():
        result.tricks = 13 - result.tricks
        result.save()
        assert before.moved(event) == (True, {result.board_id})  # raised inside the transaction
        raise RuntimeError("the write is rolled back")
    assert before.moved(event) == (False, set())


def test_a_section_deleted_does_not_raise_the_versions_of_its_rows_one_by_one() -> None:
    """Its versions go with it: its many results are not each made to raise a version on the way out."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event = _night()
    with CaptureQueriesContext(connection) as queries:
        Section.objects.get(event=event).delete()
    assert not Section.objects.filter(event=event).exists()
    raised = [q["sql"] for q in queries.captured_queries if '"version" = ' in q["sql"]]
    assert raised == []
