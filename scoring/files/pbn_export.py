"""Writing a scored session as PBN 2.1: the games, their score tables and the standings (spec §6.1).

:func:`write_pbn_session` is the inverse of :func:`.pbn_session.read_pbn_session`: each board
a game with the spec's mandatory tags in export order, the deal when known and its
``ScoreTable``; the standings in the first game's ``TotalScoreTable``; team matches in a
game of their own; every column padded to its width. The columns are those the reader
knows (see :mod:`.pbn_session`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from ..contests.ranking import Place
from ..shared.seats import Seat
from .pbn import escape
from .pbn_tables import Cell, Column, Table, column_widths, write_table
from .session import (
    Adjusted,
    BoardRecord,
    Competition,
    Event,
    Line,
    Match,
    Method,
    Participant,
    Player,
    Session,
)

__all__ = ["SEAT_COLUMNS", "write_pbn_session"]

SEAT_COLUMNS = ("North", "East", "South", "West")
"""The seats of an individual's ``PlayerId_`` columns, in PBN's words."""

_SEAT_COLUMNS = SEAT_COLUMNS


def write_pbn_session(session: Session) -> str:
    """The session as a PBN 2.1 results file, CRLF line ends, that :func:`read_pbn_session` reads back.

    Each board is a game with the spec's mandatory tags in export order (§6.1), the deal
    when known, and its ``ScoreTable``; the standings go in the first game's
    ``TotalScoreTable``; team matches in a game of their own. Columns are padded to their
    widths. The text is plain Unicode: encode it as UTF-8 (or ISO-8859-1 where every
    character allows).
    """
    event = session.event
    lines = ["% PBN 2.1", "% EXPORT"]
    meta = list(event.extra)
    if event.producer.name:
        meta.insert(0, ("Generator", event.producer.name))
    if event.producer.version:
        meta.insert(1 if event.producer.name else 0, ("Version", event.producer.version))
    if event.session is not None:
        meta.append(("CRSession", str(event.session)))
    if event.session_count is not None:
        meta.append(("CRSessionCount", str(event.session_count)))
    lines.extend(f'% <META  name={name} content="{value}">' for name, value in meta)
    lines.append("")
    method = session.method
    standings_written = False
    for board in session.all_boards():
        lines.extend(_game_tags(event, board))
        if not standings_written and session.participants:
            lines.extend(_standings_table(session, method))
            standings_written = True
        board_lines = session.lines_of(board.number)
        if board_lines:
            lines.extend(_score_table(session, board, board_lines, method))
        if board.optimum_score:
            lines.append(f'[OptimumScore "{escape(board.optimum_score)}"]')
        if board.optimum_contract:
            lines.append(f'[OptimumContract "{escape(board.optimum_contract)}"]')
        if board.double_dummy:
            lines.extend(_double_dummy_table(board))
        lines.append("")
    if session.matches or (session.participants and not standings_written):
        lines.extend(_game_tags(event, None))
        if not standings_written and session.participants:
            lines.extend(_standings_table(session, method))
        if session.matches:
            lines.extend(_match_table(session.matches))
        lines.append("")
    return "\r\n".join(lines) + "\r\n"


def _game_tags(event: Event, board: BoardRecord | None) -> list[str]:
    date = event.date.strftime("%Y.%m.%d") if event.date else "????.??.??"
    tags: list[tuple[str, str]] = [("Event", event.name), ("Site", event.site), ("Date", date)]
    if board is not None:
        tags += [
            ("Board", str(board.number)),
            ("West", ""),
            ("North", ""),
            ("East", ""),
            ("South", ""),
            ("Dealer", board.dealer.value if board.dealer else ""),
            ("Vulnerable", board.vulnerability.pbn if board.vulnerability else ""),
            ("Deal", board.hands.to_pbn(board.dealer or Seat.N) if board.hands else ""),
            ("Scoring", _scoring_text(event)),
            ("Declarer", ""),
            ("Contract", ""),
            ("Result", ""),
        ]
    else:
        tags.append(("Scoring", _scoring_text(event)))
    tags.append(("Competition", event.competition.value.capitalize()))
    if event.producer.application:
        tags.append(("Application", event.producer.application))
    return [f'[{name} "{escape(value)}"]' for name, value in tags]


def _scoring_text(event: Event) -> str:
    """PBN's ``[Scoring]``: the file's own words, or words for the method a USEBIO file named."""
    if event.scoring and not event.event_type:
        return event.scoring
    method = Method.of(event)
    names = {
        Method.MATCHPOINTS: "MatchPoints",
        Method.BUTLER: "IMP;Butler",
        Method.CROSS_IMPS: "IMP;Cross",
        Method.TEAMS: "Teams",
    }
    return names[method] if method is not None else event.scoring


def _total_column(method: Method | None) -> str:
    return (
        {Method.BUTLER: "IMP", Method.CROSS_IMPS: "IMP", Method.TEAMS: "VP"}.get(method, "MP")
        if method
        else "MP"
    )


def _standings_table(session: Session, method: Method | None) -> list[str]:
    people = session.participants
    kind = session.event.competition
    unit = _total_column(method)
    id_name = {Competition.TEAMS: "TeamId", Competition.INDIVIDUALS: "PlayerId"}.get(kind, "PairId")
    columns: list[tuple[str, str, list[Cell]]] = []

    def add(name: str, align: str, values: list[Cell], always: bool = False) -> None:
        if always or any(value is not None for value in values):
            columns.append((name, align, values))

    reported = [p.reported for p in people]
    add("Rank", "R", [str(r.place.first) if r.place else None for r in reported])
    add("RankTie", "R", [_tie(r.place) for r in reported])
    add(id_name, "R", [p.id for p in people], always=True)
    add("Section", "R", [p.section or None for p in people])
    add("Table", "R", [_text(p.table) for p in people])
    add("Direction", "R", [_direction(p) for p in people])
    add(f"TotalScore{unit}", "R", [_text(r.total) for r in reported])
    add("TotalPercentage", "R", [_text(r.percent) for r in reported])
    if kind is Competition.TEAMS:
        add("TeamName", "L", [p.name or None for p in people])
        add("Roster", "L", [p.names or None for p in people])
        add(
            "RosterDetails",
            "L",
            ["|".join(_roster_entry(player) for player in p.players) or None for p in people],
        )
    elif kind is Competition.INDIVIDUALS:
        add("Name", "L", [p.names or None for p in people])
    else:
        add("Names", "L", [p.names or None for p in people])
    add("NrBoards", "R", [_text(r.boards) for r in reported])
    add("NrBoardsSession", "R", [_text(r.session_boards) for r in reported])
    add(f"SessionScore{unit}", "R", [_text(r.session_total) for r in reported])
    add("SessionPercentage", "R", [_text(r.session_percent) for r in reported])
    add("SessionRank", "R", [str(r.session_place.first) if r.session_place else None for r in reported])
    add("SessionRankTie", "R", [_tie(r.session_place) for r in reported])
    add("Club", "L", [p.club or None for p in people])
    if kind is not Competition.TEAMS:
        width = 1 if kind is Competition.INDIVIDUALS else max((len(p.players) for p in people), default=0)
        for index in range(min(width, 2)):
            suffix = "" if kind is Competition.INDIVIDUALS else str(index + 1)
            add(f"MemberID{suffix}", "R", [_member(p, index, "member_id") for p in people])
            add(f"ClubID{suffix}", "R", [_member(p, index, "club_id") for p in people])
    add("MP", "R", [r.masterpoints or None for r in reported])
    for name in _merged_order([name for name, _ in p.extra if name != "Direction"] for p in people):
        add(name, "L", [dict(p.extra).get(name) for p in people])
    return _table_lines("TotalScoreTable", columns, quoted_columns=_QUOTED_TOTALS)


_QUOTED_TOTALS = frozenset(
    {"Section", "Direction", "Names", "Name", "TeamName", "Roster", "RosterDetails", "Club", "MP"}
    | {"MemberID1", "MemberID2", "MemberID", "ClubID1", "ClubID2", "ClubID"}
)


def _score_table(
    session: Session, board: BoardRecord, rows: Sequence[Line], method: Method | None
) -> list[str]:
    individual = session.event.competition is Competition.INDIVIDUALS
    unit = "MP" if method in (Method.MATCHPOINTS, None) else "IMP"
    columns: list[tuple[str, str, list[Cell]]] = []

    def add(name: str, align: str, values: list[Cell], always: bool = False) -> None:
        if always or any(value is not None for value in values):
            columns.append((name, align, values))

    add("Section", "R", [line.section or None for line in rows])
    add("Table", "R", [_text(line.table) for line in rows])
    add("Round", "R", [_text(line.round) for line in rows])
    if individual:
        for index, seat in enumerate(_SEAT_COLUMNS):
            add(
                f"PlayerId_{seat}",
                "R",
                [line.players[index] if line.players else None for line in rows],
                True,
            )
    else:
        add("PairId_NS", "R", [line.ns for line in rows], always=True)
        add("PairId_EW", "R", [line.ew for line in rows], always=True)
    add("Contract", "L", [_pbn_contract(line.contract) for line in rows], always=True)
    add("Declarer", "R", [line.declarer.value if line.declarer else None for line in rows], always=True)
    add("Result", "R", [_text(line.tricks) for line in rows], always=True)
    add("Lead", "L", [line.lead or None for line in rows])
    cells = [_score_cells(line) for line in rows]
    add("Score_NS", "R", [ns for ns, _ in cells], always=True)
    add("Score_EW", "R", [ew for _, ew in cells], always=True)
    if individual:
        for seat, side in (("North", "ns"), ("South", "ns"), ("East", "ew"), ("West", "ew")):
            add(f"{unit}_{seat}", "R", [_text(getattr(line.reported, side)) for line in rows])
        for seat, side in (("North", "ns"), ("South", "ns"), ("East", "ew"), ("West", "ew")):
            add(
                f"Percentage_{seat}", "R", [_text(getattr(line.reported, f"percent_{side}")) for line in rows]
            )
    else:
        add(f"{unit}_NS", "R", [_text(line.reported.ns) for line in rows])
        add(f"{unit}_EW", "R", [_text(line.reported.ew) for line in rows])
        add("Percentage_NS", "R", [_text(line.reported.percent_ns) for line in rows])
        add("Percentage_EW", "R", [_text(line.reported.percent_ew) for line in rows])
    if board.datum is not None:
        add("ButlerDatum", "R", [str(board.datum) if line.played else None for line in rows])
    return _table_lines("ScoreTable", columns, quoted_columns={"Section", "Score_NS", "Score_EW"})


def _match_table(matches: Sequence[Match]) -> list[str]:
    columns: list[tuple[str, str, list[Cell]]] = [
        ("Round", "R", [_text(m.round) for m in matches]),
        ("Table", "R", [_text(m.table) for m in matches]),
        ("TeamId_Home", "R", [m.home for m in matches]),
        ("TeamId_Away", "R", [m.away for m in matches]),
        ("MatchDetails", "L", [_details(m) for m in matches]),
        ("VP_Home", "R", [_text(m.reported.vp_home) for m in matches]),
        ("VP_Away", "R", [_text(m.reported.vp_away) for m in matches]),
    ]
    return _table_lines("ScoreTable", columns, quoted_columns={"MatchDetails"})


def _double_dummy_table(board: BoardRecord) -> list[str]:
    rows = [(entry.declarer.value, entry.strain, str(entry.tricks)) for entry in board.double_dummy]
    columns = (Column("Declarer"), Column("Denomination", 2, "R"), Column("Result", 2, "R"))
    return write_table(Table("OptimumResultTable", columns, tuple(rows)))


def _table_lines(
    name: str, columns: list[tuple[str, str, list[Cell]]], quoted_columns: Iterable[str]
) -> list[str]:
    quote = set(quoted_columns)
    heads = [Column(column, None, align) for column, align, _ in columns]
    rows = [tuple(values[index] for _, _, values in columns) for index in range(len(columns[0][2]))]
    sized = column_widths(heads, rows, quote)
    return write_table(Table(name, sized, tuple(rows)), quote=quote)


def _score_cells(line: Line) -> tuple[Cell, Cell]:
    if line.bye:
        return "Bye", "Bye"
    if line.adjusted is not None:
        return Adjusted.mark(line.adjusted.ns), Adjusted.mark(line.adjusted.ew)
    if line.score is None:
        return None, None
    if line.score >= 0:
        return str(line.score), None
    return None, str(-line.score)


def _pbn_contract(text: str) -> Cell:
    if not text:
        return None
    return "Pass" if text == "PASS" else text


def _details(match: Match) -> Cell:
    if match.imps_home is None or match.imps_away is None:
        return None
    parts = [f"{s.number},{_number(s.home)},{_number(s.away)}" for s in match.segments]
    parts.append(f"200,{_number(match.imps_home)},{_number(match.imps_away)}")
    return "|".join(parts)


def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return str(Decimal(value.numerator) / Decimal(value.denominator))


def _roster_entry(player: Player) -> str:
    first, _, last = player.name.rpartition(" ")
    return f"{player.member_id},{last},{first}"


def _member(participant: Participant, index: int, attribute: str) -> Cell:
    if index >= len(participant.players):
        return None
    value: str = getattr(participant.players[index], attribute)
    return value or None


def _merged_order(orders: Iterable[list[str]]) -> list[str]:
    """One column order that keeps every participant's own order of its extra columns."""
    merged: list[str] = []
    for order in orders:
        previous = -1
        for name in order:
            if name in merged:
                previous = merged.index(name)
            else:
                previous += 1
                merged.insert(previous, name)
    return merged


def _direction(participant: Participant) -> Cell:
    if participant.seat is not None:
        return participant.seat.value
    if participant.direction is not None:
        return participant.direction.label
    return dict(participant.extra).get("Direction")


def _tie(place: Place | None) -> Cell:
    if place is None or place.last == place.first:
        return None
    return str(place.last)


def _text(value: object) -> Cell:
    return None if value is None else str(value)
