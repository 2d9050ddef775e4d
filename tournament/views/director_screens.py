"""What the director's screens show, shaped from data already loaded: no query runs here.

The views load each screen's rows in a fixed number of queries; these helpers group them
for the templates (the running grid, a board's traveller rows, a ruling's effect on the
score, an audit entry's before → after) and ask the engine for every number.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring.auction.deal import DealScore
from scoring.contests.movements import MovementKind
from scoring.contests.pairs import Irregular

from .. import games
from ..forms.entry import EntryRowForm
from ..forms.rulings import MissingRulingForm
from ..games.contract.figures import TableFigures
from ..models import SEAT_CHOICES, SIDE_CHOICES, AuditEntry, Board, Event, Result, Ruling, Seating, Section
from ..reports.common import symbol_text
from ..scores.types import ScoredResult, SectionScores
from ..services.closing import Missing
from ..services.hand_records import Disagreement, disagreements_among
from ..services.plans import SECTION_MOVEMENT, Plan, check_plan
from ..services.result_facts import Facts

# Meetings are shown as a grid of pairs only while it stays readable.
MOST_PAIRS_IN_GRID = 20


def movement_check(plan: Plan, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The checker's verdict on a plan and its guide cards, before anything is saved (spec §5.7);
    ``settings`` are the night's scoring settings, which say whether boards may be played unequally."""
    movement, report = check_plan(plan, settings)
    notes = movement.table_notes()
    cards = [
        (table, [row.line() for row in movement.table_card(table)], notes.get(table, ()))
        for table in range(1, movement.tables + 1)
    ]
    pairs = report.pairs if len(report.pairs) <= MOST_PAIRS_IN_GRID else ()
    meetings = [(pair, report.meetings[i]) for i, pair in enumerate(report.pairs) if pair in pairs]
    summary = [*movement.lines(), *(line for line in report.lines()[1:] if line not in report.problems)]
    return {
        "movement": movement,
        "chosen": SECTION_MOVEMENT[movement.kind].label,
        "report": report,
        "summary": summary,
        "cards": cards,
        "pairs": pairs,
        "meetings": meetings,
    }


# The running view -------------------------------------------------------------------------


# A board's state in the grid, in the order the legend lists them.
RUNNING_STATES = {
    "missing": "missing",
    "entered": "in, awaiting the opponents",
    "confirmed": "confirmed",
    "disputed": "disputed",
    "problem": "to rule on",
}


@dataclass
class BoardMark:
    """A board of a seating: missing, entered (the opponents to confirm), confirmed, disputed, to rule on."""

    number: int
    state: str
    result_id: int | None = None
    by_director: bool = False

    @property
    def is_in(self) -> bool:
        return self.state not in ("missing", "disputed")

    @property
    def words(self) -> str:
        if self.state == "confirmed" and self.by_director:
            return "confirmed by the director"
        return RUNNING_STATES[self.state]


@dataclass
class Cell:
    seating: Seating
    boards: list[BoardMark]

    @property
    def agreed(self) -> bool:
        return self.seating.agreed_at is not None

    @property
    def complete(self) -> bool:
        return all(mark.is_in for mark in self.boards)


@dataclass
class RunningSection:
    sheet: SectionScores
    rounds: list[int]
    rows: list[tuple[int, list[Cell | None]]]
    boards: list[int]
    counts: dict[str, int] = field(default_factory=dict)
    flags: list[Disagreement] = field(default_factory=list)


def _mark(number: int, scored: ScoredResult | None) -> BoardMark:
    if scored is None:
        return BoardMark(number, "missing")
    result = scored.result
    if result.status == Result.Status.DISPUTED:
        state = "disputed"
    elif scored.problem:
        state = "problem"
    else:
        state = "confirmed" if result.status == Result.Status.CONFIRMED else "entered"
    return BoardMark(number, state, result.pk, result.confirmed_by_director)


