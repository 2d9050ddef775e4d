"""Setting up a night: the event, its movement, tables, pairs, teams, boards and seatings.

The movement comes from ``scoring.contests.movements`` and is proved by its checker before anything
is saved; a movement the checker refuses is never played.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring.contests import movements
from scoring.shared.seats import SEATS

from .. import games, limits
from ..models import (
    AuditEntry,
    Board,
    Club,
    Event,
    Pair,
    Player,
    Result,
    Seating,
    Section,
    Substitution,
    Table,
    Team,
)
from ..scores import versions
from .closing import Missing, missing_results
from .plans import (
    SECTION_MOVEMENT,
    Plan,
    SetupRefused,
    check_plan,
)
from .players import drop_standings, keep_standings


class LockNeedsConfirmation(SetupRefused):
    """Closing the event would close results never confirmed, disputes never settled, or boards with no
    result: each missing one needs the director's ruling (``services.closing``) before the close."""

    def __init__(self, unsettled: list[Result], missing: Sequence[Missing] = ()) -> None:
        self.unsettled = unsettled
        self.missing = list(missing)
        self.disputed = sum(r.status == Result.Status.DISPUTED for r in unsettled)
        self.unconfirmed = len(unsettled) - self.disputed
        parts = [
            f"{n} result{'' if n == 1 else 's'} {what}"
            for n, what in (
                (len(self.missing), "missing"),
                (self.unconfirmed, "unconfirmed"),
                (self.disputed, "disputed"),
            )
            if n
        ]
        self.summary = " and ".join(parts) if len(parts) < 3 else f"{parts[0]}, {parts[1]} and {parts[2]}"
        self.settled_summary = " and ".join(parts[1:] if self.missing else parts)
        if self.missing:
            message = f"{self.summary}: rule on each missing result before the event is closed."
        else:
            message = f"{self.summary}: confirm or rule on them first, or close the event anyway."
        super().__init__(message)


def dealer_of(number: int) -> str:
    """Board 1 is dealt by North, 2 by East, 3 by South, 4 by West, and round again."""
    return SEATS[(number - 1) % 4].value


@transaction.atomic
def create_event(
    *, club: Club, user: Any, name: str, plan: Plan, date: datetime.date | None = None, **options: Any
) -> Event:
    """Create an event with one section laid out by its movement, after the checker passes it."""
    name = limits.one_line(name)
    problem = limits.name_problem(name, limits.EVENT_NAME, "The event's name")
    if problem or not name:
        raise SetupRefused(problem or "Give the event a name.", "name")
    for problem in games.of(plan.game).option_problems(plan.form, options, plan.pairs):
        raise SetupRefused(str(problem), problem.field)
    movement, report = check_plan(plan, options)
    if not report.ok:
        raise SetupRefused("The movement does not pass its checks: " + " ".join(report.problems), "movement")
    event = Event.objects.create(
        club=club,
        name=name,
        date=date or timezone.localdate(),
        game=plan.game,
        form=plan.form,
        status=Event.Status.SETUP,
        **options,
    )
    section = Section.objects.create(
        event=event,
        letter="A",
        movement=SECTION_MOVEMENT[movement.kind],
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
    )
    lay_out(section, movement)
    AuditEntry.objects.create(
        event=event,
        action=AuditEntry.Action.EVENT,
        subject=f"Event set up: {movement.kind.label}, {movement.tables} tables, {movement.rounds} rounds",
        user=user,
        after={"movement": movement.kind.code, "tables": movement.tables, "rounds": movement.rounds},
    )
    return event


