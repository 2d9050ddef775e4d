"""The lookups written out as plain SQL (``tournament.written``) answer as the ORM does, field by field.

Each runs on SQLite and, in ``make test``, again on PostgreSQL: the values come back through the
same converters as the ORM's (dates and times, flags, JSON, keys), with their related rows
attached so that reading them costs no query.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import models

from tests.tournament.test_score_cache import Night
from tournament import written
from tournament.access import viewable_event
from tournament.models import Event, Result, Ruling, Section
from tournament.services import rulings

pytestmark = pytest.mark.django_db


def _fields(instance: models.Model) -> dict[str, Any]:
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


def _same(written_instance: models.Model, orm_instance: models.Model) -> None:
    assert type(written_instance) is type(orm_instance)
    mine, theirs = _fields(written_instance), _fields(orm_instance)
    assert mine == theirs
    for name, value in theirs.items():
        assert type(mine[name]) is type(value), name  # a date read back as a date, not as text
    assert not written_instance._state.adding and written_instance._state.db == orm_instance._state.db


def test_an_event_is_found_with_its_club_as_the_orm_finds_it(django_assert_num_queries):
    night = Night()
    orm = Event.objects.select_related("club").get(pk=night.event.pk)
    with django_assert_num_queries(1):
        event = written.event_in_club(orm.club.slug, orm.pk)
        assert event is not None
        club = event.club  # attached: no second query
    _same(event, orm)
    _same(club, orm.club)


@pytest.mark.parametrize("event_id", [0, -1, 2**63, 10**30, 999_999])
def test_an_event_that_cannot_be_is_none_not_an_error(event_id):
    night = Night()
    assert written.event_in_club(night.club.slug, event_id) is None


def test_an_event_is_not_found_under_another_clubs_address():
    night, other = Night(), Night()
    assert written.event_in_club(other.club.slug, night.event.pk) is None
    assert written.event_in_club(night.club.slug.upper(), night.event.pk) is None


def test_the_sections_come_by_letter_with_the_event_attached(django_assert_num_queries):
    night = Night()
    event = Event.objects.select_related("club").get(pk=night.event.pk)
    Section.objects.create(event=event, letter="C", tables=2, rounds=2, boards_per_round=2)
    Section.objects.create(event=event, letter="B", tables=2, rounds=2, boards_per_round=2)
    orm = list(event.sections.all())
    with django_assert_num_queries(1):
        sections = written.sections_of(event)
        assert all(section.event is event for section in sections)
    assert [s.letter for s in sections] == [s.letter for s in orm] == ["A", "B", "C"]
    for mine, theirs in zip(sections, orm, strict=True):
        _same(mine, theirs)


def test_named_results_and_their_rulings_come_as_the_orm_gives_them(django_assert_num_queries):
    night = Night()
    picked = list(Result.objects.filter(section=night.section).order_by("id")[:3])
    rulings.add_ruling(
        result=picked[0],
        user=night.director,
        kind=Ruling.Kind.AWARD,
        law="Law F",
        reason="Out of turn.",
        side="NS",
        points=50,
    )
    rulings.add_ruling(
        result=picked[0],
        user=night.director,
        kind=Ruling.Kind.IRREGULAR_AVERAGE,
        law="Law B (3)",
        reason="A short hand.",
    )
    other = Night()
    stranger = Result.objects.filter(section=other.section).first()
    keys = [r.pk for r in picked] + [stranger.pk, 2**70]  # another section's result, a key beyond any
    orm = list(
        Result.objects.filter(section=night.section, pk__in=[r.pk for r in picked])
        .select_related("seating__table")
        .order_by("id")
    )
    with django_assert_num_queries(1):
        found = written.results_named(night.section.pk, keys)
        tables = [result.seating.table.number for result in found]
    assert [r.pk for r in found] == [r.pk for r in orm]
    assert tables == [r.seating.table.number for r in orm]
    for mine, theirs in zip(found, orm, strict=True):
        _same(mine, theirs)
        _same(mine.seating, theirs.seating)
        _same(mine.seating.table, theirs.seating.table)
    orm_rulings = list(Ruling.objects.filter(result_id__in=keys[:-1]).order_by("created", "id"))
    written_rulings = written.rulings_on(keys)
    assert len(orm_rulings) == 2
    for mine, theirs in zip(written_rulings, orm_rulings, strict=True):
        _same(mine, theirs)
    assert written.results_named(night.section.pk, []) == written.rulings_on([]) == []


def test_a_page_of_an_event_still_goes_through_the_written_lookup(rf):
    """The public pages find their event through it: an unpublished event stays hidden from a visitor."""
    from django.contrib.auth.models import AnonymousUser
    from django.http import Http404

    night = Night()
    request = rf.get("/")
    request.user = AnonymousUser()
    Event.objects.filter(pk=night.event.pk).update(published=False)
    with pytest.raises(Http404):
        viewable_event(request, night.club.slug, night.event.pk)
    Event.objects.filter(pk=night.event.pk).update(published=True)
    assert viewable_event(request, night.club.slug, night.event.pk).pk == night.event.pk


def test_a_row_read_to_be_changed_is_the_orms_and_a_missing_one_is_said_so(django_assert_num_queries):
    from django.db import transaction

    from tournament.models import Seating

    night = Night()
    result = Result.objects.filter(section=night.section).order_by("id").first()
    with transaction.atomic():
        with django_assert_num_queries(2):
            mine, seating = written.locked(Result, result.pk), written.locked(Seating, result.seating_id)
        _same(mine, Result.objects.select_for_update().get(pk=result.pk))
        _same(seating, Seating.objects.get(pk=result.seating_id))
        for key in (0, 999_999, 2**63):
            with pytest.raises(Result.DoesNotExist):
                written.locked(Result, key)
