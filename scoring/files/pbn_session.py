"""A scored session in PBN 2.1: the score tables of a results file, read and written.

Programs that score duplicate sessions (Ruter, Magic Contest and their kin) export the
session as a PBN file (spec §6.1): one game per board, holding the deal and a
``[ScoreTable]`` of the board's traveller; the standings in a ``[TotalScoreTable]`` (in
the first game); the double-dummy table in ``[OptimumResultTable]``; and, in a teams file,
a ``ScoreTable`` of matches (``TeamId_Home``, ``TeamId_Away``, ``MatchDetails``).

:func:`read_pbn_session` reads such a file into a :class:`~.session.Session`, every
computed column (MP, IMP, percentages, totals, ranks, VPs, the Butler datum) kept apart
as reported figures; :func:`write_pbn_session` (in :mod:`.pbn_export`) writes a session
back as PBN 2.1 that the reader reads to an equal session. The columns known:

* ScoreTable: Section, Table, Round, PairId_NS, PairId_EW (or PlayerId_North, _East,
  _South, _West in an individual), Contract, Declarer, Result (tricks won by declarer),
  Lead, Score_NS, Score_EW (one side's score in points, quoted, the other ``-``; or an
  artificial score ``A+``/``A``/``A-`` for each side, Law 12C2; or ``Bye`` for a pair that
  sat out), and the reported MP_NS, MP_EW, IMP_NS, IMP_EW, Percentage_NS, Percentage_EW
  (MP_North ... in an individual) and ButlerDatum;
* TotalScoreTable: Rank, RankTie, PairId/TeamId/PlayerId, Section, Table, Direction,
  TotalScoreMP/TotalScoreIMP/TotalScoreVP, TotalPercentage, Names/Name/TeamName, NrBoards,
  NrBoardsSession, SessionScoreMP/IMP, SessionPercentage, SessionRank, SessionRankTie,
  Club, MemberID1, MemberID2 (MemberID), Roster, RosterDetails, MP (master points);
  other columns are kept as they are;
* the teams ScoreTable: Round, Table, TeamId_Home, TeamId_Away, MatchDetails
  ("segment,home IMPs,away IMPs|...|200,home total,away total"; Ruter writes 200 for the
  whole match) and the reported VP_Home, VP_Away.

A file that cannot be read as a scored session is a :class:`PbnError` naming the line.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..contests.ranking import Place
from ..contract.board import Vulnerability
from ..contract.deal import parse_contract
from ..shared.cards import Hands
from ..shared.errors import PbnError, ScoringError, quoted
from ..shared.seats import Seat
from .pbn import Game, Tag, read_games
from .pbn_export import SEAT_COLUMNS, write_pbn_session
from .pbn_tables import Cell, Table, read_meta, read_table
from .session import (
    BOUNDS,
    Adjusted,
    BoardRecord,
    Competition,
    DoubleDummy,
    Event,
    Line,
    LineFigures,
    Match,
    MatchFigures,
    Participant,
    Player,
    Producer,
    Reported,
    Section,
    Segment,
    Session,
    check_bounds,
    parse_direction,
    too_many,
)

__all__ = ["read_pbn_session", "write_pbn_session"]

_SEAT_COLUMNS = SEAT_COLUMNS

_MODELLED_META = frozenset({"Generator", "Version", "CRSession", "CRSessionCount"})
_TOTAL_COLUMNS = {"TotalScoreMP", "TotalScoreIMP", "TotalScoreVP"}
_SESSION_TOTAL_COLUMNS = {"SessionScoreMP", "SessionScoreIMP", "SessionScoreVP"}
_KNOWN_TOTAL_COLUMNS = frozenset(
    {
        "Rank",
        "RankTie",
        "PairId",
        "TeamId",
        "PlayerId",
        "Section",
        "Table",
        "Direction",
        "TotalPercentage",
        "Names",
        "Name",
        "TeamName",
        "NrBoards",
        "NrBoardsSession",
        "SessionPercentage",
        "SessionRank",
        "SessionRankTie",
        "Club",
        "MemberID1",
        "MemberID2",
        "MemberID",
        "ClubID1",
        "ClubID2",
        "ClubID",
        "Roster",
        "RosterDetails",
        "MP",
        *_TOTAL_COLUMNS,
        *_SESSION_TOTAL_COLUMNS,
    }
)


def read_pbn_session(source: bytes | str) -> Session:
    """Read a PBN 2.1 results file (score tables on its boards) into a :class:`Session` (spec §6.1).

    The encoding is UTF-8 when the bytes decode so (a BOM dropped), else ISO-8859-1; CRLF or
    LF. A file with no ``ScoreTable`` and no ``TotalScoreTable`` is not a scored session.
    """
    _check_board_count(source)
    games = read_games(source)
    _check_row_counts(games)
    meta = read_meta(source)
    if not any(_score_tag(game) is not None or game.tag("TotalScoreTable") for game in games):
        raise PbnError(
            "This PBN file holds no score table: a scored session has a [ScoreTable] on its boards "
            "or a [TotalScoreTable] of standings (PBN 2.1)."
        )
    event = _event(games, meta)
    participants: list[Participant] = []
    boards: list[BoardRecord] = []
    lines: list[Line] = []
    matches: list[Match] = []
    seen_boards: dict[int, int] = {}
    for game in games:
        totals = game.tag("TotalScoreTable")
        if totals is not None and not participants:
            participants = _participants(read_table(totals))
        score_tag = _score_tag(game)
        table = read_table(score_tag) if score_tag is not None else None
        if table is not None and table.has("TeamId_Home"):
            matches.extend(_matches(table))
            continue
        if game.tag("Board") is None or (table is None and not _has_deal(game)):
            continue
        board = _board(game, table)
        if board.number in seen_boards:
            raise PbnError(
                f"Board {board.number} is given twice, at lines {seen_boards[board.number]} and {game.line}."
            )
        seen_boards[board.number] = game.line
        boards.append(board)
        if table is not None:
            lines.extend(_lines(board.number, table))
    if event.competition is Competition.PAIRS:
        if matches:
            event = _replace_competition(event, Competition.TEAMS)
        elif any(line.players is not None for line in lines):
            event = _replace_competition(event, Competition.INDIVIDUALS)
    session = Session(
        event=event,
        participants=tuple(participants),
        boards=tuple(boards),
        lines=tuple(lines),
        sections=_sections(participants, lines),
        matches=tuple(matches),
    )
    check_bounds(session, PbnError)
    return session


_BOARD_TAG = re.compile(rb"^\s*\[Board\s", re.MULTILINE)


def _check_board_count(source: bytes | str) -> None:
    """Refuse a file of more games than a session has boards before its games are read."""
    data = source.encode("utf-8", "replace") if isinstance(source, str) else source
    found = len(_BOARD_TAG.findall(data))
    if found > BOUNDS.boards:
        raise PbnError(too_many("boards", found, BOUNDS.boards))


def _check_row_counts(games: Sequence[Game]) -> None:
    """Refuse standings of more participants, or score tables of more lines, than a session holds,
    before a row of them is read."""
    rows = 0
    for game in games:
        totals = game.tag("TotalScoreTable")
        if totals is not None and len(totals.section) > BOUNDS.participants:
            raise PbnError(too_many("participants", len(totals.section), BOUNDS.participants))
        score = _score_tag(game)
        rows += 0 if score is None else len(score.section)
    if rows > BOUNDS.lines:
        raise PbnError(too_many("traveller lines", rows, BOUNDS.lines))


def _score_tag(game: Game) -> Tag | None:
    return game.tag("ScoreTable")


def _has_deal(game: Game) -> bool:
    deal = game.value("Deal")
    return bool(deal and deal.strip())


def _replace_competition(event: Event, competition: Competition) -> Event:
    return Event(
        name=event.name,
        date=event.date,
        club=event.club,
        club_id=event.club_id,
        site=event.site,
        scoring=event.scoring,
        event_type=event.event_type,
        competition=competition,
        producer=event.producer,
        winner_type=event.winner_type,
        session=event.session,
        session_count=event.session_count,
        extra=event.extra,
    )


def _event(games: Sequence[Game], meta: Mapping[str, str]) -> Event:
    first = next(
        (game for game in games if game.tag("Event") or game.tag("Board")), games[0] if games else None
    )

    def value(name: str) -> str:
        for game in games:
            text = game.value(name)
            if text:
                return text
        return ""

    application = value("Application")
    generator = meta.get("Generator", "")
    if not generator and application:
        generator = application.split(" - ")[0].strip()
    competition = {
        "PAIRS": Competition.PAIRS,
        "TEAMS": Competition.TEAMS,
        "INDIVIDUALS": Competition.INDIVIDUALS,
        "INDIVIDUAL": Competition.INDIVIDUALS,
    }.get(value("Competition").strip().upper(), Competition.PAIRS)
    line = first.line if first is not None else 0
    return Event(
        name=value("Event"),
        date=_pbn_date(value("Date") or value("EventDate"), line),
        site=value("Site"),
        scoring=value("Scoring") or meta.get("ScoringType", ""),
        competition=competition,
        producer=Producer(generator, meta.get("Version", ""), application),
        session=_meta_int(meta, "CRSession"),
        session_count=_meta_int(meta, "CRSessionCount"),
        extra=tuple((name, text) for name, text in meta.items() if name not in _MODELLED_META),
    )


def _meta_int(meta: Mapping[str, str], name: str) -> int | None:
    text = meta.get(name, "").strip()
    return int(text) if text.isascii() and text.isdigit() else None


def _pbn_date(text: str, line: int) -> datetime.date | None:
    """PBN's ``YYYY.MM.DD``; a date with unknown parts (``2014.??.??``) is no date."""
    text = text.strip()
    if not text or "?" in text:
        return None
    try:
        year, month, day = (int(part) for part in text.split("."))
        return datetime.date(year, month, day)
    except ValueError:
        raise PbnError(f"Line {line}: {quoted(text)} is not a PBN date; write it as 2025.01.15.") from None


