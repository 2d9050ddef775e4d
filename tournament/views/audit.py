"""The audit log's filters: by board, table, pair, who made the change, and what kind of change.

Read from the query string through ``tournament.params``: a value that is not one of the
event's boards, tables, pairs or people is ignored with a message saying so, never an
error. An entry names its board, round and table in its subject ("Board 4, round 2,
table 3"; "Round 2, table 3" for an agreed round), which stays true after the result is
deleted, so the filters read the subject. A pair is found by the rounds and tables where
it sat. Each filter costs at most one query, whatever the size of the log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.db.models import Q, QuerySet
from django.http import HttpRequest

from .. import params
from ..models import AuditEntry, Event, Pair, Seating, Table

_WHO = re.compile(r"(user|table)-([0-9]{1,9})|system")


@dataclass
class AuditFilter:
    """The filters asked for, the choices offered, and why a value asked for was ignored."""

    values: dict[str, str] = field(default_factory=dict)
    who_choices: list[tuple[str, str]] = field(default_factory=list)
    pair_choices: list[str] = field(default_factory=list)
    what_choices: list[tuple[str, str]] = field(default_factory=lambda: list(AuditEntry.Action.choices))
    ignored: list[str] = field(default_factory=list)
    condition: Q = field(default_factory=Q)

    @property
    def query(self) -> str:
        """The active filters as a query string, for the pager's links."""
        return urlencode(self.values)

    def apply(self, entries: QuerySet[AuditEntry]) -> QuerySet[AuditEntry]:
        return entries.filter(self.condition)


def audit_filter(request: HttpRequest, event: Event) -> AuditFilter:
    """The filters of the audit log's query string, checked against the event (three or four queries)."""
    found = AuditFilter()
    found.who_choices = _who_choices(event)
    found.pair_choices = list(Pair.objects.filter(section__event=event).values_list("label", flat=True))
    get = request.GET
    board, table = (
        _number(found, "board", get.get("board", "")),
        _number(found, "table", get.get("table", "")),
    )
    if board is not None:
        found.condition &= Q(subject__startswith=f"Board {board},")
    if table is not None:
        found.condition &= Q(subject__endswith=f", table {table}")
    _choose(found, "pair", get.get("pair", "").strip(), found.pair_choices, "pair")
    _choose(found, "who", get.get("who", "").strip(), [key for key, _ in found.who_choices], "person")
    _choose(found, "what", get.get("what", "").strip(), list(AuditEntry.Action.values), "kind of change")
    if "pair" in found.values:
        found.condition &= _pair_condition(event, found.values["pair"])
    if "who" in found.values:
        found.condition &= _who_condition(found.values["who"])
    if "what" in found.values:
        found.condition &= Q(action=found.values["what"])
    return found


def _number(found: AuditFilter, name: str, raw: str) -> int | None:
    raw = raw.strip()
    number = params.number(raw)
    if raw and number is None:
        found.ignored.append(f"“{raw[:20]}” is not a {name} number: every {name} is shown.")
    elif number is not None:
        found.values[name] = str(number)
    return number


def _choose(found: AuditFilter, name: str, raw: str, allowed: list[str], what: str) -> None:
    if not raw:
        return
    value = params.identifier(raw, max_length=20)
    if value is None or value not in allowed:
        found.ignored.append(f"“{raw[:20]}” is no {what} of this log: the filter is ignored.")
        return
    found.values[name] = value


def _who_choices(event: Event) -> list[tuple[str, str]]:
    """The people and table devices that made a change in this event's log, and the system."""
    people = (
        AuditEntry.objects.filter(event=event, user__isnull=False)
        .values_list("user_id", "user__username")
        .distinct()
        .order_by("user__username")
    )
    tables = Table.objects.filter(section__event=event).values_list("pk", "number").order_by("number")
    return [
        *((f"user-{pk}", name) for pk, name in people),
        *((f"table-{pk}", f"Table {number} device") for pk, number in tables),
        ("system", "system"),
    ]


def _who_condition(who: str) -> Q:
    match = _WHO.fullmatch(who)
    if match is None or who == "system":
        return Q(user__isnull=True, table__isnull=True)
    kind, pk = match.group(1), int(match.group(2))
    return Q(user_id=pk) if kind == "user" else Q(table_id=pk, user__isnull=True)


def _pair_condition(event: Event, label: str) -> Q:
    """The entries of the rounds and tables where the pair sat (one query)."""
    where: Any = (
        Seating.objects.filter(section__event=event)
        .filter(Q(ns__label=label) | Q(ew__label=label))
        .values_list("round", "table__number")
    )
    condition = Q(pk__in=[])
    for round_number, table in where:
        condition |= Q(subject__iendswith=f"round {round_number}, table {table}")
    return condition
