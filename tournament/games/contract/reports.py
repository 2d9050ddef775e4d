"""The rows a contract bridge night shows: standings, travellers, recaps, the match, one result explained.

Every figure comes from :mod:`tournament.games.contract.scoring` (the engine's matchpoints,
IMPs, VPs) and from Law 77's deal scores; the rows only put them beside the facts they came
from, for the HTML tables, the CSV and, later, the PDFs and the workbook.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.contests.ranking import Place
from scoring.contract.deal import ContractScore
from scoring.contract.entry import ContractEntry
from scoring.shared.seats import Side

from ...models import Board
from ...reports.common import _names, _pair_pk, board_results, pair_results, side_of, symbol_text
from ...reports.rulings import RulingNote, ruling_notes
from ...scores.types import ScoredResult, SectionScores
from .facts import entry_of, vulnerability_text
from .figures import BoardFigures
from .teams import MatchFigures


@dataclass(frozen=True, slots=True)
class ContractStandingRow:
    """A pair's place: its matchpoints (with the top and percentage) or IMPs, and the boards it played."""

    place: Place
    pair: str
    pair_pk: int | None
    names: str
    total: Fraction
    unit: str
    top: Fraction | None
    percent: Fraction | None
    boards: int
    direction: str | None

    @property
    def rank_text(self) -> str:
        """ "2=" when the pair shares its place, "2" otherwise."""
        return self.place.text


def contract_standings_rows(sheet: SectionScores, direction: str | None = None) -> list[ContractStandingRow]:
    """The standings in place order: the whole field, or one direction of a two-winner Mitchell."""
    contest = sheet.payload
    if contest is None:
        return []
    lines = contest.standings if direction is None else contest.direction_standings(direction)
    return [
        ContractStandingRow(
            line.place,
            line.pair,
            _pair_pk(sheet, line.pair),
            _names(sheet, line.pair),
            line.total,
            contest.unit,
            line.top,
            line.percent,
            line.boards,
            line.direction,
        )
        for line in lines
    ]


@dataclass(frozen=True, slots=True)
class ContractTravellerLine:
    """One table's result on a board: what was played, the score to the side that made it, and the
    matchpoints or IMPs each side earns there, with how."""

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
    result: str
    tricks: int | None
    ns_score: int | None
    ew_score: int | None
    adjusted: str
    assigned: bool
    ns_figure: Fraction | None
    ew_figure: Fraction | None
    ns_how: str
    ew_how: str
    problem: str
    status: str
    rulings: tuple[RulingNote, ...]
    table_played: str = ""  # under an assigned score, the table's own result (Law 12C1)


def adjusted_text(scored: ScoredResult) -> str:
    """ "A+/A-" (Law 12C2), or the words of another adjusted score with its law: "Law 12C1(c) weighted:
    60% 4S N =, 40% 4S N -1", "Law 12C2 artificial: N-S 60 % of the top, ...", "Not played: ... (Law 78A)"."""
    if scored.adjustment:
        return scored.adjustment
    return f"{scored.adjusted[0]}/{scored.adjusted[1]}" if scored.adjusted else ""


def _played(scored: ScoredResult) -> tuple[str, str, str, int | None]:
    """(contract, declarer, result against the contract, tricks) as the traveller writes them."""
    r = scored.result
    if r.not_played:
        return "Not played", "", "", None
    if r.passed_out:
        return "Passed out", "", "", None
    entry = entry_of(r)
    text = entry.text.split()
    return text[0], text[1], text[2], r.tricks


def _shown(scored: ScoredResult) -> tuple[str, str, str, int | None]:
    """What a traveller or recap row shows as played: the table's contract; the director's under
    Law 12C1, which is the one scored; nothing under an artificial score (Law 12C2), which
    replaces the result, so that no row puts a contract beside a score it did not earn."""
    if scored.adjusted is not None or scored.adjustment:
        return "", "", "", None
    score = scored.score
    if scored.assigned and isinstance(score, ContractScore):
        if score.contract is None or score.declarer is None:
            return "Passed out", "", "", None
        text = ContractEntry(score.contract, score.declarer, score.tricks).text.split()
        return text[0], text[1], text[2], score.tricks
    return _played(scored)


def _table_played(scored: ScoredResult) -> str:
    """The table's own result under an assigned score ("1NT S +2"), which stays on record; else ""."""
    if not scored.assigned:
        return ""
    return " ".join(part for part in _played(scored)[:3] if part)


def _scores(scored: ScoredResult) -> tuple[int | None, int | None]:
    """The score in the column of the side that scores it, as a traveller has it: N-S +620 or E-W +100."""
    score = scored.score
    if scored.adjusted is not None or scored.problem or score is None:
        return None, None
    value = getattr(score, "score_ns", None)
    if value is None:
        return None, None
    if value == 0:
        return 0, None
    return (value, None) if value > 0 else (None, -value)