def lay_out(section: Section, movement: movements.Movement) -> None:
    """Save the movement's tables, pairs, teams, boards and seatings for a section.

    What the section already has and the movement keeps (a table, a board, a team, a pair
    by its label) is kept as it is, with its names, PIN and cards: a movement changed before
    play (``services.changes.change_movement``) adds only what is new.
    """
    event = section.event
    teams: dict[str, Team] = {}
    if movement.teams is not None:
        for label in ("A", "B"):
            teams[label] = Team.objects.get_or_create(
                event=event, label=label, defaults={"name": f"Team {label}"}
            )[0]
    team_of = {
        pair: teams[label]
        for label, members in zip(("A", "B"), movement.teams or (), strict=False)
        for pair in members
    }
    labels = list(movement.pairs) + ([movement.phantom] if movement.phantom else [])
    kept = {p.label: p for p in Pair.objects.filter(section=section)}
    for pair in kept.values():
        pair.is_phantom, pair.team = pair.label == movement.phantom, team_of.get(pair.label)
        if pair.is_phantom:
            pair.player1 = pair.player2 = None
    Pair.objects.bulk_update(kept.values(), ["is_phantom", "team", "player1", "player2"])
    Pair.objects.bulk_create(
        [
            Pair(section=section, label=label, is_phantom=label == movement.phantom, team=team_of.get(label))
            for label in labels
            if label not in kept
        ]
    )
    pairs = {p.label: p for p in Pair.objects.filter(section=section)}
    kept_tables = set(Table.objects.filter(section=section).values_list("number", flat=True))
    Table.objects.bulk_create(
        [Table(section=section, number=n) for n in range(1, movement.tables + 1) if n not in kept_tables]
    )
    tables = {t.number: t for t in Table.objects.filter(section=section)}
    kept_boards = set(Board.objects.filter(section=section).values_list("number", flat=True))
    Board.objects.bulk_create(
        [
            Board(section=section, number=n, dealer=dealer_of(n))
            for n in range(1, movement.board_count + 1)
            if n not in kept_boards
        ]
    )
    Seating.objects.bulk_create(
        [
            Seating(
                section=section,
                round=s.round,
                table=tables[s.table],
                ns=pairs[s.ns],
                ew=pairs[s.ew],
                board_numbers=list(s.boards),
            )
            for s in movement.seatings
            if not s.sit_out
        ]
    )
    versions.sections_written([section])  # its rows were written in bulk, sending no signal


@dataclass(frozen=True)
class NameProblem:
    """A name that cannot stand, on the pair and player (1 or 2) it was typed for."""

    pair: Pair
    slot: int
    message: str


class NamesRefused(SetupRefused):
    """Names that would put one player in two pairs, or leave a pair half named; nothing is saved."""

    def __init__(self, problems: list[NameProblem]) -> None:
        self.problems = problems
        super().__init__(problems[0].message)


def _plain(name: str) -> str:
    return limits.one_line(name)


def check_names(event: Event, names: Sequence[tuple[Pair, str, str]]) -> list[NameProblem]:
    """What is wrong with the event's pairs once ``names`` (pair, first, second) are given.

    A pair has two players, or none yet ("names to come"); a player sits in one pair of the
    event only (of each session, in an event of several sessions, where a pair plays again
    under its own number). The problem goes on the name just typed, and names the pair it
    clashes with.
    """
    changed = {pair.pk: (_plain(first), _plain(second)) for pair, first, second in names}
    problems: list[NameProblem] = []
    seen: dict[tuple[int, str], tuple[Pair, int]] = {}
    pairs = Pair.objects.filter(section__event=event, is_phantom=False).with_players()
    pairs = pairs.select_related("section")
    for pair in pairs.order_by("id"):
        now = changed.get(pair.pk) or tuple(p.name if p else "" for p in (pair.player1, pair.player2))
        for slot, name in enumerate(now, start=1):
            if limits.name_problem(name, limits.NAME, "A player's name"):
                problems.append(NameProblem(pair, slot, "A player's name is at most 80 plain characters."))
        if bool(now[0]) != bool(now[1]):
            problems.append(
                NameProblem(
                    pair,
                    2 if now[0] else 1,
                    f"Pair {pair.label} needs two players: give this name too, "
                    "or leave both blank (names to come).",
                )
            )
        for slot, name in enumerate(now, start=1):
            if not name:
                continue
            other = seen.setdefault((pair.section.session, name.casefold()), (pair, slot))
            if other == (pair, slot):
                continue
            if other[0] == pair:
                problems.append(
                    NameProblem(pair, slot, f"{name} cannot be both players of pair {pair.label}.")
                )
            elif pair.pk in changed:
                problems.append(NameProblem(pair, slot, f"{name} already plays in pair {other[0].label}."))
            elif other[0].pk in changed:
                problems.append(
                    NameProblem(other[0], other[1], f"{name} already plays in pair {pair.label}.")
                )
    return problems + _substitute_clashes(event, names)


def _substitute_clashes(event: Event, names: Sequence[tuple[Pair, str, str]]) -> list[NameProblem]:
    """A name typed for a pair that already plays, as a substitute, in another pair of the event."""
    substitutes = {
        sub.player_in.name.casefold(): sub
        for sub in Substitution.objects.filter(pair__section__event=event).select_related("player_in", "pair")
    }
    problems = []
    for pair, first, second in names:
        for slot, name in enumerate((_plain(first), _plain(second)), start=1):
            sub = substitutes.get(name.casefold())
            if name and sub is not None and sub.pair_id != pair.pk:
                problems.append(
                    NameProblem(
                        pair,
                        slot,
                        f"{name} already plays in pair {sub.pair.label} from round {sub.from_round}.",
                    )
                )
    return problems


