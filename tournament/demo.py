"""Demo nights for a newcomer: real deals, plausible results, a few rulings.

Everything is built through the same services a director uses, from a seeded random
generator, so the demo is the same on every machine and every number in it is derived by
the engine like any other night's. The contract bridge nights deal their boards from a seed
as a dealing machine would, with their hand records (double-dummy tricks and par), and each
table's result is a contract its side could reach, played a trick or so either side of
double dummy.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.core import serializers
from django.db import transaction

from scoring.auction.core import Contract, Doubling, Strain
from scoring.auction.honours import honours_held
from scoring.contract.deal import ContractBid
from scoring.shared.cards import Card, Hands
from scoring.shared.seats import SEATS, Seat

from .models import (
    AuditEntry,
    Board,
    BoardPlay,
    Club,
    Event,
    Membership,
    Pair,
    Player,
    Result,
    Ruling,
    Seating,
    Section,
    Table,
    Team,
)
from .services import analyses
from .services import events as event_service
from .services import hand_records as hand_record_service
from .services import results as result_service
from .services import rulings as ruling_service
from .services.plans import Plan
from .services.result_facts import Facts

DEMO_CLUB = "demo"
PLAYERS = [
    "Ada Whitcombe",
    "Bertram Foss",
    "Clara Pemberton",
    "Desmond Hale",
    "Edith Marlowe",
    "Felix Ashdown",
    "Georgina Vance",
    "Horace Tilney",
    "Imogen Cray",
    "Jasper Bellamy",
    "Katherine Lowe",
    "Lionel Stroud",
    "Mabel Ormsby",
    "Nathaniel Pryce",
    "Olive Fenwick",
    "Percival Dunn",
    "Rosalind Hart",
    "Silas Wren",
    "Theodora Blake",
    "Ulric Vane",
    "Violet Sayer",
    "Walter Grey",
    "Winifred Moss",
    "Xavier Lund",
]
RANKS = "AKQJT98765432"
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def deal_cards(rng: random.Random) -> Hands:
    deck = [Card(suit, rank) for suit in "SHDC" for rank in RANKS]
    rng.shuffle(deck)
    return Hands.from_cards([deck[i * 13 : (i + 1) * 13] for i in range(4)])


def _strength(hands: Hands, seat: Seat) -> tuple[int, dict[str, int]]:
    hand = hands.hand(seat)
    points = sum(POINTS.get(card.rank, 0) for card in hand.cards)
    lengths = {suit: sum(1 for card in hand.cards if card.suit == suit) for suit in "SHDC"}
    return points, lengths


def plausible_result(hands: Hands, rng: random.Random) -> tuple[Contract, Seat, int]:
    """A contract the stronger side might reach, and the tricks it might take."""
    totals = {}
    for seat in SEATS:
        points, lengths = _strength(hands, seat)
        partner_points, partner_lengths = _strength(hands, seat.partner)
        totals[seat] = (points + partner_points, {s: lengths[s] + partner_lengths[s] for s in "SHDC"}, points)
    declarer = max(SEATS, key=lambda s: (totals[s][0], totals[s][2]))
    combined, fits, _ = totals[declarer]
    suit, length = max(fits.items(), key=lambda item: item[1])
    strain = Strain.NO_TRUMP if length < 8 and combined >= 23 else Strain.parse("R" if suit == "S" else suit)
    level = max(1, min(7, (combined - 16) // 3 + (1 if length >= 9 else 0)))
    doubling = Doubling.DOUBLED if rng.random() < 0.12 else Doubling.NONE
    expected = 6 + level + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])
    tricks = max(0, min(13, expected))
    return Contract(level, strain, doubling), declarer, tricks


def _players(count: int, start: int) -> list[str]:
    return [PLAYERS[(start + i) % len(PLAYERS)] for i in range(count)]


def _name_pairs(event: Event, user: Any, start: int) -> None:
    pairs = Pair.objects.filter(section__event=event, is_phantom=False).order_by("id")
    names = _players(2 * pairs.count(), start)
    for index, pair in enumerate(pairs):
        event_service.name_pair(pair=pair, first=names[2 * index], second=names[2 * index + 1], user=user)


def _deal(event: Event, seed: int, user: Any) -> None:
    """Deal the event's boards and analyse them here and now, in the same transaction: the demo plays
    each board to its double-dummy tricks, so it cannot wait for a worker (whose task finds
    nothing left to do once this commits)."""
    with transaction.atomic():
        hand_record_service.deal_boards(event=event, seed=seed, user=user)
        analyses.analyse(Board.objects.filter(section__event=event).values_list("pk", flat=True))


def _deal_boards(section: Section, rng: random.Random) -> dict[int, Hands]:
    hands = {}
    for board in Board.objects.filter(section=section):
        hands[board.number] = deal_cards(rng)
        board.hands = hands[board.number].to_pbn()
        board.save(update_fields=["hands"])
    return hands


def _play_auction(
    section: Section, user: Any, rng: random.Random, skip: set[tuple[int, int]] = frozenset()
) -> None:
    hands = _deal_boards(section, rng)
    for seating in Seating.objects.filter(section=section).select_related(
        "table", "ns", "ew", "section__event"
    ):
        for number in seating.board_numbers:
            if (number, seating.table.number) in skip:
                continue
            contract, declarer, tricks = plausible_result(hands[number], rng)
            facts = Facts(
                contract=contract,
                declarer=declarer,
                tricks=tricks,
                honours=honours_held(hands[number], contract.strain),
            )
            result_service.record(
                seating=seating, board_number=number, facts=facts, request_key=None, user=user
            )
        if not any((number, seating.table.number) in skip for number in seating.board_numbers):
            result_service.agree_round(seating=seating, user=user, on_authority=True)


def _play_whist(section: Section, user: Any, rng: random.Random) -> None:
    for seating in Seating.objects.filter(section=section).select_related(
        "table", "ns", "ew", "section__event"
    ):
        for number in seating.board_numbers:
            facts = Facts(tricks=rng.choice([4, 5, 6, 6, 7, 7, 7, 8, 8, 9]), game="whist", trumps="H")
            result_service.record(
                seating=seating, board_number=number, facts=facts, request_key=None, user=user
            )
        result_service.agree_round(seating=seating, user=user, on_authority=True)


def _pairs_night(club: Club, user: Any, rng: random.Random) -> Event:
    plan = Plan(
        game=Event.Game.AUCTION, form=Event.Form.PAIRS, movement="mitchell", pairs=10, boards_per_round=3
    )
    event = event_service.create_event(
        club=club,
        user=user,
        name="Tuesday Duplicate Auction pairs",
        plan=plan,
        date=datetime.date(2026, 11, 17),
    )
    event_service.set_status(event=event, user=user, status=Event.Status.RUNNING)
    _name_pairs(event, user, 0)
    section = event.sections.get()
    irregular_board, irregular_table = 4, 3
    _play_auction(section, user, rng, skip={(irregular_board, irregular_table)})
    seating = next(
        s
        for s in Seating.objects.filter(section=section, table__number=irregular_table)
        if irregular_board in s.board_numbers
    )
    ruling_service.rule_irregular_hands(
        seating=seating,
        board_number=irregular_board,
        user=user,
        discovered="after_overplay_began",
        surplus_with="adversary",
        short_side="NS",
    )
    result_service.agree_round(seating=seating, user=user, on_authority=True)
    out_of_turn = (
        Result.objects.filter(section=section, board__number=7).order_by("seating__table__number").first()
    )
    if out_of_turn is not None:
        preset = ruling_service.PRESETS["declaration_out_of_turn"]
        ruling_service.add_ruling(
            result=out_of_turn,
            user=user,
            kind=preset["kind"],
            law=preset["law"],
            side="EW",
            points=preset["points"],
            reason="North declared out of turn; the declaration stood and South was barred. "
            + preset["reason"],
        )
    revoke = (
        Result.objects.filter(section=section, board__number=11).order_by("seating__table__number").last()
    )
    if revoke is not None:
        defender = Seat.parse(revoke.declarer).left
        ruling_service.add_ruling(
            result=revoke,
            user=user,
            kind="revoke",
            law="Law 84; Law D",
            seat=defender.value,
            revoke_penalty="tricks",
            reason=f"{defender.name_word} revoked in the fourth trick; claimed before the score was agreed.",
        )
    event_service.set_status(event=event, user=user, status=Event.Status.LOCKED, published=True)
    return event


def _team_match(club: Club, user: Any, rng: random.Random) -> Event:
    plan = Plan(
        game=Event.Game.AUCTION,
        form=Event.Form.TEAMS,
        movement="teams",
        pairs=2,
        boards_per_round=4,
        boards=12,
    )
    event = event_service.create_event(
        club=club, user=user, name="Club team-of-four match", plan=plan, date=datetime.date(2026, 11, 19)
    )
    event_service.set_status(event=event, user=user, status=Event.Status.RUNNING)
    _name_pairs(event, user, 4)
    for team, name in zip(event.teams.order_by("label"), ("The Royals", "Lilies"), strict=True):
        team.name = name
        team.save(update_fields=["name"])
    _play_auction(event.sections.get(), user, rng)
    event_service.set_status(event=event, user=user, status=Event.Status.LOCKED, published=True)
    return event


def _whist_night(club: Club, user: Any, rng: random.Random) -> Event:
    plan = Plan(
        game=Event.Game.WHIST, form=Event.Form.PAIRS, movement="mitchell", pairs=10, boards_per_round=3
    )
    event = event_service.create_event(
        club=club, user=user, name="Compass whist night", plan=plan, date=datetime.date(2026, 11, 20)
    )
    event_service.set_status(event=event, user=user, status=Event.Status.RUNNING)
    _name_pairs(event, user, 10)
    _play_whist(event.sections.get(), user, rng)
    event_service.set_status(event=event, user=user, status=Event.Status.LOCKED, published=True)
    return event


# --- Duplicate Contract Bridge ------------------------------------------------------------------

BRIDGE_STRAINS = ("C", "D", "H", "S", "NT")  # the order of a board's double-dummy table
GAME_LEVEL = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}


def bridge_contract(hands: Hands, tricks: dict[str, list[int]], rng: random.Random) -> tuple[str, str, int]:
    """A contract the stronger side might reach on these cards, and the tricks its declarer takes.

    The side with more high-card points declares the strain where it takes most tricks double dummy
    (a major or no trump on a tie); it bids game or slam when the cards make it, a part score below
    it, now and then one level too many; the play ends a trick or so either side of double dummy,
    and a contract going two down is doubled as often as not. Returns ("4H", "N", 10), or
    ("", "", 0) for a board passed out.
    """
    points = {seat: _strength(hands, seat)[0] for seat in SEATS}
    ns = points[Seat.N] + points[Seat.S]
    seats = (Seat.N, Seat.S) if ns >= 20 else (Seat.E, Seat.W)
    if max(ns, 40 - ns) <= 21 and rng.random() < 0.5:
        return "", "", 0
    made, strain, declarer = _best(tricks, seats)
    level = made - 6
    if level >= 6:
        level = level if rng.random() < 0.6 else GAME_LEVEL[strain]
    elif level >= GAME_LEVEL[strain]:
        level = GAME_LEVEL[strain]
    else:
        level = min(level, GAME_LEVEL[strain] - 1) + (1 if rng.random() < 0.25 else 0)
    level = max(1, min(7, level))
    taken = max(0, min(13, made + rng.choice([-1, 0, 0, 0, 0, 1])))
    doubled = "X" if taken <= level + 4 and rng.random() < 0.5 else ""
    return f"{level}{strain}{doubled}", declarer, taken


def _best(tricks: dict[str, list[int]], seats: tuple[Seat, ...]) -> tuple[int, str, str]:
    """(tricks, strain, declarer): the most tricks any of ``seats`` takes double dummy, a major or no
    trump preferred on a tie, for the game bonus."""
    made, _, strain, declarer = max(
        (tricks[seat.value][index], strain in ("H", "S", "NT"), strain, seat.value)
        for seat in seats
        for index, strain in enumerate(BRIDGE_STRAINS)
    )
    return made, strain, declarer


def _play_bridge(section: Section, user: Any, rng: random.Random) -> None:
    """Every table plays every board of its rounds, and agrees each round (Law 77 scores each)."""
    boards = {board.number: board for board in Board.objects.filter(section=section)}
    for seating in Seating.objects.filter(section=section).select_related(
        "table", "ns", "ew", "section__event"
    ):
        for number in seating.board_numbers:
            board = boards[number]
            contract, declarer, tricks = bridge_contract(Hands.parse(board.hands), board.double_dummy, rng)
            facts = Facts(
                game="contract",
                contract=ContractBid.parse(contract) if contract else None,
                declarer=Seat.parse(declarer) if declarer else None,
                tricks=tricks,
            )
            result_service.record(
                seating=seating, board_number=number, facts=facts, request_key=None, user=user
            )
        result_service.agree_round(seating=seating, user=user, on_authority=True)


def _contract_pairs_night(club: Club, user: Any, rng: random.Random) -> Event:
    """A five-table Mitchell scored by matchpoints, with its hand records and two adjusted scores."""
    plan = Plan(
        game=Event.Game.CONTRACT, form=Event.Form.PAIRS, movement="mitchell", pairs=10, boards_per_round=3
    )
    event = event_service.create_event(
        club=club,
        user=user,
        name="Tuesday contract bridge pairs",
        plan=plan,
        date=datetime.date(2026, 11, 24),
        method=Event.Method.MATCHPOINTS,
    )
    event_service.set_status(event=event, user=user, status=Event.Status.RUNNING)
    _name_pairs(event, user, 3)
    _deal(event, 2026, user)
    section = event.sections.get()
    _play_bridge(section, user, rng)
    results = Result.objects.filter(section=section).order_by("board__number", "seating__table__number")
    fouled = results.filter(board__number=5).first()
    if fouled is not None:
        ruling_service.add_ruling(
            result=fouled,
            user=user,
            kind=Ruling.Kind.ARTIFICIAL,
            law="Law 12C2",
            reason="East exposed a card during the auction and no result could be obtained: "
            "Average-plus to North-South, Average-minus to East-West.",
            ns_average=Ruling.Average.PLUS,
            ew_average=Ruling.Average.MINUS,
        )
    misinformed = results.filter(board__number=9).last()
    if misinformed is not None:
        made, strain, declarer = _best(misinformed.board.double_dummy, SEATS)
        level = max(1, min(GAME_LEVEL[strain], made - 6))
        over = made - 6 - level
        assigned = f"{level}{strain} {declarer} {'=' if over == 0 else f'{over:+d}'}"
        ruling_service.add_ruling(
            result=misinformed,
            user=user,
            kind=Ruling.Kind.ASSIGNED,
            law="Law 21B; Law 12C1",
            reason="A bid was explained wrongly; correctly informed, the table would have reached "
            f"{level}{strain} by {Seat.parse(declarer).name_word}, as the cards make it.",
            assigned=assigned,
        )
    event_service.set_status(event=event, user=user, status=Event.Status.LOCKED, published=True)
    return event


def _contract_team_match(club: Club, user: Any, rng: random.Random) -> Event:
    """A team-of-four match scored by IMPs, with Victory Points on the WBF scale, and its hand records."""
    plan = Plan(
        game=Event.Game.CONTRACT,
        form=Event.Form.TEAMS,
        movement="teams",
        pairs=2,
        boards_per_round=4,
        boards=12,
    )
    event = event_service.create_event(
        club=club,
        user=user,
        name="Club IMP teams match",
        plan=plan,
        date=datetime.date(2026, 11, 26),
        method=Event.Method.TEAM_IMPS,
        victory_points=Event.VictoryPoints.WBF,
    )
    event_service.set_status(event=event, user=user, status=Event.Status.RUNNING)
    _name_pairs(event, user, 14)
    for team, name in zip(event.teams.order_by("label"), ("Grand Coup", "Squeeze Play"), strict=True):
        event_service.rename_team(team=team, name=name, user=user)
    _deal(event, 1926, user)
    _play_bridge(event.sections.get(), user, rng)
    event_service.set_status(event=event, user=user, status=Event.Status.LOCKED, published=True)
    return event


@transaction.atomic
def build_demo(director: Any, seed: int = 1913, slug: str = DEMO_CLUB) -> Club:
    """The demo club and its five finished nights, built once through the services."""
    club, created = Club.objects.get_or_create(slug=slug, defaults={"name": "Foster Memorial Bridge Club"})
    Membership.objects.get_or_create(club=club, user=director, defaults={"role": Membership.Role.DIRECTOR})
    if not created and club.events.exists():
        return club
    rng = random.Random(seed)
    _pairs_night(club, director, rng)
    _team_match(club, director, rng)
    _whist_night(club, director, rng)
    _contract_pairs_night(club, director, rng)
    _contract_team_match(club, director, rng)
    return club


# What the demo fixture holds, parents before children, so that loaddata can read it in order.
FIXTURE_MODELS = (
    Club,
    Membership,
    Player,
    Event,
    Section,
    Team,
    Pair,
    Board,
    Table,
    Seating,
    Result,
    BoardPlay,
    Ruling,
    AuditEntry,
)


def demo_fixture(director: Any) -> str:
    """The demo nights as a loaddata fixture: the director by username, everything else by key."""
    objects: list[Any] = [director]
    for model in FIXTURE_MODELS:
        objects.extend(model.objects.order_by("pk"))
    return serializers.serialize(
        "json", objects, indent=1, use_natural_foreign_keys=True, use_natural_primary_keys=True
    )
