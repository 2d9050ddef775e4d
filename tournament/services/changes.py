"""Changes during the session: an event's details, its deletion, its movement, substitutes, withdrawals.

Real nights change: a late pair, a pair that leaves, a substitute, a wrong movement. Each
function here checks what the laws and the movement allow, makes the change in one
transaction with the rows it checks locked, and audits it (who, when, before, after, why).
Scores are never stored, so a change of the scoring options is simply scored again.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q

from .. import games, limits
from ..games.contract.settings import CONTRACT_OPTIONS
from ..models import AuditEntry, Board, Event, Pair, Player, Result, Ruling, Seating, Substitution, Table
from .events import lay_out
from .plans import SECTION_MOVEMENT, Plan, SetupRefused, check_plan, unequal_boards
from .result_facts import Facts
from .results import record
from .rulings import add_ruling


class DeleteNeedsConfirmation(SetupRefused):
    """A closed event is deleted only when the director says so a second time."""


def _locked_event(event: Event) -> Event:
    """Re-read the event with its row locked: two directors' changes are made one after the other."""
    fresh = Event.objects.select_for_update().get(pk=event.pk)
    for column in Event._meta.concrete_fields:
        setattr(event, column.attname, getattr(fresh, column.attname))
    return event


def _audit(event: Event | None, subject: str, user: Any, **kwargs: Any) -> AuditEntry:
    return AuditEntry.objects.create(
        event=event, action=AuditEntry.Action.EVENT, subject=subject[:120], user=user, **kwargs
    )


def _check_text(text: str, limit: int, what: str, field: str) -> None:
    problem = limits.too_long(text, limit, what)
    if problem:
        raise SetupRefused(problem, field)


# The event's details --------------------------------------------------------------------

DETAILS = ("name", "date", "slams", "english_rule", "royals_distinct")


@transaction.atomic
def edit_event(
    *,
    event: Event,
    user: Any,
    name: str,
    date: datetime.date,
    slams: str | None = None,
    english_rule: bool | None = None,
    royals_distinct: bool | None = None,
    **contract: Any,
) -> Event:
    """Change an event's name, date and scoring options until it is closed; audited.

    A contract bridge night's scoring settings (``CONTRACT_OPTIONS``: the method, the scale,
    Neuberg, the Butler datum, the artificial scores of Law 12C2) are checked as the wizard
    checks them; the night is scored again by the new method at once.

    Scores are derived from the facts, never stored: a changed slam scale (note to Law H) is
    applied to every result at once. Reading R-9 decides at the table who plays; the tables
    record the declarer, so no recorded result depends on it. The English rule cannot be
    taken away while a board stands passed out under it: those results would have no score.
    """
    _locked_event(event)
    if event.is_locked:
        raise SetupRefused("The event is closed: reopen it to change its details.")
    slams = event.slams if slams is None else slams
    english_rule = event.english_rule if english_rule is None else english_rule
    royals_distinct = event.royals_distinct if royals_distinct is None else royals_distinct
    name = limits.one_line(name)
    problem = limits.name_problem(name, limits.EVENT_NAME, "The event's name")
    if problem:
        raise SetupRefused(problem, "name")
    if not name:
        raise SetupRefused("Give the event a name.", "name")
    if slams not in Event.Slams.values:
        raise SetupRefused(f"{slams!r} is not a slam scale.", "slams")
    if event.english_rule and not english_rule:
        passed = Result.objects.filter(section__event=event, passed_out=True).count()
        if passed:
            raise SetupRefused(
                f"{passed} board{'s were' if passed > 1 else ' was'} passed out under the English rule "
                "(note to Law H): correct them before taking the rule away.",
                "english_rule",
            )
    after = {"name": name, "date": date, "slams": slams, "english_rule": english_rule}
    after["royals_distinct"] = royals_distinct
    unknown = set(contract) - set(CONTRACT_OPTIONS)
    if unknown:
        raise SetupRefused(f"{sorted(unknown)[0]!r} is not a setting of the event.")
    game = games.of(event)
    if contract:
        if set(contract) - set(game.option_fields):
            raise SetupRefused("Only a contract bridge night has these scoring settings.")
        options = {field: contract.get(field, getattr(event, field)) for field in CONTRACT_OPTIONS}
        for problem in game.option_problems(event.form, options):
            raise SetupRefused(str(problem), problem.field)
        current = {field: getattr(event, field) for field in CONTRACT_OPTIONS}
        factored = game.neuberg_scale(event.form, current) is not None
        if factored and game.neuberg_scale(event.form, options) is None:
            # a movement accepted because Neuberg factors it (a short Mitchell) keeps a method that can
            unequal = unequal_boards(event)
            if unequal:
                raise SetupRefused(
                    f"The movement plays its boards unequally often ({unequal}): only matchpoints with "
                    "Neuberg can score it, factoring a board played fewer times up to the full top "
                    "(Law 78A). Keep them, or change the movement before play.",
                    "neuberg" if options["method"] == Event.Method.MATCHPOINTS else "method",
                )
        after.update(options)
    fields = [field for field in (*DETAILS, *CONTRACT_OPTIONS) if field in after]
    before = {field: getattr(event, field) for field in fields}
    if before == after:
        return event
    for field, value in after.items():
        setattr(event, field, value)
    event.save(update_fields=fields)
    changed = [field for field in fields if before[field] != after[field]]
    _audit(
        event,
        "Event details",
        user,
        before={field: str(before[field]) for field in changed},
        after={field: str(after[field]) for field in changed},
        reason="Scores are derived from the facts: every result is scored under the new options."
        if set(changed) - {"name", "date"}
        else "",
    )
    return event


