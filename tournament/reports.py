"""The rows every results screen and export shows: standings, travellers, recaps, matches.

One function per table of figures. Each takes a :class:`~tournament.services.standings.SectionScores`,
which the engine has already scored, and returns small frozen rows of exact values (ints and
``Fraction``). The HTML tables, the CSV export, the XLSX workbook and the PDF sheets all
consume these rows, so they cannot disagree (issue 5). Nothing here scores: every figure comes
from ``scoring`` (Law H for pair contests, Law G for team matches, Law B (3) for irregular
tables); this module only puts the engine's figures side by side with the facts they came from.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from scoring.cards import SUITS, Hands, honours_held
from scoring.core import SEATS, Side, Strain
from scoring.deal import DealScore
from scoring.errors import ScoringError
from scoring.numbers import mixed_text, round_half_away
from scoring.pairs import PairDealScore, Traveller, TravellerRow, natural_key, signed_text

from .models import Board, Result, Ruling
from .services.facts import contract_of, honours_of
from .services.standings import ScoredResult, SectionScores

SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "R": "R♠", "NT": "NT"}
RED = frozenset({"H", "D"})


# --- small values shared by the rows -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RulingNote:
    """A director's ruling as a recap or traveller prints it: the law, what it did, and why."""

    ruling_pk: int
    kind: str
    law: str
    reason: str
    active: bool
    created: datetime.datetime
    undone_at: datetime.datetime | None

    @property
    def text(self) -> str:
        """ "Law F: North declared out of turn ..." (undone rulings say so)."""
        undone = "" if self.active else " (undone)"
        return f"{self.law}: {self.reason}{undone}"


def ruling_notes(rulings: list[Ruling]) -> tuple[RulingNote, ...]:
    """Every ruling on a result, active and undone, in the order they were made."""
    return tuple(
        RulingNote(r.pk, r.get_kind_display(), r.law, r.reason, r.active, r.created, r.undone_at)
        for r in rulings
    )


def exact_text(value: Fraction | None) -> str:
    """The exact figure, signed, only where rounding hides it: "+49 2/3"; "" for a whole number."""
    if value is None or value.denominator == 1:
        return ""
    return signed_text(value)


def contract_text(result: Result, *, whist: bool) -> str:
    """What was played: "3HX", "Passed out", "Not played (Law B)"; for whist the trump suit turned."""
    if whist:
        return "Not played (Law B)" if result.not_played else result.trumps
    return result.contract_text


def symbol_text(text: str) -> str:
    """A contract or trump suit in plain text with suit symbols: "3HX" as "3♥X", "H" as "♥"."""
    if text in SYMBOLS:
        return SYMBOLS[text]
    if not text or not text[0].isdigit():
        return text
    strain = "NT" if text[1:].startswith("NT") else text[1:2]
    return text[0] + SYMBOLS.get(strain, strain) + text[1 + len(strain) :]


def _names(sheet: SectionScores, label: str) -> str:
    pair = sheet.pairs.get(label)
    return pair.names if pair is not None else ""


def _pair_pk(sheet: SectionScores, label: str) -> int | None:
    pair = sheet.pairs.get(label)
    return pair.pk if pair is not None else None


def _declarer(scored: ScoredResult, whist: bool) -> str:
    result = scored.result
    return "" if whist or result.passed_out or result.not_played else result.declarer


def _tricks(scored: ScoredResult, whist: bool) -> int | None:
    result = scored.result
    if result.not_played or (not whist and result.passed_out):
        return None
    return result.tricks


# --- standings -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A pair's place in the standings: the exact contest score and the rounded figure shown."""

    rank: int
    tied: bool
    pair: str
    pair_pk: int | None
    names: str
    score: Fraction
    rounded: int
    exact: str
    deals: int

    @property
    def rank_text(self) -> str:
        """ "2=" when the pair shares its rank, "2" otherwise."""
        return f"{self.rank}=" if self.tied else str(self.rank)


