"""The lookups the live pages make on every read, written out once and run as plain SQL (issue 11 §1).

Django builds a query's SQL anew each time it runs it. For a lookup of a few rows by their keys
that is nine tenths of the cost: the event and its club by the address, 0.39 ms through the ORM
and 0.04 ms written out; a change's named results with their seatings and tables, 0.54 ms and
0.04 ms. The phones' polls, and the first read of the standings after a result, make these
lookups every time, so here their SQL is written once per process from the models' own
metadata — every concrete column, in the order ``Model.from_db`` takes them — and each row is
made into model instances as the ORM makes them: the database's values through the same
converters (``Col.get_db_converters``, the backend's), related rows attached as
``select_related`` attaches them. ``tests/tournament/test_written.py`` holds each lookup to the
ORM's answer, field by field, on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from django.db import connection, models

from .models import Club, Event, Result, Ruling, Seating, Section, Table

M = TypeVar("M", bound=models.Model)

# The largest key either database holds (a bigint): a number from an address beyond it is no
# row, as the ORM answers it, rather than an error from the driver.
LARGEST_KEY = 2**63 - 1


class _Columns:
    """A model's concrete columns as one alias selects them, and how a row's values become an instance."""

    def __init__(self, model: type[models.Model], alias: str) -> None:
        quote = connection.ops.quote_name
        fields = model._meta.concrete_fields
        self.model = model
        self.sql = ", ".join(f"{quote(alias)}.{quote(field.column)}" for field in fields)
        self.names = [field.attname for field in fields]
        self.width = len(fields)
        self.converters: list[tuple[int, list[Callable[..., Any]], Any]] = []
        for index, field in enumerate(fields):
            column = field.get_col(alias)
            found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            if found:
                self.converters.append((index, found, column))

    def instance(self, row: Sequence[Any], start: int = 0) -> Any:
        values = list(row[start : start + self.width])
        for index, converters, column in self.converters:
            for convert in converters:
                values[index] = convert(values[index], column, connection)
        return self.model.from_db(connection.alias, self.names, values)


_made: dict[tuple[str, str, int], Any] = {}
KEPT_SHAPES = 64  # a lookup of more keys than this is written for the one call, not kept


def _once(name: str, keys: int, make: Callable[[], Any]) -> Any:
    """What ``make`` writes for this lookup of so many keys and this database, written once per process."""
    if keys > KEPT_SHAPES:
        return make()
    found = _made.get((connection.vendor, name, keys))
    if found is None:
        found = _made[(connection.vendor, name, keys)] = make()
    return found


def _table(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _attach(model: type[models.Model], name: str, instance: Any, related: Any) -> None:
    """``instance.name`` is ``related``, as ``select_related`` leaves it: no query when it is read."""
    model._meta.get_field(name).set_cached_value(instance, related)  # type: ignore[union-attr]


def _is_key(value: object) -> bool:
    return type(value) is int and 0 < value <= LARGEST_KEY


def _keys(pks: Iterable[int]) -> list[int]:
    """The keys a row can have among ``pks``, each once, in order: one written query per count."""
    return sorted({pk for pk in pks if _is_key(pk)})


def _rows(sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def event_in_club(club_slug: str, event_id: int) -> Event | None:
    """The event ``event_id`` of the club at ``club_slug``, with its club; None when there is none."""
    if not _is_key(event_id):
        return None

    def write() -> tuple[str, _Columns, _Columns]:
        quote = connection.ops.quote_name
        event, club = _Columns(Event, "e"), _Columns(Club, "c")
        sql = (
            f"SELECT {event.sql}, {club.sql} FROM {_table(Event)} e INNER JOIN {_table(Club)} c "
            f"ON c.{quote('id')} = e.{quote('club_id')} WHERE e.{quote('id')} = %s AND c.{quote('slug')} = %s"
        )
        return sql, event, club

    sql, event_columns, club_columns = _once("event_in_club", 1, write)
    rows = _rows(sql, [event_id, club_slug])
    if not rows:
        return None
    event: Event = event_columns.instance(rows[0])
    _attach(Event, "club", event, club_columns.instance(rows[0], event_columns.width))
    return event


def sections_of(event: Event) -> list[Section]:
    """The event's sections by letter (as ``event.sections.all()``), each with the event attached."""

    def write() -> tuple[str, _Columns]:
        quote = connection.ops.quote_name
        section = _Columns(Section, "s")
        sql = (
            f"SELECT {section.sql} FROM {_table(Section)} s WHERE s.{quote('event_id')} = %s "
            f"ORDER BY s.{quote('letter')} ASC"
        )
        return sql, section

    sql, columns = _once("sections_of", 1, write)
    sections = [columns.instance(row) for row in _rows(sql, [event.pk])]
    for section in sections:
        _attach(Section, "event", section, event)
    return sections