@transaction.atomic
def delete_event(*, event: Event, user: Any, reason: str = "", closed_confirmed: bool = False) -> None:
    """Delete an event with everything in it; the club's audit log keeps what was deleted.

    A published event is withdrawn from the public pages first; a closed one is deleted only
    when the director confirms it a second time. The event's own audit entries go with it;
    one entry of the club (no event) keeps its name, date, state and what it held, by whom and why.
    """
    _locked_event(event)
    _check_text(reason, limits.REASON, "The reason", "reason")
    if event.published:
        raise SetupRefused("The event is published: withdraw it from the public pages first, then delete it.")
    if event.is_locked and not closed_confirmed:
        raise DeleteNeedsConfirmation(
            "The event is closed: its results are final. Confirm a second time to delete it anyway."
        )
    held = {
        "pairs": Pair.objects.filter(section__event=event, is_phantom=False).count(),
        "results": Result.objects.filter(section__event=event).count(),
        "audit entries": AuditEntry.objects.filter(event=event).count(),
    }
    AuditEntry.objects.create(
        event=None,
        club=event.club,
        action=AuditEntry.Action.DELETE,
        subject=f"Event deleted: {event}"[:120],
        user=user,
        before={"name": event.name, "date": str(event.date), "status": event.status, **held},
        reason=reason.strip(),
    )
    event.delete()


# The movement, before play ----------------------------------------------------------------


@transaction.atomic
def change_movement(*, event: Event, user: Any, plan: Plan) -> None:
    """Change the number of pairs or the movement of an event not yet in play; audited.

    Only before play starts and before any result, as the wizard builds it: the checker must
    pass the new movement (spec §5). A pair whose label the new movement keeps keeps its
    players; the players of a pair it drops move, in order, to a new pair still unnamed.
    Tables and boards the new movement keeps keep their PIN, links and deals.
    """
    _locked_event(event)
    if event.status != Event.Status.SETUP:
        raise SetupRefused(
            "Play has started: the movement can no longer change. "
            "Withdraw a pair or seat a substitute instead."
        )
    if Result.objects.filter(section__event=event).exists():
        raise SetupRefused("Results are recorded: the movement cannot change once a board is played.")
    sections = list(event.sections.all())
    if len(sections) != 1:
        raise SetupRefused("Only an event of one section can change its movement here.")
    section = sections[0]
    options = {field: getattr(event, field) for field in CONTRACT_OPTIONS}
    for problem in games.of(event).option_problems(event.form, options, plan.pairs):
        raise SetupRefused(str(problem), problem.field)
    movement, report = check_plan(plan, options)
    if not report.ok:
        raise SetupRefused("The movement does not pass its checks: " + " ".join(report.problems), "movement")
    before = {"movement": section.movement, "tables": section.tables, "rounds": section.rounds}
    labels = set(movement.pairs)
    Seating.objects.filter(section=section).delete()
    leaving = list(Pair.objects.filter(section=section).exclude(label__in=labels).with_players())
    moving = [(p.label, p.player1, p.player2) for p in leaving if p.player1 is not None]
    Pair.objects.filter(pk__in=[p.pk for p in leaving if p.label != movement.phantom]).delete()
    Table.objects.filter(section=section, number__gt=movement.tables).delete()
    Board.objects.filter(section=section, number__gt=movement.board_count).delete()
    section.movement = SECTION_MOVEMENT[movement.kind]
    section.tables, section.rounds = movement.tables, movement.rounds
    section.boards_per_round = movement.boards_per_round
    section.save(update_fields=["movement", "tables", "rounds", "boards_per_round"])
    lay_out(section, movement)
    unnamed = Pair.objects.filter(section=section, is_phantom=False, player1__isnull=True).order_by("id")
    moved = {}
    for pair, (label, first, second) in zip(unnamed, moving, strict=False):
        pair.player1, pair.player2 = first, second
        pair.save(update_fields=["player1", "player2"])
        moved[label] = pair.label
    dropped = [f"{first} & {second}" for label, first, second in moving if label not in moved]
    after: dict[str, Any] = {"movement": section.movement, "tables": section.tables, "rounds": section.rounds}
    after.update({"pairs": len(labels), "names moved": moved, "names dropped": dropped})
    _audit(
        event,
        f"Movement changed: {movement.kind.label}, {len(labels)} pairs",
        user,
        before=before,
        after=after,
    )