def _participants(table: Table) -> list[Participant]:
    participants: list[Participant] = []
    id_column = next((name for name in ("PairId", "TeamId", "PlayerId") if table.has(name)), None)
    if id_column is None:
        raise PbnError(
            f"Line {table.line}: the TotalScoreTable has no PairId, TeamId or PlayerId column, "
            "so its standings name no one."
        )
    total_column = next((name for name in _TOTAL_COLUMNS if table.has(name)), None)
    session_column = next((name for name in _SESSION_TOTAL_COLUMNS if table.has(name)), None)
    for position, record in enumerate(table.records()):
        line = table.row_line(position)
        identifier = record[id_column]
        if identifier is None:
            raise PbnError(f"Line {line}: this standings row gives no {id_column}.")
        direction_text = record.get("Direction")
        seat = _seat_or_none(direction_text) if id_column == "PlayerId" else None
        direction = None if seat is not None else parse_direction(direction_text)
        kept = [
            (column.name, value)
            for column, value in zip(table.columns, table.rows[position], strict=True)
            if column.name not in _KNOWN_TOTAL_COLUMNS and value is not None
        ]
        if direction_text and seat is None and direction is None:
            # Teams write "Hemma"/"Borta" (home, away): not a side, kept as written.
            kept.insert(0, ("Direction", direction_text))
        reported = Reported(
            total=_decimal(record, total_column, line),
            percent=_decimal(record, "TotalPercentage", line),
            place=_place(record, "Rank", "RankTie", line),
            boards=_int(record, "NrBoards", line),
            session_total=_decimal(record, session_column, line),
            session_percent=_decimal(record, "SessionPercentage", line),
            session_place=_place(record, "SessionRank", "SessionRankTie", line),
            session_boards=_int(record, "NrBoardsSession", line),
            masterpoints=record.get("MP") or "",
        )
        participants.append(
            Participant(
                id=identifier,
                direction=direction,
                seat=seat,
                section=record.get("Section") or "",
                table=_int(record, "Table", line),
                name=record.get("TeamName") or "",
                players=_players(record),
                club=record.get("Club") or "",
                reported=reported,
                extra=tuple(kept),
            )
        )
    return participants