def running_section(sheet: SectionScores, seatings: list[Seating]) -> RunningSection:
    """The grid of tables × rounds with each seating's boards marked, from one section's scores."""
    found = {(s.result.seating_id, s.result.board.number): s for s in sheet.results}
    grid: dict[int, dict[int, Cell]] = defaultdict(dict)
    counts = dict.fromkeys(RUNNING_STATES, 0)
    for seating in seatings:
        marks = [_mark(n, found.get((seating.pk, n))) for n in seating.board_numbers]
        for mark in marks:
            counts[mark.state] += 1
        grid[seating.table.number][seating.round] = Cell(seating, marks)
    rounds = list(range(1, sheet.section.rounds + 1))
    rows = [(table, [grid[table].get(r) for r in rounds]) for table in sorted(grid)]
    counts["in"] = counts["entered"] + counts["confirmed"] + counts["problem"]
    flags = disagreements_among((s.result for s in sheet.results), sheet.event)
    return RunningSection(sheet, rounds, rows, sorted(sheet.boards), counts, flags)


# Traveller entry --------------------------------------------------------------------------


IRREGULAR_WORDS = {
    Irregular.AVERAGE: "Law B (3): each pair takes the average",
    Irregular.NS_OFFENDED: "Law B (3): N-S take the lowest score, E-W the highest",
    Irregular.EW_OFFENDED: "Law B (3): E-W take the lowest score, N-S the highest",
    Irregular.WITHDRAWN: "Not played, a pair withdrew: each side takes its average (Law B (3))",
}


@dataclass
class TravellerLine:
    """One table that plays the board: its result (with the engine's score) or the form to enter it."""

    seating: Seating
    scored: ScoredResult | None = None
    form: EntryRowForm | None = None
    ns_difference: Fraction | None = None
    whist: tuple[int, int] | None = None
    irregular: str = ""
    figures: TableFigures | None = None  # contract bridge: each side's matchpoints or IMPs


def traveller(
    sheet: SectionScores, number: int, seatings: list[Seating], posted: EntryRowForm | None
) -> dict[str, Any]:
    """Every table that plays board ``number`` (round order), with its result or an entry row."""
    event = sheet.event
    game = games.of(event)
    done = {s.result.seating_id: s for s in sheet.by_board().get(number, [])}
    differences = _differences(sheet, number)
    lines = []
    focus_set = False
    for seating in sorted(
        (s for s in seatings if number in s.board_numbers), key=lambda s: (s.round, s.table.number)
    ):
        line = TravellerLine(seating, scored=done.get(seating.pk))
        if line.scored is not None:
            result = line.scored.result
            line.ns_difference = differences.get((result.ns.label, result.ew.label))
            line.irregular = IRREGULAR_WORDS.get(line.scored.irregular, "") if line.scored.irregular else ""
            line.figures = game.table_figures(sheet, result.pk)
            line.whist = game.tricks_scored(result)
        else:
            mine = posted is not None and str(posted.data.get("seating")) == str(seating.pk)
            line.form = posted if mine and posted is not None else EntryRowForm(event=event, seating=seating)
            if mine or (posted is None and not focus_set):
                line.form.fields["entry"].widget.attrs["autofocus"] = True
                focus_set = True
        lines.append(line)
    # A row refused after another took its place, or one from no table here: say why at the top.
    stray = posted is not None and not any(line.form is posted for line in lines)
    stray_errors = [e for errors in posted.errors.values() for e in errors] if stray and posted else []
    boards = sorted(sheet.boards)
    at = boards.index(number)
    return {
        "board": sheet.boards[number],
        "lines": lines,
        "boards": boards,
        "previous_board": boards[at - 1] if at > 0 else None,
        "next_board": boards[at + 1] if at + 1 < len(boards) else None,
        "traveller_lines": game.traveller_lines(sheet, number),
        "stray_errors": stray_errors,
        "sheet_unit": game.figures_unit(sheet),
    }