# Substitutes and withdrawals, once play has started -------------------------------------------


def _check_running(event: Event, change: str) -> None:
    if event.status == Event.Status.SETUP:
        raise SetupRefused(f"Play has not started: {change}")
    if event.is_locked:
        raise SetupRefused("The event is closed: its pairs can no longer change.")


def _check_round(pair: Pair, from_round: int) -> None:
    rounds = pair.section.rounds
    if not 1 <= from_round <= rounds:
        raise SetupRefused(f"Choose a round from 1 to {rounds}.", "from_round")
    if pair.withdrawn_from_round is not None and from_round >= pair.withdrawn_from_round:
        raise SetupRefused(
            f"Pair {pair.label} withdrew from round {pair.withdrawn_from_round}.", "from_round"
        )


def _locked_pair(pair: Pair, *, from_round: int, reason: str, before_play: str, sit_out: str) -> Pair:
    """The pair re-read with its row locked; refused unless the event is in play and it is a real pair."""
    pair = (
        Pair.objects.select_for_update(of=("self",))
        .select_related("section__event", "player1", "player2")
        .get(pk=pair.pk)
    )
    _check_running(pair.section.event, before_play)
    if pair.is_phantom:
        raise SetupRefused(sit_out)
    _check_round(pair, from_round)
    _check_text(reason, limits.REASON, "The reason", "reason")
    return pair


def _check_not_played(pair: Pair, from_round: int, change: str) -> None:
    """Refuse a change from a round before the last one with a result on record for the pair.

    Boards ruled not played after a withdrawal do not count: they were never played.
    """
    rounds = (
        Result.objects.filter(Q(ns=pair) | Q(ew=pair))
        .exclude(rulings__kind=Ruling.Kind.WITHDRAWN)
        .values_list("seating__round", flat=True)
    )
    played = max(rounds, default=None)
    if played is not None and from_round <= played:
        raise SetupRefused(
            f"Pair {pair.label} has results in round {played}: "
            f"{change} from round {played + 1} at the earliest.",
            "from_round",
        )


@dataclass(frozen=True)
class Lineup:
    """Who plays for a pair in each round: the pair's players, changed by its substitutions."""

    pair: Pair
    substitutions: tuple[Substitution, ...]

    def at(self, round_: int) -> list[Player]:
        players = [p for p in (self.pair.player1, self.pair.player2) if p is not None]
        for sub in self.substitutions:
            if sub.from_round <= round_:
                players = [sub.player_in if p == sub.player_out else p for p in players]
        return players

    def from_round(self, round_: int) -> set[Player]:
        """Everyone who plays for the pair in ``round_`` or later."""
        later = [s.from_round for s in self.substitutions if s.from_round > round_]
        return {player for r in (round_, *later) for player in self.at(r)}


def lineups(pairs: list[Pair]) -> dict[int, Lineup]:
    """Every pair's lineup: one query for the substitutions of all of them."""
    subs: dict[int, list[Substitution]] = {pair.pk: [] for pair in pairs}
    for sub in Substitution.objects.filter(pair__in=pairs).select_related("player_in", "player_out"):
        subs[sub.pair_id].append(sub)
    return {pair.pk: Lineup(pair, tuple(subs[pair.pk])) for pair in pairs}


def _note(lineup: Lineup) -> str:
    return "; ".join(
        f"{s.player_in} for {s.player_out} from round {s.from_round}" for s in lineup.substitutions
    )


