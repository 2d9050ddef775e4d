"""An imported session's figures beside the product's own scoring of it, and every difference.

The product scores an imported night as it scores any night: from the stored facts, by the
event's settings (``games.contract.scoring``). The producing program's figures, kept
as written in the :class:`~tournament.models.SessionFile`, are set beside them:

* each pair's total, percentage (matchpoints) and place, for the session; and, when the
  file's totals run over earlier sessions (PBN ``SessionScoreMP`` beside ``TotalScoreMP``)
  and the event holds those sessions, the running ones too;
* each traveller line: N-S's score, and each side's matchpoints or IMPs (and the line's
  percentages where the file gives them).

A figure agrees when the product's exact figure rounds to the file's, to the decimals the
file writes (half a unit either way: programs that count in binary floating point round an
exact half either way). A short board's matchpoints agree when the file shows them before
the Neuberg factor (Compscore's travellers do, where no artificial score stands): the
product's factored figure and the file's raw one are the same result. A "Bye" row, which
some programs write for a pair that sat out, agrees when it is the pair's average a board
played. Every other disagreement is listed, board by board.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from scoring.contests.matchpoints import Scale, matchpoints
from scoring.contests.ranking import Place

from .. import games
from ..games.contract.figures import BoardFigures, ContractContest, PairLine, TableFigures
from ..models import Event, SessionFile
from ..scores.types import SectionScores
from .files import Running, event_sheets, running_totals


@dataclass(frozen=True)
class Figure:
    """One figure as the file wrote it and as the product has it (exact)."""

    file: Decimal | None
    product: Fraction | None

    @property
    def places(self) -> int:
        if self.file is None:
            return 2
        exponent = self.file.as_tuple().exponent
        return max(-exponent, 0) if isinstance(exponent, int) else 2

    @property
    def agrees(self) -> bool:
        return self.file is None or (self.product is not None and close(self.file, self.product))

    @property
    def product_text(self) -> str:
        """The product's figure to the file's decimals."""
        if self.product is None:
            return "—"
        return f"{_rounded(self.product, self.places):.{self.places}f}"

    @property
    def file_text(self) -> str:
        return "—" if self.file is None else str(self.file)


def close(file: Decimal, product: Fraction) -> bool:
    """Whether the exact figure rounds to the file's, to the decimals the file writes it with."""
    exponent = file.as_tuple().exponent
    places = max(-exponent, 0) if isinstance(exponent, int) else 0
    return abs(product - Fraction(file)) <= Fraction(1, 2 * 10**places)


def _rounded(value: Fraction, places: int) -> Decimal:
    scaled = value * 10**places
    whole = int(abs(scaled) + Fraction(1, 2))
    return Decimal(whole if scaled >= 0 else -whole).scaleb(-places)


def _decimal(text: Any) -> Decimal | None:
    return None if text is None else Decimal(str(text))


def _place(value: Any) -> Place | None:
    return None if not value else Place(int(value[0]), int(value[1]))


def places_agree(file: Place | None, product: Place | None) -> bool:
    """The same place; a file that writes no tie (a plain rank) agrees on the first place of a tie."""
    if file is None:
        return True
    if product is None:
        return False
    return file.first == product.first and (file.last == file.first or file.last == product.last)


@dataclass(frozen=True)
class StandingRow:
    """A pair's line in the standings: the file's figures and the product's, side by side."""

    section: str
    label: str
    names: str
    direction: str
    total: Figure
    percent: Figure
    file_place: Place | None
    product_place: Place | None

    @property
    def place_agrees(self) -> bool:
        return places_agree(self.file_place, self.product_place)

    @property
    def agrees(self) -> bool:
        return self.total.agrees and self.percent.agrees and self.place_agrees


@dataclass(frozen=True)
class LineComparison:
    """One traveller line: what the table did, N-S's score and each side's figure in the file and
    here, and what differs in words (nothing when they agree)."""

    board: int
    section: str
    ns: str
    ew: str
    played: str
    file_score: int | None
    product_score: int | None
    ns_figure: Figure
    ew_figure: Figure
    what: tuple[str, ...] = ()
    note: str = ""

    @property
    def differs(self) -> bool:
        return bool(self.what)