def _differences(sheet: SectionScores, number: int) -> dict[tuple[str, str], Fraction]:
    if sheet.contest is None:
        return {}
    for deal in sheet.contest.travellers:
        if deal.deal == str(number):
            return {(row.ns, row.ew): row.ns_difference for row in deal.rows}
    return {}


def preview(event: Event, board: Board, facts: Facts) -> dict[str, Any]:
    """A row's score as the engine gives it, for the live preview (JSON-ready)."""
    return games.of(event).preview(event, board, facts)


# A result and its rulings -----------------------------------------------------------------


def result_score(result: Result, event: Event, rulings: list[Ruling]) -> dict[str, Any]:
    """The result's score now, with every active ruling; or why there is none."""
    return games.of(event).result_score(result, event, rulings)


@dataclass
class RulingEffect:
    """A ruling and the score in its other state: without it (active) or as if it stood (undone)."""

    ruling: Ruling
    other: DealScore | None
    other_label: str
    changes_score: bool = False
    words: str = ""  # contract bridge: what the adjusted score puts in place of the table's (Law 12)


def ruling_effects(
    result: Result, event: Event, rulings: list[Ruling], current: DealScore | None
) -> list[RulingEffect]:
    """For each ruling, the score in its other state: 'see what it does to the scores'; or, where the
    game adjusts scores, what the ruling puts in place of the table's (Law 12)."""
    game = games.of(event)
    effects = []
    for ruling in rulings:
        if ruling.active:
            others = [r for r in rulings if r.pk != ruling.pk]
            label = "Without this ruling"
        else:
            revived = copy.copy(ruling)
            revived.undone_at = None
            others = [r if r.pk != ruling.pk else revived for r in rulings]
            label = "Had it stood"
        words = game.ruling_words(result, event, ruling, rulings)
        if words:
            effects.append(RulingEffect(ruling, None, label, words=words))
            continue
        other = game.score_without(result, event, ruling, others)
        effects.append(RulingEffect(ruling, other, label, other is not None and other != current))
    return effects


# The audit log ----------------------------------------------------------------------------

FIELD_LABELS = {
    "contract": "contract",
    "declarer": "declarer",
    "tricks": "tricks",
    "honours_n": "honours N",
    "honours_e": "honours E",
    "honours_s": "honours S",
    "honours_w": "honours W",
    "dealers_one_spade": "dealer's one spade",
    "revokes": "revokes",
    "trumps": "trumps",
    "status": "status",
    "confirmed_by": "confirmed by",
    "published": "published",
    "name": "name",
    "movement": "movement",
    "tables": "tables",
    "rounds": "rounds",
    "boards": "boards",
    "kind": "kind",
    "law": "law",
    "side": "side",
    "points": "points",
    "seat": "seat",
    "revoke_penalty": "election",
    "ns_average": "N-S score (Law 12C2)",
    "ew_average": "E-W score (Law 12C2)",
    "assigned": "assigned result (Law 12C1)",
    "adjusted": "adjusted score",
    "reason": "reason",
    "active": "in force",
}
# The contract text says what these say; the board and pairs are in the subject.
HIDDEN_FIELDS = {"level", "strain", "doubling", "passed_out", "board", "ns", "ew"}


def _choices(*groups: Any) -> dict[str, str]:
    return {str(value): str(label) for group in groups for value, label in group}


# Every stored code the audit log shows, by field, with the label the screens use for it.
CHOICE_LABELS = {
    "kind": _choices(Ruling.Kind.choices),
    "side": _choices(SIDE_CHOICES),
    "seat": _choices(SEAT_CHOICES),
    "declarer": _choices(SEAT_CHOICES),
    "revoke_penalty": _choices(Ruling._meta.get_field("revoke_penalty").choices or ()),
    # Who confirmed is its own line ("confirmed by"), so the state itself does not name them.
    "status": {**_choices(Result.Status.choices, Event.Status.choices), Result.Status.CONFIRMED: "Confirmed"},
    "movement": _choices(Section.Movement.choices, [(kind.code, kind.label) for kind in MovementKind]),
}
# Contracts and suits are written as every screen, sheet and export writes them: "2R♠", "♥".
SYMBOL_FIELDS = {"contract", "trumps"}


