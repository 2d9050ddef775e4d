"""A fully played Duplicate Auction pairs night of any size, made through the director's services.

For benchmarks (``benchmarks/exports.py``) and for people trying the product at size
(``manage.py make_synthetic_event``); ``build_unplayed_night`` stops before the first result, for
the load test (``benchmarks/load.py``), whose phones enter every result through the table pages.

The night is a Mitchell-like movement with duplicated boards, as a large congress plays: N-S
pairs stationary, E-W pairs moving up one table a round, the B boards split into R rounds of K
boards (R × K = B). Board set s of round r at table t is (a·t + r) mod R, with a chosen so that
no pair plays a board twice (see ``synthetic_movement``). Every result is recorded, confirmed by
the opponents at the table and its round agreed, through ``tournament.services.results``, as on
a real night.
"""

from __future__ import annotations

import datetime
import math
import random
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from scoring.auction.honours import honours_held
from scoring.contests import movements

from .demo import deal_cards, plausible_result
from .models import Board, Club, Event, Membership, Pair, Result, Ruling, Seating, Section
from .scores import versions
from .services import events as event_service
from .services import results as result_service
from .services import rulings as ruling_service
from .services.result_facts import Facts

MAX_TABLES = 250
MAX_BOARDS = 108
RULING_EVERY = 50  # one ruling on every fiftieth result, so the rulings log grows with the night
DIRECTOR = "synthetic-director"


class SyntheticRefused(ValueError):
    """A night that cannot be made as asked; the message says why."""


@dataclass(frozen=True)
class Shape:
    """How the boards are played: ``rounds`` rounds of ``boards_per_round`` boards."""

    tables: int
    rounds: int
    boards_per_round: int

    @property
    def boards(self) -> int:
        return self.rounds * self.boards_per_round