@dataclass(frozen=True)
class SessionComparison:
    """One imported session: its standings side by side, running totals when the file has them, and
    every traveller line, those that differ listed board by board."""

    file: SessionFile
    unit: str
    standings: tuple[StandingRow, ...]
    running: tuple[StandingRow, ...]
    running_note: str
    compared: tuple[LineComparison, ...]
    lines: int
    unfactored: int
    byes: int

    @property
    def differences(self) -> tuple[LineComparison, ...]:
        return tuple(line for line in self.compared if line.differs)

    @property
    def standings_differing(self) -> list[StandingRow]:
        return [row for row in (*self.standings, *self.running) if not row.agrees]

    @property
    def agrees(self) -> bool:
        return not self.differences and not self.standings_differing

    def by_board(self) -> list[tuple[int, list[LineComparison]]]:
        """The lines that differ, board by board."""
        return _grouped(self.differences)

    def boards(self) -> list[tuple[int, list[LineComparison], bool]]:
        """Every line compared, board by board, and whether any of the board's lines differs."""
        grouped = _grouped(self.compared)
        return [(board, lines, any(line.differs for line in lines)) for board, lines in grouped]


def _grouped(lines: Sequence[LineComparison]) -> list[tuple[int, list[LineComparison]]]:
    grouped: dict[int, list[LineComparison]] = defaultdict(list)
    for line in lines:
        grouped[line.board].append(line)
    return sorted(grouped.items())


def compare_event(
    event: Event, sheets: dict[int, list[SectionScores]] | None = None
) -> list[SessionComparison]:
    """Every imported session of the event compared with the product's scoring of it.

    ``sheets`` is the event scored session by session (``session_files.event_sheets``), when
    the caller has it already.
    """
    files = list(SessionFile.objects.filter(event=event).select_related("imported_by").order_by("session"))
    if not files:
        return []
    if sheets is None:
        sheets = event_sheets(event)
    return [compare_file(event, file, sheets) for file in files]


def compare_file(
    event: Event, file: SessionFile, sheets: dict[int, list[SectionScores]]
) -> SessionComparison:
    """One file's figures beside the product's scoring of the session it filled."""
    figures = file.figures
    mine = sheets.get(file.session, [])
    game = games.of(event)
    contests = {sheet.section.letter: game.own_figures(sheet) for sheet in mine}
    contests = {letter: contest for letter, contest in contests.items() if contest is not None}
    cumulative = bool(figures.get("cumulative"))
    standings = tuple(
        _row(entry, contests, "session_" if cumulative else "", event)
        for entry in figures.get("participants", [])
    )
    running, note = _running(event, file, sheets, figures)
    compared, counted = _lines(event, figures, contests)
    return SessionComparison(
        file=file,
        unit=figures.get("unit", ""),
        standings=standings,
        running=running,
        running_note=note,
        compared=tuple(compared),
        lines=counted["lines"],
        unfactored=counted["unfactored"],
        byes=counted["byes"],
    )


def _row(
    entry: dict[str, Any], contests: dict[str, ContractContest], prefix: str, event: Event
) -> StandingRow:
    contest = contests.get(entry["section"])
    line = contest.standing(entry["label"]) if contest is not None else None
    matchpoints_ = event.method == Event.Method.MATCHPOINTS
    return StandingRow(
        section=entry["section"],
        label=entry["label"],
        names=entry.get("names", ""),
        direction=entry.get("direction", ""),
        total=Figure(_decimal(entry.get(prefix + "total")), line.total if line else None),
        percent=Figure(
            _decimal(entry.get(prefix + "percent")) if matchpoints_ else None, line.percent if line else None
        ),
        file_place=_place(entry.get(prefix + "place")),
        product_place=line.place if line else None,
    )


