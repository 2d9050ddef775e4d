"""A contract bridge night written as the files scoring programs exchange: PBN 2.1 and USEBIO 1.2.

The night's facts and the product's own figures become the engine's neutral
:class:`~scoring.files.session.Session` (spec §6), which the engine's writers turn into
a PBN results file (the deals, a ``[ScoreTable]`` on every board and the
``[TotalScoreTable]`` of standings, spec §6.1) or USEBIO 1.2 XML (spec §6.2):

* the event (name, date, the club, the method in each format's words, one winner or two);
* every pair with its players' names and membership numbers, and its total, percentage
  (matchpoints) and place as the standings show them;
* every board with its dealer, vulnerability and deal, its double-dummy table and par
  when the hand record gave them, and the Butler datum;
* every table's result: the contract, declarer and tricks, N-S's score (Law 77, or the
  score the director assigned, Law 12C1), an artificial score as the percentages of
  Law 12C2, and the matchpoints or IMPs each side earned.

A night of several sessions is written one session at a time; from the second on, the
standings carry the session's own figures beside the running totals (PBN ``SessionScore``
columns), as Ruter writes them. Figures are written to two decimals, halves away from zero
(reading R-7); the exact ones stay on the screens.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from scoring.contests.ranking import Place, competition_ranks
from scoring.contract.deal import ContractScore
from scoring.files import session as model
from scoring.files.pbn_session import write_pbn_session
from scoring.files.usebio import write_usebio
from scoring.shared.cards import Hands
from scoring.shared.errors import ScoringError
from scoring.shared.numbers import round_half_away
from scoring.shared.seats import Seat, Side

from .. import games
from ..games.contract.facts import bid_of, vulnerability_of
from ..games.contract.figures import ContractContest, PairLine
from ..models import Board, Event
from ..scores.standings import score_section
from ..scores.types import ScoredResult, SectionScores

PRODUCER = model.Producer("Duplicate", "1")
"""How the files name the program that wrote them."""

FORMATS = {
    "pbn": ("pbn", "application/x-pbn; charset=utf-8"),
    "usebio": ("xml", "application/xml; charset=utf-8"),
}
"""Each format's file extension and content type."""

PBN_SCORING = {
    Event.Method.MATCHPOINTS: "MatchPoints",
    Event.Method.BUTLER: "IMP;Butler",
    Event.Method.CROSS_IMPS: "IMP;Cross",
}


class ExportRefused(Exception):
    """A night that cannot be written as a results file; the message says why."""


@dataclass(frozen=True)
class Running:
    """A pair's figures over the sessions so far: the sum of its totals, of its tops, its place."""

    label: str
    total: Fraction
    top: Fraction | None
    place: Place

    @property
    def percent(self) -> Fraction | None:
        return 100 * self.total / self.top if self.top else None


def _decimal(value: Fraction | int | None, places: int = 2) -> Decimal | None:
    """An exact figure as the files write it: ``places`` decimals, halves away from zero (R-7)."""
    if value is None:
        return None
    scaled = round_half_away(Fraction(value) * 10**places)
    return Decimal(scaled).scaleb(-places)


def session_sheets(event: Event, session: int) -> list[SectionScores]:
    """Every section of one session, scored."""
    return event_sheets(event).get(session, [])


def event_sheets(event: Event) -> dict[int, list[SectionScores]]:
    """Every section of the event scored, session by session: one query for the sections, then
    each section's four (``standings.load_section``)."""
    sheets: dict[int, list[SectionScores]] = {}
    for section in event.sections.all():
        section.event = event
        sheets.setdefault(section.session, []).append(score_section(section))
    return dict(sorted(sheets.items()))


