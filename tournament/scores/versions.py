"""Every write of a fact raises the versions of the scores it changes: one place, on the write path.

A section's scores and pages are made of its results, the rulings on them, its boards, pairs,
tables and seatings (with their substitutions), the players' names, the teams and the scoring
settings of its event, and the sessions imported into it. A save or a delete of any of those, by
whatever service, form, admin page or command, sends Django's ``post_save``/``post_delete``, and
the receivers here raise, in the same transaction and by one ``UPDATE … SET version = version + 1``
each:

* for a fact of one board (a result, a ruling on it, the board itself): that board's version and
  its section's;
* for a fact every result is scored by (a section, a pair, the event's settings): the sections'
  versions and every one of their boards';
* for a fact of a section's contest or pages alone (a seating, a table, a team, a player's name):
  the sections' versions only.

A write that sends no signal (``bulk_create``, ``bulk_update``, ``QuerySet.update``) raises them
through :func:`boards_written` or :func:`sections_written`, the only other way in. The scores are
kept under these versions (``scores.cache``); a rolled-back write takes its raise back with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import F, Model, Q, QuerySet
from django.db.models.signals import post_delete, post_save

from ..models import (
    Board,
    Event,
    Pair,
    Player,
    Result,
    Ruling,
    Seating,
    Section,
    SessionFile,
    Substitution,
    Table,
    Team,
)

# The facts of one board: a result, a ruling on it, the board itself. They raise the board's
# version and its section's.
OF_A_BOARD: tuple[type[Model], ...] = (Result, Ruling, Board)
# The facts every result is scored by: a section (its movement), a pair's label and withdrawal,
# and the event's scoring settings. They raise the sections' versions and all their boards'.
OF_EVERY_BOARD: tuple[type[Model], ...] = (Section, Pair, Event)
# The facts of a section's contest or pages but of no board's scores: its tables and seatings
# (a round agreed), substitutions, the event's teams and imported sessions, the players' names.
# They raise the sections' versions alone: each board's kept scores stand, the contest is run again.
OF_A_SECTION: tuple[type[Model], ...] = (Table, Seating, Substitution, Team, SessionFile, Player)
FACTS: tuple[type[Model], ...] = (*OF_A_BOARD, *OF_EVERY_BOARD, *OF_A_SECTION)

_RAISED = F("version") + 1


def boards_written(boards: Iterable[int | Board]) -> None:
    """Raise the versions of these boards and of their sections (after a write that sent no signal)."""
    pks = [board if isinstance(board, int) else board.pk for board in boards]
    if pks:
        Board.objects.filter(pk__in=pks).update(version=_RAISED)
        Section.objects.filter(boards__in=pks).update(version=_RAISED)


def sections_written(sections: Iterable[int | Section]) -> None:
    """Raise the versions of these sections and of all their boards (after a write that sent no signal)."""
    pks = [section if isinstance(section, int) else section.pk for section in sections]
    if pks:
        Section.objects.filter(pk__in=pks).update(version=_RAISED)
        Board.objects.filter(section__in=pks).update(version=_RAISED)


def events_written(events: Iterable[int | Event]) -> None:
    """Raise the versions of every section of these events and of their boards."""
    pks = [event if isinstance(event, int) else event.pk for event in events]
    if pks:
        Section.objects.filter(event__in=pks).update(version=_RAISED)
        Board.objects.filter(section__event__in=pks).update(version=_RAISED)


def _of_a_board(instance: Model) -> None:
    if isinstance(instance, Result):
        Board.objects.filter(pk=instance.board_id).update(version=_RAISED)
        Section.objects.filter(pk=instance.section_id).update(version=_RAISED)
    elif isinstance(instance, Board):
        Board.objects.filter(pk=instance.pk).update(version=_RAISED)
        Section.objects.filter(pk=instance.section_id).update(version=_RAISED)
    else:  # a ruling: its result's board
        Board.objects.filter(results=instance.result_id).update(version=_RAISED)
        Section.objects.filter(results=instance.result_id).update(version=_RAISED)


def _of_every_board(instance: Model) -> None:
    if isinstance(instance, Event):
        events_written([instance.pk])
    elif isinstance(instance, Section):
        sections_written([instance.pk])
    else:  # a pair
        sections_written([instance.section_id])


def _of_a_section(instance: Model) -> None:
    sections = Section.objects.all()
    if isinstance(instance, Team | SessionFile):
        sections = sections.filter(event=instance.event_id)
    elif isinstance(instance, Substitution):
        sections = sections.filter(pairs=instance.pair_id)
    elif isinstance(instance, Player):
        played = Pair.objects.filter(Q(player1=instance.pk) | Q(player2=instance.pk)).values("section_id")
        sections = sections.filter(pk__in=played)
    else:  # a table or seating
        sections = sections.filter(pk=instance.section_id)
    sections.update(version=_RAISED)


def _raise(sender: type[Model], instance: Model) -> None:
    if sender in OF_A_BOARD:
        _of_a_board(instance)
    elif sender in OF_EVERY_BOARD:
        _of_every_board(instance)
    else:
        _of_a_section(instance)


def _gone_with_its_section(origin: Any) -> bool:
    """A delete that began at a section or event: the versions go with the rows."""
    model = origin.model if isinstance(origin, QuerySet) else type(origin)
    return model in (Section, Event)


def _saved(sender: type[Model], instance: Model, raw: bool = False, **kwargs: Any) -> None:
    if raw:  # loaddata and a restore: every version is raised there, once (``backups.restore``)
        return
    _raise(sender, instance)


def _deleted(sender: type[Model], instance: Model, origin: Any = None, **kwargs: Any) -> None:
    if _gone_with_its_section(origin):
        return
    _raise(sender, instance)


def connect() -> None:
    """Connect the receivers for every fact (``TournamentConfig.ready``)."""
    for model in FACTS:
        post_save.connect(_saved, sender=model, dispatch_uid=f"versions-saved-{model.__name__}")
        post_delete.connect(_deleted, sender=model, dispatch_uid=f"versions-deleted-{model.__name__}")