def standings_rows(sheet: SectionScores, direction: Side | None = None) -> list[StandingRow]:
    """The pair contest's standings (Law H): overall, or one direction's (Foster's compass scoring).

    Ranks come from the engine: equal exact scores share a rank and the next rank is skipped.
    Empty for a team match or before any result is in.
    """
    if sheet.contest is None:
        return []
    contest = sheet.contest
    standings = contest.standings if direction is None else contest.direction_standings(direction)
    ranks = Counter(s.rank for s in standings)
    return [
        StandingRow(
            rank=s.rank,
            tied=ranks[s.rank] > 1,
            pair=s.pair,
            pair_pk=_pair_pk(sheet, s.pair),
            names=_names(sheet, s.pair),
            score=s.score,
            rounded=s.rounded,
            exact=exact_text(s.score),
            deals=s.deals,
        )
        for s in standings
    ]


# --- travellers ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's result on a board, with what each pair is credited and its ± against the average."""

    board: int
    round: int
    table: int
    result_pk: int
    ns: str
    ns_pk: int | None
    ew: str
    ew_pk: int | None
    contract: str
    declarer: str
    tricks: int | None
    ns_points: int | None  # gross points (Auction) or tricks (Whist) scored at the table
    ew_points: int | None
    net_ns: int | None
    ns_score: Fraction | None  # what the contest credits: the table's figure, or Law B (3)'s
    ew_score: Fraction | None
    ns_average: Fraction | None
    ew_average: Fraction | None
    ns_difference: Fraction | None
    ew_difference: Fraction | None
    how: str
    problem: str
    status: str
    rulings: tuple[RulingNote, ...]


def _engine_row(traveller: Traveller | None, ns: str, ew: str) -> TravellerRow | None:
    if traveller is None:
        return None
    return next((row for row in traveller.rows if row.ns == ns and row.ew == ew), None)


def board_traveller(sheet: SectionScores, board: int) -> Traveller | None:
    """The engine's traveller of a board in a pair contest, None in a match or before a result."""
    if sheet.contest is None:
        return None
    return next((t for t in sheet.contest.travellers if t.deal == str(board)), None)