def running_totals(event: Event, upto: int, sheets: dict[int, list[SectionScores]]) -> dict[str, Running]:
    """Each pair's figures over sessions 1 to ``upto``, pairs known by their label in every session.

    Matchpoints: the totals and tops add up, and places go by the running percentage; IMPs:
    the totals add up and places go by them (spec §7). A label that two sections of one
    session both use names no one pair: such a night has no running totals.
    """
    totals: dict[str, Fraction] = {}
    tops: dict[str, Fraction | None] = {}
    for number in range(1, upto + 1):
        seen: set[str] = set()
        for sheet in sheets.get(number, []):
            contest = games.of(event).own_figures(sheet)
            if contest is None:
                continue
            for line in contest.standings:
                if line.pair in seen:
                    return {}
                seen.add(line.pair)
                totals[line.pair] = totals.get(line.pair, Fraction(0)) + line.total
                top = tops.get(line.pair, Fraction(0))
                tops[line.pair] = None if top is None or line.top is None else top + line.top
    if event.method == Event.Method.MATCHPOINTS:
        keys = {label: 100 * totals[label] / top if top else totals[label] for label, top in tops.items()}
    else:
        keys = dict(totals)
    places = competition_ranks(keys)
    return {label: Running(label, totals[label], tops[label], places[label]) for label in totals}


def event_session(event: Event, session: int | None = None) -> model.Session:
    """The night (or one session of it) as the engine's neutral session, the product's figures in it."""
    if not games.of(event).exchanges_sessions or event.is_teams:
        raise ExportRefused(
            "Only a contract bridge pairs night is written as a PBN or USEBIO results file (spec §6)."
        )
    sheets = event_sheets(event)
    numbers = sorted(sheets) or [1]
    number = session if session is not None else numbers[-1]
    if number not in numbers:
        raise ExportRefused(f"This event has no session {number}: its sessions are {_listed(numbers)}.")
    mine = sheets[number]
    if not mine:
        raise ExportRefused("This event has no section to write.")
    running = running_totals(event, number, sheets) if number > 1 else {}
    several = len(mine) > 1
    game = games.of(event)
    two_winner = any(getattr(game.own_figures(sheet), "two_winner", False) for sheet in mine)
    participants: list[model.Participant] = []
    lines: list[model.Line] = []
    boards: dict[int, model.BoardRecord] = {}
    for sheet in mine:
        letter = sheet.section.letter if several else ""
        contest = game.own_figures(sheet) or ContractContest(method=event.method, unit="")
        participants += _participants(sheet, contest, letter, running)
        lines += _lines(sheet, contest, letter)
        for board in sheet.boards.values():
            boards.setdefault(board.number, _board(board, contest))
    return model.Session(
        event=model.Event(
            name=event.name,
            date=event.date,
            club=event.club.name,
            site=event.club.name,
            scoring=_scoring_words(event),
            competition=model.Competition.PAIRS,
            producer=PRODUCER,
            winner_type=2 if two_winner else 1,
            session=number if len(numbers) > 1 else None,
            session_count=len(numbers) if len(numbers) > 1 else None,
        ),
        participants=tuple(participants),
        boards=tuple(boards[n] for n in sorted(boards)),
        lines=tuple(lines),
        sections=tuple(model.Section(sheet.section.letter) for sheet in mine) if several else (),
    )


def _scoring_words(event: Event) -> str:
    """The method in PBN's words (``[Scoring]``), which USEBIO's EVENT_TYPE is read from too."""
    words = PBN_SCORING.get(event.method, "")
    if event.method == Event.Method.CROSS_IMPS and event.cross_imps == Event.CrossImps.AVERAGE:
        words += ";Average"
    return words


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _participants(
    sheet: SectionScores,
    contest: ContractContest,
    letter: str,
    running: dict[str, Running],
) -> list[model.Participant]:
    out = []
    order = {line.pair: index for index, line in enumerate(contest.standings)}
    pairs = sorted(
        (pair for pair in sheet.pairs.values() if not pair.is_phantom),
        key=lambda pair: (order.get(pair.label, len(order)), pair.pk),
    )
    for pair in pairs:
        people = tuple(
            model.Player(player.name, player.number) for player in (pair.player1, pair.player2) if player
        )
        line = contest.standing(pair.label)
        direction = Side.parse(line.direction) if line is not None and line.direction else None
        out.append(
            model.Participant(
                id=pair.label,
                direction=direction,
                section=letter,
                players=people,
                reported=_reported(line, running.get(pair.label)),
            )
        )
    return out


def _reported(line: PairLine | None, running: Running | None) -> model.Reported:
    if line is None:
        return model.Reported()
    session = model.Reported(
        total=_decimal(line.total),
        percent=_decimal(line.percent),
        place=line.place,
        boards=line.boards,
    )
    if running is None:
        return session
    return model.Reported(
        total=_decimal(running.total),
        percent=_decimal(running.percent),
        place=running.place,
        session_total=session.total,
        session_percent=session.percent,
        session_place=session.place,
        session_boards=line.boards,
    )