def _running(
    event: Event, file: SessionFile, sheets: dict[int, list[SectionScores]], figures: dict[str, Any]
) -> tuple[tuple[StandingRow, ...], str]:
    """The running totals over the sessions so far, where the file gives them beside the session's."""
    if not figures.get("cumulative"):
        return (), ""
    of = figures.get("session_of") or [None, None]
    if of[0] is not None and file.session < of[0]:
        return (), (
            f"The file's totals run over {of[0]} sessions; this event holds {file.session}: "
            "the session's own figures are compared."
        )
    totals: dict[str, Running] = running_totals(event, file.session, sheets)
    rows = []
    matchpoints_ = event.method == Event.Method.MATCHPOINTS
    for entry in figures.get("participants", []):
        line = totals.get(entry["label"])
        rows.append(
            StandingRow(
                section=entry["section"],
                label=entry["label"],
                names=entry.get("names", ""),
                direction=entry.get("direction", ""),
                total=Figure(_decimal(entry.get("total")), line.total if line else None),
                percent=Figure(
                    _decimal(entry.get("percent")) if matchpoints_ else None, line.percent if line else None
                ),
                file_place=_place(entry.get("place")),
                product_place=line.place if line else None,
            )
        )
    return tuple(rows), f"Running totals over sessions 1 to {file.session}."


def _lines(
    event: Event, figures: dict[str, Any], contests: dict[str, ContractContest]
) -> tuple[list[LineComparison], dict[str, int]]:
    counted = {"lines": 0, "unfactored": 0, "byes": 0}
    compared = []
    tables: dict[tuple[str, int, str, str], TableFigures] = {}
    for letter, contest in contests.items():
        for board in contest.boards.values():
            for table in board.tables:
                tables[(letter, board.number, table.ns, table.ew)] = table
    raw: dict[tuple[str, int], dict[tuple[str, str], tuple[Fraction, Fraction]]] = {}
    for line in figures.get("lines", []):
        if line.get("bye"):
            counted["byes"] += 1
            compared.append(_bye(line, contests.get(line["section"])))
            continue
        if line.get("score") is None and not line.get("adjusted"):
            continue
        counted["lines"] += 1
        contest = contests.get(line["section"])
        table = tables.get((line["section"], line["board"], line["ns"], line["ew"]))
        if contest is None or table is None:
            compared.append(
                _compared(line, None, None, None, ("This table's result is not in the product's scoring.",))
            )
            continue
        board = contest.boards[line["board"]]
        key = (line["section"], line["board"])
        if key not in raw:
            raw[key] = _raw_matchpoints(event, board)
        row = _line(line, table, board, raw[key].get((table.ns, table.ew)), event)
        counted["unfactored"] += bool(row.note)
        compared.append(row)
    return compared, counted


def _played(line: dict[str, Any]) -> str:
    if line.get("bye"):
        return "sat out"
    if line.get("adjusted"):
        return line["adjusted"]
    if line.get("contract") == "PASS":
        return "passed out"
    return " ".join(
        str(part) for part in (line.get("contract"), line.get("declarer"), line.get("tricks")) if part
    )


def _compared(
    line: dict[str, Any],
    table: TableFigures | None,
    ns: Fraction | None,
    ew: Fraction | None,
    what: tuple[str, ...] = (),
    note: str = "",
) -> LineComparison:
    return LineComparison(
        board=line["board"],
        section=line["section"],
        ns=line["ns"] or "—",
        ew=line["ew"] or "—",
        played=_played(line),
        file_score=line.get("score"),
        product_score=table.score_ns if table is not None else None,
        ns_figure=Figure(_decimal(line.get("ns_figure")), ns),
        ew_figure=Figure(_decimal(line.get("ew_figure")), ew),
        what=what,
        note=note,
    )