def traveller_rows(sheet: SectionScores, board: int) -> list[TravellerLine]:
    """Every table's result on ``board``, in round and table order (Law H; Law B (3) for irregular tables)."""
    whist = sheet.event.is_whist
    traveller = board_traveller(sheet, board)
    scored_results = sorted(
        (s for s in sheet.results if s.result.board.number == board),
        key=lambda s: (s.result.seating.round, s.result.seating.table.number),
    )
    rows = []
    for scored in scored_results:
        r = scored.result
        engine = _engine_row(traveller, r.ns.label, r.ew.label)
        net = scored.net_ns
        rows.append(
            TravellerLine(
                board=board,
                round=r.seating.round,
                table=r.seating.table.number,
                result_pk=r.pk,
                ns=r.ns.label,
                ns_pk=_pair_pk(sheet, r.ns.label),
                ew=r.ew.label,
                ew_pk=_pair_pk(sheet, r.ew.label),
                contract=contract_text(r, whist=whist),
                declarer=_declarer(scored, whist),
                tricks=_tricks(scored, whist),
                ns_points=scored.points(Side.NS),
                ew_points=scored.points(Side.EW),
                net_ns=net,
                ns_score=engine.ns_score if engine else None,
                ew_score=engine.ew_score if engine else None,
                ns_average=traveller.ns_average if engine and traveller else None,
                ew_average=traveller.ew_average if engine and traveller else None,
                ns_difference=engine.ns_difference if engine else None,
                ew_difference=engine.ew_difference if engine else None,
                how=engine.how if engine else "",
                problem=scored.problem,
                status=r.get_status_display(),
                rulings=ruling_notes(scored.rulings),
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class Holding:
    """One suit of a hand: its symbol, whether it prints red, and the cards ("A K 10 9 2", "—")."""

    suit: str
    symbol: str
    red: bool
    cards: str


@dataclass(frozen=True, slots=True)
class HandRow:
    """One seat of a hand diagram: each suit's holding, as the diagram prints it."""

    seat: str
    seat_name: str
    holdings: tuple[Holding, ...]


@dataclass(frozen=True, slots=True)
class HonoursHeld:
    """Who held the honours in one declaration played on the board (table of values)."""

    strain: str
    counts: tuple[tuple[str, int], ...]  # (seat letter, honours held)

    @property
    def text(self) -> str:
        held = ", ".join(f"{seat} {count}" for seat, count in self.counts if count)
        return f"{self.strain}: {held or 'none held'}"


@dataclass(frozen=True, slots=True)
class Diagram:
    """The deal of a board, when its cards are known, with who held the honours in each declaration."""

    board: int
    dealer: str
    hands: tuple[HandRow, ...]
    honours: tuple[HonoursHeld, ...]


def deal_diagram(sheet: SectionScores, board: Board) -> Diagram | None:
    """The hand diagram of ``board`` and the honours held in each strain declared on it (W1912 law 5)."""
    if not board.hands:
        return None
    try:
        hands = Hands.parse(board.hands)
    except ScoringError:
        return None  # a malformed stored deal shows no diagram; the tables' own entries still stand
    rows = tuple(
        HandRow(
            seat.value,
            seat.name_word,
            tuple(
                Holding(suit, SYMBOLS[suit], suit in RED, hands.suit_holding(seat, suit)) for suit in SUITS
            ),
        )
        for seat in SEATS
    )
    strains: dict[str, Strain] = {}
    for scored in sheet.results:
        contract = contract_of(scored.result) if scored.result.board.number == board.number else None
        if contract is not None and not sheet.event.is_whist:
            strains.setdefault(contract.strain.code, contract.strain)
    honours = tuple(
        HonoursHeld(
            strain.noun,
            tuple(zip((s.value for s in SEATS), honours_held(hands, strain), strict=True)),
        )
        for strain in strains.values()
    )
    return Diagram(board.number, board.dealer, rows, honours)


# --- recaps --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecapLine:
    """One deal on a pair's recap: the table's facts, the average it was compared with, the ±.

    In a pair contest ``score`` is what the pair is credited (its net, its tricks at whist, or a
    Law B (3) figure), ``difference`` is the ± and ``running`` the running total of ±. In a team
    match there is no average: ``score`` is the pair's gross and ``running`` its running gross.
    """

    round: int
    table: int
    board: int
    result_pk: int
    direction: str
    opponents: str
    opponents_pk: int | None
    opponents_names: str
    contract: str
    declarer: str
    tricks: int | None
    net: int | None
    score: Fraction | None
    average: Fraction | None
    difference: Fraction | None
    running: Fraction
    rulings: tuple[RulingNote, ...]
    irregular: str  # how Law B (3) scored the table, when its hands were irregular
    lines: tuple[str, ...]
    problem: str


def _explanation_lines(scored: ScoredResult, how: str) -> tuple[str, ...]:
    if scored.problem:
        return (scored.problem,)
    if how:
        return (how,)
    if scored.score is None:
        return ()
    return tuple(str(line) for line in scored.score.lines)


def _deal_scores(sheet: SectionScores, label: str) -> dict[str, PairDealScore]:
    if sheet.contest is None:
        return {}
    return {score.deal: score for score in sheet.contest.pair_scores(label)}


def recap_rows(sheet: SectionScores, pair_label: str) -> list[RecapLine]:
    """A pair's recap: every deal it played, in round order, with its ± and running total (Law H, Law G)."""
    whist = sheet.event.is_whist
    deal_scores = _deal_scores(sheet, pair_label)
    mine = sorted(
        sheet.for_pair(pair_label),
        key=lambda s: (s.result.seating.round, s.result.board.number),
    )
    running = Fraction(0)
    rows = []
    for scored in mine:
        r = scored.result
        side = Side.NS if r.ns.label == pair_label else Side.EW
        opponents = r.ew.label if side is Side.NS else r.ns.label
        contest = deal_scores.get(str(r.board.number))
        net = scored.net_ns if side is Side.NS or scored.net_ns is None else -scored.net_ns
        if sheet.contest is not None:
            score = contest.score if contest else None
            difference = contest.difference if contest else None
            running += difference or 0
        else:
            points = scored.points(side)
            score = Fraction(points) if points is not None else None
            difference = None
            running += score or 0
        rows.append(
            RecapLine(
                round=r.seating.round,
                table=r.seating.table.number,
                board=r.board.number,
                result_pk=r.pk,
                direction=side.label,
                opponents=opponents,
                opponents_pk=_pair_pk(sheet, opponents),
                opponents_names=_names(sheet, opponents),
                contract=contract_text(r, whist=whist),
                declarer=_declarer(scored, whist),
                tricks=_tricks(scored, whist),
                net=net,
                score=score,
                average=contest.average if contest else None,
                difference=difference,
                running=running,
                rulings=ruling_notes(scored.rulings),
                irregular=contest.how if contest else "",
                lines=_explanation_lines(scored, contest.how if contest else ""),
                problem=scored.problem,
            )
        )
    return rows


def pair_standing(sheet: SectionScores, pair_label: str) -> StandingRow | None:
    """The pair's overall standing, None before it has a scored deal (or in a team match)."""
    return next((row for row in standings_rows(sheet) if row.pair == pair_label), None)


# --- team matches --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchTable:
    """One table's result on one deal of a match: each pair's gross and its team."""

    table: int
    round: int
    result_pk: int | None
    contract: str
    declarer: str
    tricks: int | None
    ns: str
    ns_team: str
    ns_points: int
    ew: str
    ew_team: str
    ew_points: int


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One deal of a match: every table, each team's gross and the swing (Law G; reading R-6)."""

    deal: int
    tables: tuple[MatchTable, ...]
    first_points: int
    second_points: int
    swing: int
    running_swing: int


@dataclass(frozen=True, slots=True)
class TeamLine:
    """A team's total: its gross, the average added for an odd pair, the total and the exact figure."""

    name: str
    gross: int
    odd_direction: str
    average: Fraction | None
    average_rounded: int | None
    total: int
    exact: Fraction


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """The match result (Law G): both totals, the winner, and whether a fraction decided it."""

    first: TeamLine
    second: TeamLine
    winner: str | None
    margin: Fraction
    by_fraction: bool
    unit: str
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        """ "The Royals win by 120", "Lilies win by the fraction of a point (1/3)", "The match is drawn"."""
        if self.winner is None:
            return "The match is drawn (Law G)."
        if self.by_fraction:
            return f"{self.winner} win by the fraction of a point ({mixed_text(self.margin)}) (Law G)."
        return f"{self.winner} win by {mixed_text(self.margin)} {self.unit} (Law G)."


def match_rows(sheet: SectionScores) -> list[MatchRow]:
    """Per deal of a team match: both tables, each team's gross and the swing (Law G)."""
    if sheet.match is None:
        return []
    whist = sheet.event.is_whist
    played = {(str(s.result.board.number), s.result.ns.label): s for s in sheet.results}
    running = 0
    rows = []
    for deal in sheet.match.deals:
        tables = []
        for line in deal.tables:
            scored = played.get((deal.deal, line.ns))
            r = scored.result if scored else None
            tables.append(
                MatchTable(
                    table=r.seating.table.number if r else 0,
                    round=r.seating.round if r else 0,
                    result_pk=r.pk if r else None,
                    contract=contract_text(r, whist=whist) if r else "",
                    declarer=_declarer(scored, whist) if scored else "",
                    tricks=_tricks(scored, whist) if scored else None,
                    ns=line.ns,
                    ns_team=line.ns_team,
                    ns_points=line.ns_points,
                    ew=line.ew,
                    ew_team=line.ew_team,
                    ew_points=line.ew_points,
                )
            )
        running += deal.swing
        tables.sort(key=lambda t: t.table)
        rows.append(
            MatchRow(
                int(deal.deal), tuple(tables), deal.first_points, deal.second_points, deal.swing, running
            )
        )
    rows.sort(key=lambda row: row.deal)
    return rows


def match_summary(sheet: SectionScores) -> MatchSummary | None:
    """Each team's total, the odd-pair average when it applies, and the winner (Law G; R-5 to R-7)."""
    match = sheet.match
    if match is None:
        return None
    first, second = (
        TeamLine(
            t.team,
            t.gross,
            t.odd_direction.label if t.odd_direction else "",
            t.average,
            t.average_rounded,
            t.total,
            t.exact,
        )
        for t in (match.first, match.second)
    )
    return MatchSummary(first, second, match.winner, match.margin, match.by_fraction, match.unit, match.lines)


# --- the pair x deal matrix and the rulings log ---------------------------------------------


@dataclass(frozen=True, slots=True)
class MatrixRow:
    """A pair's figure on every deal: its ± in a pair contest, its gross in a team match."""

    pair: str
    pair_pk: int | None
    names: str
    cells: tuple[tuple[int, Fraction | None], ...]  # (deal, figure), None where the pair did not play it
    total: Fraction


def matrix_deals(sheet: SectionScores) -> list[int]:
    """The deal numbers that have a result, in order: the matrix's columns."""
    return sorted({s.result.board.number for s in sheet.results})


def matrix_rows(sheet: SectionScores) -> list[MatrixRow]:
    """Pair x deal: each pair's ± on each deal (Law H), or its gross in a team match (Law G)."""
    deals = matrix_deals(sheet)
    figures: dict[str, dict[int, Fraction]] = {}
    if sheet.contest is not None:
        for score in sheet.contest.scores:
            figures.setdefault(score.pair, {})[int(score.deal)] = score.difference
    elif sheet.match is not None:
        for row in match_rows(sheet):
            for table in row.tables:
                figures.setdefault(table.ns, {})[row.deal] = Fraction(table.ns_points)
                figures.setdefault(table.ew, {})[row.deal] = Fraction(table.ew_points)
    rows = []
    for label in sorted(figures, key=natural_key):
        cells = tuple((deal, figures[label].get(deal)) for deal in deals)
        total = sum((figure for _, figure in cells if figure is not None), Fraction(0))
        rows.append(MatrixRow(label, _pair_pk(sheet, label), _names(sheet, label), cells, total))
    return rows


@dataclass(frozen=True, slots=True)
class RulingRow:
    """One ruling of the night, for the rulings log: where, the law, what it changed, why."""

    board: int
    round: int
    table: int
    result_pk: int
    ns: str
    ew: str
    kind: str
    law: str
    side: str
    points: int
    seat: str
    reason: str
    active: bool
    created: datetime.datetime
    undone_at: datetime.datetime | None


def rulings_rows(sheet: SectionScores) -> list[RulingRow]:
    """Every ruling of the section, active and undone, by board and table (Laws B, D, E, F, 84)."""
    rows = [
        RulingRow(
            board=s.result.board.number,
            round=s.result.seating.round,
            table=s.result.seating.table.number,
            result_pk=s.result.pk,
            ns=s.result.ns.label,
            ew=s.result.ew.label,
            kind=r.get_kind_display(),
            law=r.law,
            side=r.get_side_display() if r.side else "",
            points=r.points,
            seat=r.seat,
            reason=r.reason,
            active=r.active,
            created=r.created,
            undone_at=r.undone_at,
        )
        for s in sheet.results
        for r in s.rulings
    ]
    rows.sort(key=lambda row: (row.board, row.round, row.table, row.created))
    return rows


# --- one result, explained -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContestEntry:
    """How one side's figure on a deal enters the contest: what it is credited, the average, the ±."""

    direction: str
    pair: str
    pair_pk: int | None
    names: str
    score: Fraction
    average: Fraction
    difference: Fraction
    how: str


@dataclass(frozen=True, slots=True)
class Explanation:
    """How a result's score was reached: the facts, the engine's lines, the rulings, the contest."""

    result_pk: int
    board: int
    round: int
    table: int
    ns: str
    ew: str
    facts: tuple[tuple[str, str], ...]
    score: DealScore | None
    rulings: tuple[RulingNote, ...]
    problem: str
    entries: tuple[ContestEntry, ...]
    average_lines: tuple[str, ...]
    match_line: str


def _facts(sheet: SectionScores, scored: ScoredResult) -> tuple[tuple[str, str], ...]:
    r = scored.result
    whist = sheet.event.is_whist
    facts = [("Contract" if not whist else "Trumps", symbol_text(contract_text(r, whist=whist)) or "—")]
    if whist:
        facts.append(("Tricks N-S won", str(r.tricks)))
        return (*facts, ("Status", r.get_status_display()))
    if r.passed_out or r.not_played:
        return (*facts, ("Status", r.get_status_display()))
    honours = honours_of(r)
    source = "from the board's cards" if r.board.hands else "as entered"
    facts += [
        ("Declarer", r.get_declarer_display()),
        ("Tricks won by the declaring side", str(r.tricks)),
        (
            "Honours held",
            ", ".join(f"{s.value} {n}" for s, n in zip(SEATS, honours, strict=True)) + f" ({source})",
        ),
    ]
    if r.dealers_one_spade:
        facts.append(("Dealer's one spade", "yes"))
    for revoke in r.revokes:
        facts.append(
            ("Revoke claimed at the table", f"{revoke.get('by', '')} ({revoke.get('penalty', 'points')})")
        )
    return (*facts, ("Status", r.get_status_display()))


def _entries(sheet: SectionScores, scored: ScoredResult) -> tuple[ContestEntry, ...]:
    if sheet.contest is None:
        return ()
    r = scored.result
    entries = []
    for side, label in ((Side.NS, r.ns.label), (Side.EW, r.ew.label)):
        score = next((s for s in sheet.contest.pair_scores(label) if s.deal == str(r.board.number)), None)
        if score is not None:
            entries.append(
                ContestEntry(
                    side.label,
                    label,
                    _pair_pk(sheet, label),
                    _names(sheet, label),
                    score.score,
                    score.average,
                    score.difference,
                    score.how,
                )
            )
    return tuple(entries)


def explanation(sheet: SectionScores, result_pk: int) -> Explanation | None:
    """Everything that made one result's figures, or None when the result is not in this section."""
    scored = next((s for s in sheet.results if s.result.pk == result_pk), None)
    if scored is None:
        return None
    r = scored.result
    traveller = board_traveller(sheet, r.board.number)
    match_line = ""
    if sheet.match is not None:
        deal = next((d for d in sheet.match.deals if d.deal == str(r.board.number)), None)
        match_line = deal.text if deal else ""
    return Explanation(
        result_pk=r.pk,
        board=r.board.number,
        round=r.seating.round,
        table=r.seating.table.number,
        ns=r.ns.label,
        ew=r.ew.label,
        facts=_facts(sheet, scored),
        score=scored.score,
        rulings=ruling_notes(scored.rulings),
        problem=scored.problem,
        entries=_entries(sheet, scored),
        average_lines=traveller.lines if traveller else (),
        match_line=match_line,
    )


def rounded_text(value: Fraction | int | None) -> str:
    """The whole figure shown, signed, halves away from zero (reading R-7): "+50", "-3", "0"."""
    if value is None:
        return ""
    return signed_text(round_half_away(value))


def waiting_rows(sheet: SectionScores) -> list[str]:
    """The deals waiting for the director: the engine's problems and the results the opponents disputed."""
    disputed = [
        f"Board {r.board.number}, table {r.seating.table.number}, round {r.seating.round}: "
        "disputed by the opponents; the director will rule."
        for r in (s.result for s in sheet.results)
        if r.status == Result.Status.DISPUTED
    ]
    return [*sheet.problems, *disputed]