def name_pair(*, pair: Pair, first: str, second: str, user: Any) -> Pair:
    """Give one pair its players (see ``name_pairs``)."""
    name_pairs(event=pair.section.event, names=[(pair, first, second)], user=user)
    return pair


@transaction.atomic
def name_pairs(*, event: Event, names: Sequence[tuple[Pair, str, str]], user: Any) -> None:
    """Give pairs their players, adding new names to the club's players; each change audited.

    Refused as a whole (``NamesRefused``, every problem on its name) when a player would sit
    in two pairs of the event, or a pair would have one player and not the other.
    """
    problems = check_names(event, names)
    if problems:
        raise NamesRefused(problems)
    renamed = set()
    for pair, first, second in names:
        players = [
            Player.objects.get_or_create(club=event.club, name=_plain(name))[0] if _plain(name) else None
            for name in (first, second)
        ]
        before = pair.names
        pair.player1, pair.player2 = players
        if pair.names == before:
            continue
        pair.save(update_fields=["player1", "player2"])
        renamed.add(pair.section_id)
        AuditEntry.objects.create(
            event=event,
            action=AuditEntry.Action.EVENT,
            subject=f"Pair {pair.label} named",
            user=user if user is not None and user.is_authenticated else None,
            before={"names": before},
            after={"names": pair.names},
        )


@transaction.atomic
def set_status(
    *,
    event: Event,
    user: Any,
    status: str | None = None,
    published: bool | None = None,
    lock_anyway: bool = False,
    reason: str = "",
) -> Event:
    """Start play, close the event, reopen it, publish or withdraw its standings; each change audited.

    Closing is refused while a board the movement plays has no result (``LockNeedsConfirmation``
    lists them): the director rules on each first (``closing.rule_missing``), so that no board
    leaves the scores unsaid. Closing an event whose results are not all confirmed (entered and
    awaiting the opponents, or disputed) is refused with the list of them, unless the director
    says ``lock_anyway``: the audit entry then counts what was closed unsettled.

    Reopening a closed event for corrections needs the director's ``reason``, kept in the audit
    log; until it is closed again its public pages say its scores are provisional.
    """
    before = {"status": event.status, "published": event.published}
    after: dict[str, Any] = {}
    reason = reason.strip()
    if status is not None:
        if status not in Event.Status.values:
            raise SetupRefused(f"{status!r} is not a state an event can be in.")
        if status == Event.Status.LOCKED and not event.is_locked:
            unsettled = list(Result.objects.filter(section__event=event).unsettled())
            missing = missing_results(event)
            if missing or (unsettled and not lock_anyway):
                raise LockNeedsConfirmation(unsettled, missing)
            if unsettled:
                refusal = LockNeedsConfirmation(unsettled)
                after = {"unconfirmed": refusal.unconfirmed, "disputed": refusal.disputed}
                reason = f"Closed at the director's word with {refusal.summary}."
            event.reopened = False
        elif event.is_locked and status != Event.Status.LOCKED:
            if not reason:
                raise SetupRefused(
                    "Say why the event is reopened: the reason is kept in the audit log.", "reason"
                )
            problem = limits.too_long(reason, limits.REASON, "The reason")
            if problem:
                raise SetupRefused(problem, "reason")
            event.reopened = True
        event.status = status
    if published is not None:
        event.published = published
    event.save(update_fields=["status", "published", "reopened"])
    if event.status == Event.Status.LOCKED and before["status"] != Event.Status.LOCKED:
        keep_standings(event)  # a closed night changes no more: its places are kept once
    elif event.status != Event.Status.LOCKED and before["status"] == Event.Status.LOCKED:
        drop_standings(event)
    subject = (
        "Event reopened for corrections"
        if event.reopened and before["status"] == Event.Status.LOCKED
        else "Event state"
    )
    AuditEntry.objects.create(
        event=event,
        action=AuditEntry.Action.EVENT,
        subject=subject,
        user=user,
        before=before,
        after={"status": event.status, "published": event.published, **after},
        reason=reason,
    )
    return event


@transaction.atomic
def rename_team(*, team: Team, name: str, user: Any) -> Team:
    """Give a team of a match its name, as the standings and the match sheet show it (Law G); audited."""
    name = limits.one_line(name)
    if not name or limits.name_problem(name, 80, "A team's name"):
        raise SetupRefused("A team's name is 1 to 80 plain characters.", "name")
    if name == team.name:
        return team
    before = {"name": team.name}
    team.name = name
    team.save(update_fields=["name"])
    AuditEntry.objects.create(
        event=team.event,
        action=AuditEntry.Action.EVENT,
        subject=f"Team {team.label} named",
        user=user,
        before=before,
        after={"name": team.name},
    )
    return team