def _players(record: Mapping[str, Cell]) -> tuple[Player, ...]:
    details = record.get("RosterDetails")
    if details:
        players = []
        for part in details.split("|"):
            member, _, rest = part.partition(",")
            last, _, first = rest.partition(",")
            players.append(Player(f"{first} {last}".strip(), member.strip()))
        return tuple(players)
    names_text = record.get("Names") or record.get("Name") or record.get("Roster") or ""
    names = [name.strip() for name in names_text.split(" - ")] if names_text.strip() else []
    members = [record.get(f"MemberID{number}") or "" for number in (1, 2)]
    clubs = [record.get(f"ClubID{number}") or "" for number in (1, 2)]
    if "MemberID" in record or "ClubID" in record:
        members = [record.get("MemberID") or ""]
        clubs = [record.get("ClubID") or ""]
    players = []
    for index, name in enumerate(names):
        member = members[index] if index < len(members) else ""
        club = clubs[index] if index < len(clubs) else ""
        players.append(Player(name, member, club))
    return tuple(players)


def _board(game: Game, table: Table | None) -> BoardRecord:
    where = game.where()
    board_text = (game.value("Board") or "").strip()
    if not (board_text.isascii() and board_text.isdigit()) or int(board_text) < 1:
        raise PbnError(f"The game at line {game.line}: Board {quoted(board_text)} is not a board number.")
    number = int(board_text)
    try:
        dealer_text = (game.value("Dealer") or "").strip()
        dealer = Seat.parse(dealer_text) if dealer_text else None
        vulnerable_text = (game.value("Vulnerable") or "").strip()
        vulnerability = Vulnerability.parse(vulnerable_text) if vulnerable_text else None
        hands = Hands.parse(game.value("Deal")) if _has_deal(game) else None
    except ScoringError as error:
        raise PbnError(f"{where}: {error}") from error
    datum = None
    if table is not None and table.has("ButlerDatum"):
        for position, record in enumerate(table.records()):
            value = record.get("ButlerDatum")
            if value is not None:
                datum = _whole(value, "ButlerDatum", table.row_line(position))
                break
    double_dummy: list[DoubleDummy] = []
    optimum = game.tag("OptimumResultTable")
    if optimum is not None:
        double_dummy = _double_dummy(read_table(optimum))
    return BoardRecord(
        number=number,
        dealer=dealer,
        vulnerability=vulnerability,
        hands=hands,
        datum=datum,
        optimum_score=game.value("OptimumScore") or "",
        optimum_contract=game.value("OptimumContract") or "",
        double_dummy=tuple(double_dummy),
    )