def _board(board: Board, contest: ContractContest) -> model.BoardRecord:
    hands = Hands.parse(board.hands) if board.hands else None
    figures = contest.boards.get(board.number)
    datum = None
    if figures is not None and figures.datum is not None:
        datum = round_half_away(Fraction(figures.datum))
    double_dummy: list[model.DoubleDummy] = []
    for seat, tricks in (board.double_dummy or {}).items():
        for strain, count in zip(("C", "D", "H", "S", "NT"), tricks, strict=False):
            double_dummy.append(model.DoubleDummy(Seat.parse(seat), strain, int(count)))
    optimum = ""
    if isinstance(board.par, dict) and isinstance(board.par.get("score"), int):
        score = board.par["score"]
        optimum = f"NS {score}" if score >= 0 else f"EW {-score}"
    return model.BoardRecord(
        number=board.number,
        dealer=Seat.parse(board.dealer) if board.dealer else None,
        vulnerability=vulnerability_of(board),
        hands=hands,
        datum=datum,
        optimum_score=optimum,
        double_dummy=tuple(double_dummy),
    )


def _lines(sheet: SectionScores, contest: ContractContest, letter: str) -> list[model.Line]:
    event = sheet.event
    percents = {"A+": event.average_plus, "A": event.average, "A-": event.average_minus}
    out = []
    for scored in sheet.results:
        result = scored.result
        if result.not_played and scored.adjusted is None and scored.score is None and not scored.problem:
            continue  # ruled not played and left out of the contest: no line, as for a table that sat out
        bid = bid_of(result)
        figures = contest.table(result.pk)
        board = contest.boards.get(result.board.number)
        top = board.top if board is not None else None
        adjusted = None
        if scored.adjusted is not None:
            # "A+" at the event's percentage; "A60", a percentage typed outright (Law 12C2)
            ns, ew = (percents.get(m) or int(m.removeprefix("A")) for m in scored.adjusted)
            adjusted = model.Adjusted(ns, ew)
        reported = model.LineFigures()
        if figures is not None:
            reported = model.LineFigures(
                ns=_decimal(figures.ns_figure),
                ew=_decimal(figures.ew_figure),
                percent_ns=_decimal(_share(figures.ns_figure, top)),
                percent_ew=_decimal(_share(figures.ew_figure, top)),
            )
        out.append(
            model.Line(
                board=result.board.number,
                section=letter,
                table=result.seating.table.number,
                round=result.seating.round,
                ns=result.ns.label,
                ew=result.ew.label,
                contract="" if result.not_played else (bid.text if bid is not None else "PASS"),
                declarer=Seat.parse(result.declarer) if bid is not None and result.declarer else None,
                tricks=result.tricks if bid is not None else None,
                score=_score(scored),
                adjusted=adjusted,
                reported=reported,
            )
        )
    return out


def _share(figure: Fraction | None, top: Fraction | None) -> Fraction | None:
    if figure is None or not top:
        return None
    return 100 * figure / top


def _score(scored: ScoredResult) -> int | None:
    """N-S's score that counts: the table's by Law 77, or the one assigned (Law 12C1)."""
    if scored.adjusted is not None or scored.problem or not isinstance(scored.score, ContractScore):
        return None
    return scored.score.score_ns


def export_session(event: Event, format: str, session: int | None = None) -> tuple[str, str, bytes]:
    """The night as a results file: ``(file name, content type, bytes)``; PBN or USEBIO (spec §6)."""
    if format not in FORMATS:
        raise ExportRefused(f"{format!r} is not a results file format: write pbn or usebio.")
    written = event_session(event, session)
    try:
        content = write_pbn_session(written).encode("utf-8") if format == "pbn" else write_usebio(written)
    except ScoringError as error:
        raise ExportRefused(str(error)) from error
    extension, content_type = FORMATS[format]
    part = f"-session-{written.event.session}" if written.event.session else ""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", event.name).strip("-").lower()[:40] or "event"
    return f"{stem}-{event.pk}{part}.{extension}", content_type, content