def shape(tables: int, boards: int) -> Shape:
    """Rounds × boards a round for ``boards`` boards at ``tables`` tables.

    Boards a round: 3 when B divides by 3, else 2 when B is even, as long as that leaves no
    more rounds than tables (an E-W pair meets each N-S pair at most once); otherwise the
    smallest divisor of B that does; at worst all B boards in one round.
    """
    if not 2 <= tables <= MAX_TABLES:
        raise SyntheticRefused(f"--tables must be between 2 and {MAX_TABLES}, not {tables}.")
    if not 1 <= boards <= MAX_BOARDS:
        raise SyntheticRefused(f"--boards must be between 1 and {MAX_BOARDS}, not {boards}.")
    preferred = [k for k in (3, 2) if boards % k == 0]
    divisors = preferred + [k for k in range(1, boards + 1) if boards % k == 0 and k not in preferred]
    for per_round in divisors:
        if boards // per_round <= tables and (per_round > 1 or boards == 1):
            return Shape(tables, boards // per_round, per_round)
    return Shape(tables, 1, boards)


def _stride(tables: int, rounds: int) -> int:
    """The smallest a ≥ 1 with a·tables ≡ 0 (mod rounds) and a + 1 prime to rounds, else 0.

    Table t meets every set once (r runs over all residues). An E-W pair at table t = e + r - 1
    meets set (a·e - a + (a + 1)·r) mod R, R different sets when a + 1 is prime to R; when it
    wraps from the last table to the first, a·t drops by a·tables, a multiple of R. a = 0 (every
    table plays the same set in a round) always works; a larger a spreads the sets over the room.
    """
    for a in range(1, rounds):
        if (a * tables) % rounds == 0 and math.gcd(a + 1, rounds) == 1:
            return a
    return 0


def synthetic_movement(tables: int, boards: int = 27) -> movements.Movement:
    """The movement of ``tables`` tables playing ``boards`` boards, checked by ``movements.check``.

    27 boards give 9 rounds of 3 with table t playing set (3t + r) mod 9 whenever the tables
    divide by 3 — the benchmark's night.
    """
    plan = shape(tables, boards)
    stride = _stride(tables, plan.rounds)
    seatings = []
    for round_ in range(1, plan.rounds + 1):
        for table in range(1, tables + 1):
            ew = (table - round_) % tables + 1
            board_set = (stride * table + round_) % plan.rounds
            first = board_set * plan.boards_per_round + 1
            numbers = tuple(range(first, first + plan.boards_per_round))
            seatings.append(movements.Seating(round_, table, f"{table}NS", f"{ew}EW", numbers))
    movement = movements.enter_movement(seatings, board_count=plan.boards)
    report = movements.check(movement)
    if not report.ok:
        raise SyntheticRefused("The synthetic movement fails its checks: " + " ".join(report.problems))
    return movement


def synthetic_club(slug: str = "", name: str = "") -> tuple[Club, bool]:
    """The club at ``slug`` (or named ``name``), created when missing; True when created."""
    name = name or slug or "Synthetic Club"
    slug = slug or "synthetic-club"
    club = Club.objects.filter(slug=slug).first()
    if club is not None:
        return club, False
    return Club.objects.create(name=name, slug=slug), True


@dataclass(frozen=True)
class LaidOut:
    """A night before its first result, as ``_lay_out`` leaves it."""

    event: Event
    section: Section
    director: Any
    hands: dict[int, Any]
    movement: movements.Movement


def _lay_out(tables: int, seed: int, rng: random.Random, *, boards: int, club: Club | None) -> LaidOut:
    """The night in play before its first result: the section laid out, the pairs named, the boards dealt.

    Runs inside the caller's transaction, through the director's services.
    """
    movement = synthetic_movement(tables, boards)
    if club is None:
        club = Club.objects.create(name=f"Benchmark club {tables}", slug=f"benchmark-{tables}")
    director, _ = get_user_model().objects.get_or_create(username=f"{DIRECTOR}-{club.slug}"[:150])
    Membership.objects.get_or_create(club=club, user=director, defaults={"role": Membership.Role.DIRECTOR})
    event = Event.objects.create(
        club=club,
        name=f"{tables}-table pairs, {movement.board_count} boards (seed {seed})",
        date=datetime.date(2026, 11, 17),
        status=Event.Status.RUNNING,
    )
    section = Section.objects.create(
        event=event,
        movement=Section.Movement.CUSTOM,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
    )
    event_service.lay_out(section, movement)
    for index, pair in enumerate(Pair.objects.filter(section=section).order_by("id")):
        event_service.name_pair(
            pair=pair,
            first=f"Joueur {2 * index} Lefèvre",
            second=f"Spieler {2 * index + 1} Müller",
            user=director,
        )
    board_rows = list(Board.objects.filter(section=section))
    hands = {board.number: deal_cards(rng) for board in board_rows}
    for board in board_rows:
        board.hands = hands[board.number].to_pbn()
    Board.objects.bulk_update(board_rows, ["hands"])
    versions.boards_written(board_rows)
    return LaidOut(event, section, director, hands, movement)


def build_unplayed_night(
    tables: int,
    seed: int,
    *,
    boards: int = 27,
    club: Club | None = None,
    publish: bool = True,
) -> Event:
    """A night in play with no result yet: its tables' links open and wait for their first board.

    The same night as ``build_night`` before its first result (the same movement, pairs and deals
    for the same seed), for the load test (``benchmarks/load.py``), where the phones enter every
    result through the table pages. With ``publish`` the standings are public while it runs.
    """
    rng = random.Random(seed)
    with transaction.atomic():
        night = _lay_out(tables, seed, rng, boards=boards, club=club)
        if publish:
            event_service.set_status(event=night.event, user=night.director, published=True)
    return night.event


def build_night(
    tables: int,
    seed: int,
    *,
    boards: int = 27,
    club: Club | None = None,
    publish: bool = True,
    progress: Any = None,
) -> Event:
    """A finished, locked 27-board (or ``boards``-board) night, every result entered by the services.

    Round by round, each table records its boards, the opponents confirm each one at the table
    and the table agrees the round; a director rules on every fiftieth result. Then the event is
    locked and, with ``publish``, published. ``progress(done, total)`` is called after each round.
    """
    rng = random.Random(seed)
    with transaction.atomic():
        night = _lay_out(tables, seed, rng, boards=boards, club=club)
        event, section, director, hands = night.event, night.section, night.director, night.hands
        movement = night.movement
        count = 0
        seatings = Seating.objects.filter(section=section).select_related(
            "table", "ns", "ew", "section__event"
        )
        current_round = None
        for seating in seatings.order_by("round", "table__number"):
            if progress is not None and current_round is not None and seating.round != current_round:
                progress(current_round, movement.rounds)
            current_round = seating.round
            saved_results = []
            for number in seating.board_numbers:
                contract, declarer, tricks = plausible_result(hands[number], rng)
                facts = Facts(
                    contract=contract,
                    declarer=declarer,
                    tricks=tricks,
                    honours=honours_held(hands[number], contract.strain),
                )
                saved = result_service.record(
                    seating=seating, board_number=number, facts=facts, request_key=None, table=seating.table
                )
                count += 1
                if count % RULING_EVERY == 0:
                    ruling_service.add_ruling(
                        result=saved.result,
                        user=director,
                        kind=Ruling.Kind.AWARD,
                        law="Law F",
                        side="EW",
                        points=50,
                        reason="North declared out of turn; the declaration stood (synthetic ruling).",
                    )
                saved_results.append(saved.result)
            for result in saved_results:
                result_service.set_status(result=result, status=Result.Status.CONFIRMED, table=seating.table)
            result_service.agree_round(seating=seating, table=seating.table)
        if progress is not None and current_round is not None:
            progress(current_round, movement.rounds)
        event_service.set_status(event=event, user=director, status=Event.Status.LOCKED, published=publish)
    return event