def _text(value: Any, key: str = "") -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        parts = [_revoke_text(v) if isinstance(v, dict) else str(v) for v in value]
        return ", ".join(parts) or "none"
    if key in SYMBOL_FIELDS:
        return symbol_text(str(value))
    return CHOICE_LABELS.get(key, {}).get(str(value), str(value))


def _revoke_text(revoke: dict[str, Any]) -> str:
    """A revoke as kept in the audit log, in words: "East (100 points)"."""
    by = CHOICE_LABELS["seat"].get(str(revoke.get("by")), "?")
    penalty = revoke.get("penalty", "points")
    return f"{by} ({CHOICE_LABELS['revoke_penalty'].get(str(penalty), penalty)})"


def changes(before: dict[str, Any] | None, after: dict[str, Any] | None) -> list[tuple[str, str, str]]:
    """The fields an audit entry changed, in words: (field, before, after).

    An entry with only one side (a result entered or deleted, a ruling made) lists the
    facts it holds that are not empty.
    """
    old, new = before or {}, after or {}
    order = list(FIELD_LABELS)
    keys = sorted(dict.fromkeys([*new, *old]), key=lambda k: order.index(k) if k in order else len(order))
    rows = []
    for key in keys:
        if key in HIDDEN_FIELDS:
            continue
        a, b = old.get(key), new.get(key)
        if before and after and a == b:
            continue
        if not (before and after) and a in (None, "", 0, False, []) and b in (None, "", 0, False, []):
            continue
        rows.append((FIELD_LABELS.get(key, key.replace("_", " ")), _text(a, key), _text(b, key)))
    return rows


@dataclass
class AuditRow:
    entry: AuditEntry
    changes: list[tuple[str, str, str]]


def audit_row(entry: AuditEntry) -> AuditRow:
    """An audit entry with its changes in words; a ruling's reason shows once, under "why"."""
    rows = [
        row
        for row in changes(entry.before, entry.after)
        if not (row[0] == "reason" and row[2] == entry.reason)
    ]
    return AuditRow(entry, rows)


# Closing the event ------------------------------------------------------------------------


@dataclass
class CloseTable:
    """One table of a round on the close page: its boards missing (each with its form) and unsettled."""

    table: int
    section: str
    ns: str
    ew: str
    missing: list[tuple[Missing, MissingRulingForm]] = field(default_factory=list)
    unsettled: list[Result] = field(default_factory=list)


@dataclass
class CloseRound:
    """A round on the close page: its tables with something still to do, folded unless one misses a result."""

    round: int
    tables: list[CloseTable]

    @property
    def missing(self) -> int:
        return sum(len(t.missing) for t in self.tables)

    @property
    def unsettled(self) -> int:
        return sum(len(t.unsettled) for t in self.tables)


def close_rounds(
    missing: list[Missing], unsettled: list[Result], posted: tuple[str, MissingRulingForm] | None = None
) -> list[CloseRound]:
    """What the close page lists, grouped by round and table, from rows already loaded.

    ``posted`` is a missing result's key and its refused form, shown again with its errors."""
    tables: dict[tuple[int, str, int], CloseTable] = {}

    def at(seating: Seating) -> CloseTable:
        key = (seating.round, seating.section.letter, seating.table.number)
        if key not in tables:
            tables[key] = CloseTable(key[2], key[1], seating.ns.label, seating.ew.label)
        return tables[key]

    for gap in missing:
        form = posted[1] if posted is not None and posted[0] == gap.key else MissingRulingForm(prefix=gap.key)
        at(gap.seating).missing.append((gap, form))
    for result in unsettled:
        at(result.seating).unsettled.append(result)
    rounds: dict[int, list[CloseTable]] = defaultdict(list)
    for key in sorted(tables):
        rounds[key[0]].append(tables[key])
    return [CloseRound(number, found) for number, found in sorted(rounds.items())]