def contract_traveller_rows(sheet: SectionScores, board: int) -> list[ContractTravellerLine]:
    """Every table's result on ``board`` in round and table order, with each side's matchpoints or IMPs."""
    contest = sheet.payload
    rows = []
    for scored in board_results(sheet, board):
        r = scored.result
        figures = contest.table(r.pk) if contest is not None else None
        contract, declarer, made, tricks = _shown(scored)
        ns_score, ew_score = _scores(scored)
        rows.append(
            ContractTravellerLine(
                board=board,
                round=r.seating.round,
                table=r.seating.table.number,
                result_pk=r.pk,
                ns=r.ns.label,
                ns_pk=_pair_pk(sheet, r.ns.label),
                ew=r.ew.label,
                ew_pk=_pair_pk(sheet, r.ew.label),
                contract=contract,
                declarer=declarer,
                result=made,
                tricks=tricks,
                ns_score=ns_score,
                ew_score=ew_score,
                adjusted=adjusted_text(scored),
                assigned=scored.assigned,
                table_played=_table_played(scored),
                ns_figure=figures.ns_figure if figures else None,
                ew_figure=figures.ew_figure if figures else None,
                ns_how=figures.ns_how if figures else "",
                ew_how=figures.ew_how if figures else "",
                problem=scored.problem,
                status=r.status_text,
                rulings=ruling_notes(scored.rulings),
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class Par:
    """A deal's par: the score N-S make when both sides bid and play perfectly, and its contract(s),
    each as a traveller line ("3NT E =", "5HX S -2")."""

    score_ns: int
    contracts: tuple[str, ...]

    @property
    def text(self) -> str:
        """ "Par: E-W +400, 3NT= by E or W" ("Par: 0, passed out" when nobody can make anything)."""
        if not self.contracts or self.score_ns == 0:
            return "Par: 0, passed out"
        side = "N-S" if self.score_ns > 0 else "E-W"
        seats: dict[str, list[str]] = {}
        for line in self.contracts:
            parts = line.split()
            if len(parts) == 3:
                contract, declarer, result = parts
                seats.setdefault(f"{symbol_text(contract)}{result}", []).append(declarer)
            else:
                seats.setdefault(line, [])
        played = "; ".join(f"{key} by {' or '.join(who)}" if who else key for key, who in seats.items())
        return f"Par: {side} +{abs(self.score_ns)}, {played}"


def board_par(board: Board) -> Par | None:
    """The board's par as stored; None without a deal, or while its deal is being analysed
    (``par_coming``): never worked out here."""
    stored = board.par
    if not stored:
        return None
    return Par(int(stored["score"]), tuple(stored.get("contracts", ())))


def par_coming(board: Board) -> bool:
    """Whether the board's deal is known and its par not yet (the server is analysing it)."""
    return bool(board.hands) and board.par is None


@dataclass(frozen=True, slots=True)
class BoardHeading:
    """What a contract bridge traveller says above its rows: dealer, vulnerability, top or datum, par."""

    number: int
    dealer: str
    vulnerability: str
    figures: BoardFigures | None
    par: Par | None
    par_coming: bool = False  # the deal is being analysed: ANALYSIS_COMING where the par will be


def board_heading(sheet: SectionScores, board: Board) -> BoardHeading:
    contest = sheet.payload
    figures = contest.boards.get(board.number) if contest is not None else None
    return BoardHeading(
        board.number, board.dealer, vulnerability_text(board), figures, board_par(board), par_coming(board)
    )


@dataclass(frozen=True, slots=True)
class ContractRecapLine:
    """One board on a pair's recap: what was played, the pair's score, and its matchpoints or IMPs."""

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
    result: str
    score: int | None
    adjusted: str
    figure: Fraction | None
    top: Fraction | None
    running: Fraction
    how: str
    rulings: tuple[RulingNote, ...]
    problem: str
    tricks: int | None = None
    assigned: bool = False  # the contract and score are those the director assigned (Law 12C1)
    table_played: str = ""  # under an assigned score, the table's own result (Law 12C1)


def contract_recap_rows(sheet: SectionScores, pair_label: str) -> list[ContractRecapLine]:
    """A pair's boards in round order: the pair's own score and figure on each, and the running total."""
    contest = sheet.payload
    rows = []
    running = Fraction(0)
    for scored in pair_results(sheet, pair_label):
        r = scored.result
        side, opponents = side_of(r, pair_label)
        figures = contest.table(r.pk) if contest is not None else None
        board_figures = contest.boards.get(r.board.number) if contest is not None else None
        figure = figures.figure(side.value) if figures else None
        running += figure or 0
        net = scored.net_ns
        contract, declarer, made, tricks = _shown(scored)
        adjusted = scored.adjustment
        if not adjusted and scored.adjusted is not None:
            adjusted = scored.adjusted[0] if side is Side.NS else scored.adjusted[1]
        rows.append(
            ContractRecapLine(
                round=r.seating.round,
                table=r.seating.table.number,
                board=r.board.number,
                result_pk=r.pk,
                direction=side.label,
                opponents=opponents,
                opponents_pk=_pair_pk(sheet, opponents),
                opponents_names=_names(sheet, opponents),
                contract=contract,
                declarer=declarer,
                result=made,
                score=None if net is None else (net if side is Side.NS else -net),
                adjusted=adjusted,
                figure=figure,
                top=board_figures.top if board_figures else None,
                running=running,
                how=figures.how(side.value) if figures else "",
                rulings=ruling_notes(scored.rulings),
                problem=scored.problem,
                tricks=tricks,
                assigned=scored.assigned,
                table_played=_table_played(scored),
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class ContractMatchRow:
    """One board of a contract bridge team match: N-S's score at each table, the net, what it earned."""

    board: int
    home_ns: int | None
    away_ns: int | None
    net: int | None
    adjusted: str
    home: Fraction
    away: Fraction
    running: Fraction
    how: str


def contract_match_rows(sheet: SectionScores) -> list[ContractMatchRow]:
    """Every board of the match played at both tables, with the home team's running total: its IMPs
    (the running margin, ending at the match's), board-a-match points or total points."""
    match: MatchFigures | None = sheet.payload.match if sheet.payload is not None else None
    if match is None:
        return []
    running = Fraction(0)
    rows = []
    for board in match.boards:
        running += board.home  # the home team's IMPs (signed), points or board-a-match points
        rows.append(
            ContractMatchRow(
                board.number,
                board.home_ns,
                board.away_ns,
                board.net,
                f"{board.adjusted[0]}/{board.adjusted[1]}" if board.adjusted else "",
                board.home,
                board.away,
                running,
                board.how,
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class SideEntry:
    """How one side's figure on a board enters the contest: its matchpoints or IMPs, and how."""

    direction: str
    pair: str
    pair_pk: int | None
    names: str
    figure: Fraction | None
    how: str


@dataclass(frozen=True, slots=True)
class ContractExplanation:
    """How a contract bridge result scores: its facts, Law 77's lines, the rulings, the contest's figures."""

    result_pk: int
    board: int
    round: int
    table: int
    ns: str
    ew: str
    facts: tuple[tuple[str, str], ...]
    score_ns: int | None
    lines: tuple[str, ...]
    assigned: bool
    adjusted: str
    rulings: tuple[RulingNote, ...]
    problem: str
    entries: tuple[SideEntry, ...]
    heading: BoardHeading
    match_line: str
    adjusted_words: bool = False  # ``adjusted`` is the words of the score with its law, not "A+/A-"


def contract_explanation(sheet: SectionScores, result_pk: int) -> ContractExplanation | None:
    """Everything that made one result's figures, or None when it is not in this section."""
    scored = next((s for s in sheet.results if s.result.pk == result_pk), None)
    if scored is None:
        return None
    r = scored.result
    contest = sheet.payload
    figures = contest.table(r.pk) if contest is not None else None
    contract, declarer, made, tricks = _played(scored)
    facts = [
        ("Board", f"{r.board.number}: {vulnerability_text(r.board)}, dealer {r.board.get_dealer_display()}")
    ]
    facts.append(("Contract", contract if not declarer else f"{contract} by {r.get_declarer_display()}"))
    if tricks is not None:
        facts.append(("Tricks won by the declaring side", f"{tricks} ({made})"))
    facts.append(("Status", r.status_text))
    entries = tuple(
        SideEntry(
            side.label,
            label,
            _pair_pk(sheet, label),
            _names(sheet, label),
            figures.figure(side.value) if figures else None,
            figures.how(side.value) if figures else "",
        )
        for side, label in ((Side.NS, r.ns.label), (Side.EW, r.ew.label))
    )
    match_line = ""
    match = contest.match if contest is not None else None
    if match is not None:
        board = next((b for b in match.boards if b.number == r.board.number), None)
        match_line = board.how if board else ""
    score = scored.score
    return ContractExplanation(
        result_pk=r.pk,
        board=r.board.number,
        round=r.seating.round,
        table=r.seating.table.number,
        ns=r.ns.label,
        ew=r.ew.label,
        facts=tuple(facts),
        score_ns=getattr(score, "score_ns", None),
        lines=tuple(getattr(score, "lines", ())),
        assigned=scored.assigned,
        adjusted=adjusted_text(scored),
        adjusted_words=bool(scored.adjustment),
        rulings=ruling_notes(scored.rulings),
        problem=scored.problem,
        entries=entries,
        heading=board_heading(sheet, r.board),
        match_line=match_line,
    )