def _line(
    line: dict[str, Any],
    table: TableFigures,
    board: BoardFigures,
    raw: tuple[Fraction, Fraction] | None,
    event: Event,
) -> LineComparison:
    what = []
    if line.get("score") is not None and table.score_ns != line["score"]:
        product = "an adjusted score" if table.score_ns is None else f"{table.score_ns:+d}"
        what.append(f"N-S scored {line['score']:+d} in the file, {product} here (Law 77).")
    if line.get("adjusted") and table.adjusted is None:
        what.append(
            f"The file gives the artificial score {line['adjusted']}; here the table's result stands."
        )
    ns, ew = (
        Figure(_decimal(line.get("ns_figure")), table.ns_figure),
        Figure(_decimal(line.get("ew_figure")), table.ew_figure),
    )
    note = ""
    if not (ns.agrees and ew.agrees):
        if raw is not None and Figure(ns.file, raw[0]).agrees and Figure(ew.file, raw[1]).agrees:
            before = Figure(ns.file, raw[0]).product_text, Figure(ew.file, raw[1]).product_text
            note = f"The file shows them before the Neuberg factor: {before[0]} and {before[1]} (Law 78D)."
        else:
            unit = "MP" if event.method == Event.Method.MATCHPOINTS else "IMPs"
            what.append(
                f"N-S {ns.file_text} {unit} in the file, {ns.product_text} here; "
                f"E-W {ew.file_text} in the file, {ew.product_text} here."
            )
    if board.top:
        for side, text, mine in (
            ("N-S", "percent_ns", table.ns_figure),
            ("E-W", "percent_ew", table.ew_figure),
        ):
            percent = Figure(_decimal(line.get(text)), 100 * mine / board.top if mine is not None else None)
            if not percent.agrees and not note:
                what.append(f"{side} {percent.file_text} % in the file, {percent.product_text} % here.")
    return _compared(line, table, table.ns_figure, table.ew_figure, tuple(what), note)


def _raw_matchpoints(event: Event, board: BoardFigures) -> dict[tuple[str, str], tuple[Fraction, Fraction]]:
    """A board's matchpoints before the Neuberg factor, where the product factored a short board.

    Only a board with no artificial score and with fewer results than its top allows: the
    real scores matchpointed among themselves on the event's scale (Law 78A).
    """
    if event.method != Event.Method.MATCHPOINTS or board.top is None:
        return {}
    real = [table for table in board.tables if table.score_ns is not None and table.adjusted is None]
    if len(real) != len(board.tables) or not real:
        return {}
    scale = Scale.parse(event.scale)
    if board.top == scale.top(len(real)):
        return {}
    ns = matchpoints([table.score_ns for table in real if table.score_ns is not None], scale)
    ew = matchpoints([-table.score_ns for table in real if table.score_ns is not None], scale)
    return {(table.ns, table.ew): (a, b) for table, a, b in zip(real, ns, ew, strict=True)}


def _bye(line: dict[str, Any], contest: ContractContest | None) -> LineComparison:
    """A pair that sat out, given its average a board played (Magic Contest's Bye rows)."""
    ns_side = not line.get("ew")
    label = line["ns"] if ns_side else line["ew"]
    standing: PairLine | None = contest.standing(label) if contest is not None and label else None
    average = standing.average if standing is not None else None
    figure = Figure(_decimal(line.get("ns_figure" if ns_side else "ew_figure")), average)
    what: tuple[str, ...] = ()
    if not figure.agrees:
        what = (f"Pair {label} sat out: {figure.file_text} in the file; its average {figure.product_text}.",)
    note = "The pair's average a board played, as the file gives a pair that sat out."
    return _compared(line, None, average if ns_side else None, None if ns_side else average, what, note)


def summary(comparisons: Sequence[SessionComparison]) -> str:
    """One sentence: how many lines and pairs agree, and how many differ."""
    lines = sum(c.lines for c in comparisons)
    differing = sum(len(c.differences) for c in comparisons)
    pairs = sum(len(c.standings_differing) for c in comparisons)
    if not differing and not pairs:
        return f"The product's scoring agrees with the file on all {lines} traveller lines and every pair."
    return (
        f"{differing} traveller line(s) of {lines} and {pairs} standings line(s) differ from the file; "
        "see below, board by board."
    )