def _double_dummy(table: Table) -> list[DoubleDummy]:
    entries = []
    for position, record in enumerate(table.records()):
        line = table.row_line(position)
        declarer, strain, result = record.get("Declarer"), record.get("Denomination"), record.get("Result")
        if declarer is None or strain is None or result is None:
            continue
        try:
            seat = Seat.parse(declarer)
        except ScoringError as error:
            raise PbnError(f"Line {line}: {error}") from error
        strain_text = strain.strip().upper()
        if strain_text not in ("C", "D", "H", "S", "NT", "N"):
            raise PbnError(f"Line {line}: {quoted(strain)} is not a denomination: write C, D, H, S or NT.")
        entries.append(DoubleDummy(seat, "NT" if strain_text == "N" else strain_text, _tricks(result, line)))
    return entries


def _lines(board: int, table: Table) -> list[Line]:
    individual = table.has("PlayerId_North")
    if not individual and not (table.has("PairId_NS") or table.has("PairId_EW")):
        raise PbnError(
            f"Line {table.line}: board {board}'s ScoreTable names no pairs: it needs PairId_NS and "
            "PairId_EW (or PlayerId_North ... in an individual)."
        )
    if not (table.has("Score_NS") or table.has("Score_EW") or table.has("Contract")):
        raise PbnError(
            f"Line {table.line}: board {board}'s ScoreTable has no Score_NS, Score_EW or Contract column, "
            "so it holds no result to score."
        )
    result: list[Line] = []
    for position, record in enumerate(table.records()):
        line = table.row_line(position)
        score, adjusted, bye = _score(record, line)
        players: tuple[str | None, str | None, str | None, str | None] | None = None
        if individual:
            north, east, south, west = (record.get(f"PlayerId_{seat}") for seat in _SEAT_COLUMNS)
            players = (north, east, south, west)
            figures = LineFigures(
                ns=_first(_decimal(record, f"{unit}_North", line) for unit in ("MP", "IMP")),
                ew=_first(_decimal(record, f"{unit}_East", line) for unit in ("MP", "IMP")),
                percent_ns=_decimal(record, "Percentage_North", line),
                percent_ew=_decimal(record, "Percentage_East", line),
            )
        else:
            figures = LineFigures(
                ns=_figure(record, "NS", line),
                ew=_figure(record, "EW", line),
                percent_ns=_decimal(record, "Percentage_NS", line),
                percent_ew=_decimal(record, "Percentage_EW", line),
            )
        declarer_text = record.get("Declarer")
        try:
            declarer = Seat.parse(declarer_text) if declarer_text else None
        except ScoringError as error:
            raise PbnError(f"Line {line}: {error}") from error
        result_text = record.get("Result")
        result.append(
            Line(
                board=board,
                section=record.get("Section") or "",
                table=_int(record, "Table", line),
                round=_int(record, "Round", line),
                ns=None if individual else record.get("PairId_NS"),
                ew=None if individual else record.get("PairId_EW"),
                players=players,
                contract=_contract(record.get("Contract"), line),
                declarer=declarer,
                tricks=None if result_text is None else _tricks(result_text, line),
                lead=record.get("Lead") or "",
                score=score,
                adjusted=adjusted,
                bye=bye,
                reported=figures,
            )
        )
    return result