def results_named(section_pk: int, pks: Iterable[int]) -> list[Result]:
    """The section's results among ``pks``, by key, each with its seating and the seating's table."""
    keys = _keys(pks)
    if not keys:
        return []

    def write() -> tuple[str, _Columns, _Columns, _Columns]:
        quote = connection.ops.quote_name
        result, seating, table = _Columns(Result, "r"), _Columns(Seating, "st"), _Columns(Table, "t")
        marks = ", ".join(["%s"] * len(keys))
        sql = (
            f"SELECT {result.sql}, {seating.sql}, {table.sql} FROM {_table(Result)} r "
            f"INNER JOIN {_table(Seating)} st ON st.{quote('id')} = r.{quote('seating_id')} "
            f"INNER JOIN {_table(Table)} t ON t.{quote('id')} = st.{quote('table_id')} "
            f"WHERE r.{quote('section_id')} = %s AND r.{quote('id')} IN ({marks}) "
            f"ORDER BY r.{quote('id')} ASC"
        )
        return sql, result, seating, table

    sql, result_columns, seating_columns, table_columns = _once("results_named", len(keys), write)
    found = []
    for row in _rows(sql, [section_pk, *keys]):
        result = result_columns.instance(row)
        seating = seating_columns.instance(row, result_columns.width)
        _attach(
            Seating,
            "table",
            seating,
            table_columns.instance(row, result_columns.width + seating_columns.width),
        )
        _attach(Result, "seating", result, seating)
        found.append(result)
    return found


def rulings_on(result_pks: Iterable[int]) -> list[Ruling]:
    """The rulings on these results, in the order made (created, then key)."""
    keys = _keys(result_pks)
    if not keys:
        return []

    def write() -> tuple[str, _Columns]:
        quote = connection.ops.quote_name
        ruling = _Columns(Ruling, "u")
        marks = ", ".join(["%s"] * len(keys))
        sql = (
            f"SELECT {ruling.sql} FROM {_table(Ruling)} u WHERE u.{quote('result_id')} IN ({marks}) "
            f"ORDER BY u.{quote('created')} ASC, u.{quote('id')} ASC"
        )
        return sql, ruling

    sql, columns = _once("rulings_on", len(keys), write)
    return [columns.instance(row) for row in _rows(sql, keys)]


def locked(model: type[M], pk: int) -> M:
    """The row ``pk`` of ``model`` read afresh and locked until the transaction ends, as
    ``select_for_update().get(pk=pk)`` reads it (PostgreSQL locks the row; SQLite, which runs one
    write at a time, needs no lock). Every write a phone or the director makes starts here."""
    if not _is_key(pk):
        raise model.DoesNotExist(f"No {model._meta.verbose_name} {pk}.")  # type: ignore[attr-defined]

    def write() -> tuple[str, _Columns]:
        quote = connection.ops.quote_name
        columns = _Columns(model, "w")
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        sql = f"SELECT {columns.sql} FROM {_table(model)} w WHERE w.{quote('id')} = %s{lock}"
        return sql, columns

    sql, columns = _once(f"locked:{model._meta.label}", 1, write)
    rows = _rows(sql, [pk])
    if not rows:
        raise model.DoesNotExist(f"No {model._meta.verbose_name} {pk}.")  # type: ignore[attr-defined]
    instance: M = columns.instance(rows[0])
    return instance