@transaction.atomic
def substitute(
    *, pair: Pair, user: Any, from_round: int, player_out: Player, player_in: str, reason: str = ""
) -> Substitution:
    """Replace a player of a pair from a round not yet played on; recaps and standings name both.

    Refused for a round the pair has already played or begun (its results stand as played),
    for a player not in the pair then, and for a substitute already playing, in any round from
    then on, in this pair or another: one person sits in one pair a round.
    """
    pair = _locked_pair(
        pair,
        from_round=from_round,
        reason=reason,
        before_play="change the pair's players on the pairs page instead.",
        sit_out="The sit-out has no players to replace.",
    )
    event = pair.section.event
    _check_not_played(pair, from_round, "a substitute plays")
    name = limits.one_line(player_in)
    if not name or limits.name_problem(name, limits.NAME, "The substitute's name"):
        raise SetupRefused("The substitute's name is 1 to 80 plain characters.", "player_in")
    pairs = list(Pair.objects.filter(section__event=event, is_phantom=False).with_players())
    everyone = lineups(pairs)
    if player_out not in everyone[pair.pk].at(from_round):
        raise SetupRefused(
            f"{player_out} does not play in pair {pair.label} in round {from_round}.", "player_out"
        )
    newcomer = Player.objects.get_or_create(club=event.club, name=name)[0]
    for other in pairs:
        if newcomer in everyone[other.pk].from_round(from_round):
            where = "this pair" if other.pk == pair.pk else f"pair {other.label}"
            raise SetupRefused(
                f"{newcomer} already plays in {where} from round {from_round}: "
                "one person cannot sit in two places in a round.",
                "player_in",
            )
    sub = Substitution.objects.create(
        pair=pair,
        from_round=from_round,
        player_out=player_out,
        player_in=newcomer,
        reason=reason.strip(),
        created_by=user,
    )
    before = pair.names
    pair.lineup_note = _note(lineups([pair])[pair.pk])[: limits.NOTE]
    pair.save(update_fields=["lineup_note"])
    _audit(
        event,
        f"Pair {pair.label}: substitute from round {from_round}",
        user,
        before={"names": before},
        after={"names": pair.names, "out": str(player_out), "in": str(newcomer), "from round": from_round},
        reason=reason.strip(),
    )
    return sub


@transaction.atomic
def withdraw(*, pair: Pair, user: Any, from_round: int, reason: str = "") -> int:
    """A pair leaves the session from a round on; its opponents' boards become averages.

    The laws name no score for a deal a pair leaves unplayed; the nearest they come is
    Law B (3), a table that cannot play a deal, whose pairs take the average (reading R-16).
    So every board the pair was to play from that round is recorded as not played with a
    director's ruling: each side is credited the average of its direction on the deal. Its
    opponents neither gain nor lose on it, and the withdrawn pair gets nothing: the same
    average adds 0 (Law H compares per deal, reading R-8). Refused from a round before one
    already recorded for the pair, and in a team match (Law G plays every deal at every
    table). Returns how many boards were ruled.
    """
    pair = _locked_pair(
        pair,
        from_round=from_round,
        reason=reason,
        before_play="change the number of pairs instead.",
        sit_out="The sit-out cannot withdraw.",
    )
    event = pair.section.event
    if event.is_teams:
        raise SetupRefused("A team match plays every deal at every table (Law G): a pair cannot withdraw.")
    # The seatings are locked before the check, as a table's entry locks its seating: a result
    # entered at the same moment is either seen here, or waits and then finds the board ruled.
    seatings = list(
        Seating.objects.select_for_update(of=("self",))
        .filter(Q(ns=pair) | Q(ew=pair), round__gte=from_round)
        .select_related("section__event", "table", "ns", "ew")
        .order_by("round")
    )
    _check_not_played(pair, from_round, "it can withdraw")
    pair.withdrawn_from_round = from_round
    pair.save(update_fields=["withdrawn_from_round"])
    why = (
        f"Pair {pair.label} withdrew from round {from_round}: the deal is not played, and each side takes "
        "the average of its direction (Law B (3))."
    )
    ruled = 0
    done = set(Result.objects.filter(seating__in=seatings).values_list("seating_id", "board__number"))
    for seating in seatings:
        for number in seating.board_numbers:
            if (seating.pk, number) in done:
                continue  # the other pair withdrew too: the board is already ruled
            saved = record(
                seating=seating,
                board_number=number,
                facts=Facts(not_played=True),
                request_key=None,
                user=user,
                reason=why,
            )
            add_ruling(
                result=saved.result, user=user, kind=Ruling.Kind.WITHDRAWN, law="Law B (3)", reason=why
            )
            ruled += 1
    _audit(
        event,
        f"Pair {pair.label} withdrew from round {from_round}",
        user,
        before={"withdrawn from round": None},
        after={"withdrawn from round": from_round, "boards ruled not played": ruled},
        reason=reason.strip(),
    )
    return ruled