def _first(values: Iterable[Decimal | None]) -> Decimal | None:
    return next((value for value in values if value is not None), None)


def _figure(record: Mapping[str, Cell], side: str, line: int) -> Decimal | None:
    for prefix in ("MP", "IMP"):
        if f"{prefix}_{side}" in record:
            return _decimal(record, f"{prefix}_{side}", line)
    return None


def _score(record: Mapping[str, Cell], line: int) -> tuple[int | None, Adjusted | None, bool]:
    """NS's score, an artificial score, or a bye, from the Score_NS and Score_EW cells."""
    ns, ew = record.get("Score_NS"), record.get("Score_EW")
    cells = [cell.strip() for cell in (ns, ew) if cell is not None and cell.strip()]
    if not cells:
        return None, None, False
    if any(cell.upper() == "BYE" for cell in cells):
        return None, None, True
    marks = [cell for cell in cells if Adjusted.is_mark(cell)]
    if marks:
        try:
            if ns is not None and ew is not None and ns.strip() and ew.strip():
                return None, Adjusted(Adjusted.share(ns), Adjusted.share(ew)), False
            if len(marks[0]) == 5 or "/" in marks[0]:  # both sides in one cell: A6040, A+/A- (Law 12C2)
                return None, Adjusted.parse(marks[0]), False
            share = Adjusted.share(marks[0])
            # One side marked, the other left blank: the other side takes the complement.
            own, other = (share, 100 - share)
            return None, (Adjusted(own, other) if ns and ns.strip() else Adjusted(other, own)), False
        except ScoringError as error:
            raise PbnError(f"Line {line}: {error}") from error
    score_ns = _points(ns, "Score_NS", line) if ns is not None and ns.strip() else None
    score_ew = _points(ew, "Score_EW", line) if ew is not None and ew.strip() else None
    if score_ns is not None and score_ew is not None and score_ns != -score_ew:
        raise PbnError(
            f"Line {line}: Score_NS {score_ns} and Score_EW {score_ew} disagree; one side's score is the "
            "other's with its sign turned."
        )
    if score_ns is not None:
        return score_ns, None, False
    assert score_ew is not None
    return -score_ew, None, False


def _points(text: str, column: str, line: int) -> int:
    cleaned = text.strip()
    body = cleaned[1:] if cleaned[:1] in "+-" else cleaned
    if not (body.isascii() and body.isdigit()) or len(body) > 6:
        raise PbnError(
            f"Line {line}: the {column} {quoted(text)} is not a score in points, nor an artificial score "
            "such as A+ (Law 12C2)."
        )
    return int(cleaned)


def _contract(text: Cell, line: int) -> str:
    if text is None or not text.strip():
        return ""
    try:
        bid = parse_contract(text)
    except ScoringError as error:
        raise PbnError(f"Line {line}: {error}") from error
    return "PASS" if bid is None else bid.text


def _tricks(text: str, line: int) -> int:
    cleaned = text.strip()
    if not (cleaned.isascii() and cleaned.isdigit()) or int(cleaned) > 13:
        raise PbnError(f"Line {line}: the Result {quoted(text)} is not a number of tricks from 0 to 13.")
    return int(cleaned)


def _matches(table: Table) -> list[Match]:
    matches = []
    for position, record in enumerate(table.records()):
        line = table.row_line(position)
        home, away = record.get("TeamId_Home"), record.get("TeamId_Away")
        if home is None or away is None:
            raise PbnError(f"Line {line}: this match names no home or away team.")
        segments, totals = _match_details(record.get("MatchDetails"), line)
        matches.append(
            Match(
                round=_int(record, "Round", line),
                table=_int(record, "Table", line),
                home=home,
                away=away,
                imps_home=None if totals is None else totals[0],
                imps_away=None if totals is None else totals[1],
                segments=tuple(segments),
                reported=MatchFigures(_decimal(record, "VP_Home", line), _decimal(record, "VP_Away", line)),
            )
        )
    return matches


def _match_details(text: Cell, line: int) -> tuple[list[Segment], tuple[Fraction, Fraction] | None]:
    """Ruter's ``MatchDetails``: "1,31,29|2,79,2|200,110,31" — segments, then 200 for the whole match."""
    if text is None or not text.strip():
        return [], None
    segments: list[Segment] = []
    totals: tuple[Fraction, Fraction] | None = None
    for part in text.split("|"):
        fields = [field.strip() for field in part.split(",")]
        try:
            if len(fields) != 3:
                raise ValueError
            number = int(fields[0])
            home, away = Fraction(Decimal(fields[1])), Fraction(Decimal(fields[2]))
        except (ValueError, InvalidOperation):
            raise PbnError(
                f"Line {line}: the MatchDetails {quoted(part)} should read segment,home IMPs,away IMPs, "
                'as "1,31,29".'
            ) from None
        if number == 200:
            totals = (home, away)
        else:
            segments.append(Segment(number, home, away))
    if totals is None and segments:
        totals = (sum((s.home for s in segments), Fraction(0)), sum((s.away for s in segments), Fraction(0)))
    return segments, totals


def _sections(participants: Iterable[Participant], lines: Iterable[Line]) -> tuple[Section, ...]:
    seen: dict[str, None] = {}
    for section in [p.section for p in participants] + [line.section for line in lines]:
        if section:
            seen.setdefault(section, None)
    return tuple(Section(name) for name in seen)


def _decimal(record: Mapping[str, Cell], column: str | None, line: int) -> Decimal | None:
    if column is None:
        return None
    text = record.get(column)
    if text is None or not text.strip():
        return None
    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        raise PbnError(f"Line {line}: the {column} {quoted(text)} is not a number.") from None
    if not value.is_finite():
        raise PbnError(f"Line {line}: the {column} {quoted(text)} is not a number.")
    return value


def _int(record: Mapping[str, Cell], column: str, line: int) -> int | None:
    text = record.get(column)
    if text is None or not text.strip():
        return None
    return _whole(text, column, line)


def _whole(text: str, column: str, line: int) -> int:
    cleaned = text.strip()
    body = cleaned[1:] if cleaned[:1] in "+-" else cleaned
    if not (body.isascii() and body.isdigit()) or len(body) > 9:
        raise PbnError(f"Line {line}: the {column} {quoted(text)} is not a whole number.")
    return int(cleaned)


def _place(record: Mapping[str, Cell], rank: str, tie: str, line: int) -> Place | None:
    first = _int(record, rank, line)
    if first is None:
        return None
    last = _int(record, tie, line)
    return Place(first, first if last is None else last)


def _seat_or_none(text: Cell) -> Seat | None:
    if not text:
        return None
    try:
        return Seat.parse(text)
    except ScoringError:
        return None
