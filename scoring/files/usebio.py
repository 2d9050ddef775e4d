"""A scored session in USEBIO 1.2 XML, the results file of the EBU, ABF and ACBL programs.

Structure (spec §6.2, as the Compscore3 files and the ImportUsebio parser use it): a
``USEBIO Version="1.2"`` root; ``CLUB`` (CLUB_NAME, CLUB_ID_NUMBER); an ``EVENT`` whose
``EVENT_TYPE`` attribute says the method (``MP_PAIRS``, ``BUTLER_PAIRS``, ``CROSS_IMP``...)
holding EVENT_DESCRIPTION, PROGRAM_NAME/VERSION, ``WINNER_TYPE`` (1 one field, 2 NS and EW
fields), DATE (dd/mm/yyyy), SESSION_COUNT, SECTION_COUNT, SCORING_METHOD; ``PARTICIPANTS``
with a ``PAIR`` (``TEAM``, ``PLAYER``) per participant (PAIR_NUMBER, DIRECTION, TOTAL_SCORE,
PERCENTAGE, PLACE with "=" for a tie, MASTER_POINTS_AWARDED, PLAYER: PLAYER_NAME,
NATIONAL_ID_NUMBER, CLUB_ID_NUMBER); a ``BOARD`` per board (BOARD_NUMBER, BOARD_AVERAGE —
the Butler datum — and its ``TRAVELLER_LINE`` elements: NS_PAIR_NUMBER, EW_PAIR_NUMBER,
CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE from NS's side or an artificial ``A6040``, and
the reported NS_/EW_MATCH_POINTS, NS_/EW_BUTLER_POINTS or NS_/EW_CROSS_IMP_POINTS); a
top-level ``HANDSET`` of deals. Events may nest ``SESSION`` (SESSION_ID) and ``SECTION``
(SECTION_ID); teams use ``MATCH`` (ROUND_NUMBER, TEAM, OPPOSING_TEAM, TEAM_SCORE and
OPPOSING_TEAM_SCORE — the match's victory points, as ImportUsebio reads them).

**DESIGN CHOICE (UNVERIFIED against the DTD, spec §9.1):** the writer puts a match's IMPs in
TEAM_IMPS and OPPOSING_TEAM_IMPS, a line's table and round in TABLE_NUMBER and
ROUND_NUMBER, and a session's number in its SESSION's SESSION_ID; it writes one set of
standings figures (a file's cumulative ones) and no per-line percentages, as USEBIO 1.2
has no other place for them.

Reading is safe: the XML is parsed by expat with no external entity or DTD ever fetched,
a document type with an internal subset or any ENTITY declaration is refused (the
standard ``<!DOCTYPE USEBIO SYSTEM "...usebio_v1_2.dtd">`` line is accepted), and size and
depth are bounded. Every error is a :class:`UsebioError` naming the element and line.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..contests.ranking import Place, parse_place
from ..contract.deal import parse_contract
from ..shared.cards import SUITS, Hands
from ..shared.errors import ScoringError, UsebioError, quoted
from ..shared.seats import SEATS, Seat, Side
from .session import (
    BOUNDS,
    Adjusted,
    BoardRecord,
    Competition,
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
    Session,
    check_bounds,
    parse_direction,
)
from .usebio_export import write_usebio
from .usebio_xml import LARGEST_FILE, Element, parse_xml

__all__ = ["LARGEST_FILE", "read_usebio", "write_usebio"]

_HAND_DIRECTIONS = {"NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W}
_SUIT_ELEMENTS = {"S": "SPADES", "H": "HEARTS", "D": "DIAMONDS", "C": "CLUBS"}
_MODELLED_EVENT = frozenset(
    {
        "EVENT_DESCRIPTION",
        "PROGRAM_NAME",
        "PROGRAM_VERSION",
        "WINNER_TYPE",
        "DATE",
        "SESSION_COUNT",
        "SCORING_METHOD",
        "PARTICIPANTS",
        "BOARD",
        "MATCH",
        "SESSION",
        "SECTION",
        "SECTION_COUNT",
    }
)
_MODELLED_PAIR = frozenset(
    {
        "PAIR_NUMBER",
        "TEAM_NUMBER",
        "TEAM_ID",
        "TEAM_NAME",
        "PLAYER_NUMBER",
        "PLAYER_NAME",
        "NATIONAL_ID_NUMBER",
        "CLUB_ID_NUMBER",
        "DIRECTION",
        "TOTAL_SCORE",
        "PERCENTAGE",
        "PLACE",
        "MASTER_POINTS_AWARDED",
        "BOARDS_PLAYED",
        "PLAYER",
        "PAIR",
        "CLUB_NAME",
    }
)


def read_usebio(data: bytes) -> Session:
    """Read a USEBIO 1.2 results file into a :class:`Session` (spec §6.2).

    The figures the program computed (TOTAL_SCORE, PERCENTAGE, PLACE, the points of each
    traveller line, BOARD_AVERAGE) are kept as reported figures. A PLACE with "=" shares
    its place with the others of the same place (in the same direction when WINNER_TYPE
    is 2): "25=" twice reads as places 25 to 26.
    """
    root = parse_xml(data, _MOST)
    if root.name != "USEBIO":
        raise UsebioError(
            f"Line {root.line}: the file's root element is <{root.name}>, not <USEBIO>, so it is not a "
            "USEBIO results file."
        )
    event_element = root.child("EVENT")
    if event_element is None:
        raise UsebioError(f"Line {root.line}: <USEBIO> holds no <EVENT>, so there is no session to read.")
    club = root.child("CLUB")
    reader = _Reader(event_element)
    reader.walk(event_element, section="")
    event = reader.event(club)
    participants = _shared_places(reader.participants, event.winner_type)
    boards = reader.boards(root.child("HANDSET"))
    session = Session(
        event=event,
        participants=tuple(participants),
        boards=tuple(boards),
        lines=tuple(reader.lines),
        sections=tuple(Section(name) for name in reader.sections),
        matches=tuple(reader.matches),
    )
    check_bounds(session, UsebioError)
    return session


# Counted while parsing: a file far over a bound stops at its first element past it. A board
# appears in the hand set and once in each section; a player in each pair or team.
_MOST = {
    "PAIR": (BOUNDS.participants, "pairs"),
    "TEAM": (BOUNDS.participants, "teams"),
    "PLAYER": (BOUNDS.participants * 6, "players"),
    "BOARD": (BOUNDS.boards * 10, "boards"),
    "TRAVELLER_LINE": (BOUNDS.lines, "traveller lines"),
}


class _Reader:
    """Walks an EVENT (and its SESSION and SECTION elements), collecting what it holds."""

    def __init__(self, event: Element) -> None:
        self.root = event
        self.participants: list[tuple[Participant, bool]] = []
        self.lines: list[Line] = []
        self.matches: list[Match] = []
        self.datums: dict[int, int] = {}
        self.board_numbers: dict[int, None] = {}
        self.sections: dict[str, None] = {}
        self.session: int | None = None
        self.extra: list[tuple[str, str]] = []

    def walk(self, element: Element, section: str) -> None:
        for child in element.children:
            if child.name == "PARTICIPANTS":
                for entry in child.children:
                    if entry.name in ("PAIR", "TEAM", "PLAYER"):
                        self.participants.append(_participant(entry, section))
            elif child.name == "BOARD":
                self.board(child, section)
            elif child.name == "MATCH":
                self.matches.append(_match(child))
                for board in child.all("BOARD"):
                    self.board(board, section)
            elif child.name == "SESSION":
                number = child.attributes.get("SESSION_ID", "") or child.value("SESSION_ID")
                if number.strip().isdigit():
                    self.session = int(number)
                self.walk(child, section)
            elif child.name == "SECTION":
                name = child.attributes.get("SECTION_ID", "") or child.value("SECTION_ID")
                if name:
                    self.sections.setdefault(name, None)
                self.walk(child, name or section)
            elif element is self.root and child.name not in _MODELLED_EVENT and not child.children:
                self.extra.append((child.name, child.text))

    def board(self, element: Element, section: str) -> None:
        number = _board_number(element)
        self.board_numbers.setdefault(number, None)
        average = element.value("BOARD_AVERAGE")
        if average and number not in self.datums:
            self.datums[number] = _whole(average, element.child("BOARD_AVERAGE") or element)
        for line in element.all("TRAVELLER_LINE"):
            self.lines.append(_line(number, line, section))

    def event(self, club: Element | None) -> Event:
        root = self.root
        kinds = {
            entry.name for child in root.children if child.name == "PARTICIPANTS" for entry in child.children
        }
        event_type = root.attributes.get("EVENT_TYPE", "")
        competition = Competition.PAIRS
        if "TEAM" in kinds or self.matches or "TEAM" in event_type.upper():
            competition = Competition.TEAMS
        elif "PLAYER" in kinds or "INDIVIDUAL" in event_type.upper():
            competition = Competition.INDIVIDUALS
        winner = root.value("WINNER_TYPE")
        count = root.value("SESSION_COUNT")
        return Event(
            name=root.value("EVENT_DESCRIPTION"),
            date=_date(root.child("DATE")),
            club="" if club is None else club.value("CLUB_NAME"),
            club_id="" if club is None else club.value("CLUB_ID_NUMBER"),
            scoring=root.value("SCORING_METHOD"),
            event_type=event_type,
            competition=competition,
            producer=Producer(root.value("PROGRAM_NAME"), root.value("PROGRAM_VERSION")),
            winner_type=int(winner) if winner.isascii() and winner.isdigit() else None,
            session=self.session,
            session_count=int(count) if count.isascii() and count.isdigit() else None,
            extra=tuple(self.extra),
        )

    def boards(self, handset: Element | None) -> list[BoardRecord]:
        deals: dict[int, Hands] = {}
        if handset is not None:
            for board in handset.all("BOARD"):
                deals[_board_number(board)] = _hands(board)
        numbers = list(self.board_numbers) + [n for n in deals if n not in self.board_numbers]
        return [BoardRecord(number=n, hands=deals.get(n), datum=self.datums.get(n)) for n in numbers]


def _participant(element: Element, section: str) -> tuple[Participant, bool]:
    kind = element.name
    if kind == "PAIR":
        identifier = element.value("PAIR_NUMBER")
    elif kind == "TEAM":
        identifier = (
            element.attributes.get("TEAM_ID", "") or element.value("TEAM_NUMBER") or element.value("TEAM_ID")
        )
    else:
        identifier = element.value("PLAYER_NUMBER")
    if not identifier:
        raise UsebioError(f"Line {element.line}: this <{kind}> has no number, so no line can name it.")
    if kind == "PLAYER":
        players: tuple[Player, ...] = (_player(element),)
    else:
        players = tuple(_player(p) for p in element.all("PLAYER"))
        players += tuple(_player(p) for pair in element.all("PAIR") for p in pair.all("PLAYER"))
    place_text = element.value("PLACE")
    tied = False
    place = None
    if place_text:
        try:
            first, tied = parse_place(place_text)
        except ScoringError as error:
            raise UsebioError(f"Line {_line_of(element, 'PLACE')}: <PLACE> {error}") from error
        place = Place(first, first)
    direction_text = element.value("DIRECTION")
    direction = parse_direction(direction_text)
    if direction_text and direction is None:
        raise UsebioError(
            f"Line {_line_of(element, 'DIRECTION')}: <DIRECTION> {quoted(direction_text)} is not NS or EW."
        )
    boards = element.value("BOARDS_PLAYED")
    reported = Reported(
        total=_decimal(element, "TOTAL_SCORE"),
        percent=_decimal(element, "PERCENTAGE"),
        place=place,
        boards=_whole(boards, element.child("BOARDS_PLAYED") or element) if boards else None,
        masterpoints=element.value("MASTER_POINTS_AWARDED"),
    )
    extra = tuple(
        (child.name, child.text)
        for child in element.children
        if child.name not in _MODELLED_PAIR and not child.children
    )
    name = element.attributes.get("TEAM_NAME", "") or element.value("TEAM_NAME")
    participant = Participant(
        id=identifier,
        direction=direction,
        section=section,
        name=name,
        players=players,
        club=element.value("CLUB_NAME"),
        reported=reported,
        extra=extra,
    )
    return participant, tied


def _player(element: Element) -> Player:
    return Player(
        element.value("PLAYER_NAME"), element.value("NATIONAL_ID_NUMBER"), element.value("CLUB_ID_NUMBER")
    )


def _shared_places(entries: Sequence[tuple[Participant, bool]], winner_type: int | None) -> list[Participant]:
    """Give each tied place ("2=") its last place: the count of the same place in the same list, less one."""
    counts: dict[tuple[Side | None, int], int] = {}

    def key(participant: Participant) -> tuple[Side | None, int]:
        assert participant.reported.place is not None
        return (participant.direction if winner_type == 2 else None, participant.reported.place.first)

    for participant, tied in entries:
        if tied and participant.reported.place is not None:
            counts[key(participant)] = counts.get(key(participant), 0) + 1
    result = []
    for participant, tied in entries:
        place = participant.reported.place
        if tied and place is not None:
            last = place.first + max(counts[key(participant)], 2) - 1
            participant = _with_place(participant, Place(place.first, last))
        result.append(participant)
    return result


def _with_place(participant: Participant, place: Place) -> Participant:
    r = participant.reported
    reported = Reported(
        total=r.total,
        percent=r.percent,
        place=place,
        boards=r.boards,
        session_total=r.session_total,
        session_percent=r.session_percent,
        session_place=r.session_place,
        session_boards=r.session_boards,
        masterpoints=r.masterpoints,
    )
    p = participant
    return Participant(
        p.id, p.direction, p.seat, p.section, p.table, p.name, p.players, p.club, reported, p.extra
    )


def _line(board: int, element: Element, section: str) -> Line:
    score_text = element.value("SCORE")
    score: int | None = None
    adjusted: Adjusted | None = None
    if score_text:
        if Adjusted.is_mark(score_text):
            try:
                adjusted = Adjusted.parse(score_text)
            except ScoringError as error:
                raise UsebioError(f"Line {_line_of(element, 'SCORE')}: <SCORE> {error}") from error
        else:
            score = _points(score_text, element.child("SCORE") or element)
    contract_text = element.value("CONTRACT")
    contract = ""
    if contract_text:
        try:
            bid = parse_contract(contract_text.replace("*", "X"))
        except ScoringError as error:
            raise UsebioError(f"Line {_line_of(element, 'CONTRACT')}: <CONTRACT> {error}") from error
        contract = "PASS" if bid is None else bid.text
    declarer_text = element.value("PLAYED_BY")
    try:
        declarer = Seat.parse(declarer_text) if declarer_text else None
    except ScoringError as error:
        raise UsebioError(f"Line {_line_of(element, 'PLAYED_BY')}: <PLAYED_BY> {error}") from error
    tricks_text = element.value("TRICKS")
    tricks = None
    if tricks_text:
        tricks = _whole(tricks_text, element.child("TRICKS") or element)
        if not 0 <= tricks <= 13:
            raise UsebioError(
                f"Line {_line_of(element, 'TRICKS')}: <TRICKS> {tricks} is not a number of tricks "
                "from 0 to 13."
            )
    ns_figure = ew_figure = None
    for name in ("MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMP_POINTS"):
        if element.child(f"NS_{name}") is not None or element.child(f"EW_{name}") is not None:
            ns_figure, ew_figure = _decimal(element, f"NS_{name}"), _decimal(element, f"EW_{name}")
            break
    table, round_ = element.value("TABLE_NUMBER"), element.value("ROUND_NUMBER")
    return Line(
        board=board,
        section=section,
        table=_whole(table, element.child("TABLE_NUMBER") or element) if table else None,
        round=_whole(round_, element.child("ROUND_NUMBER") or element) if round_ else None,
        ns=element.value("NS_PAIR_NUMBER") or None,
        ew=element.value("EW_PAIR_NUMBER") or None,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        lead=element.value("LEAD"),
        score=score,
        adjusted=adjusted,
        reported=LineFigures(ns=ns_figure, ew=ew_figure),
    )


def _match(element: Element) -> Match:
    round_, home, away = element.value("ROUND_NUMBER"), element.value("TEAM"), element.value("OPPOSING_TEAM")
    if not home or not away:
        raise UsebioError(
            f"Line {element.line}: this <MATCH> does not name both teams (TEAM, OPPOSING_TEAM)."
        )
    imps_home, imps_away = _decimal(element, "TEAM_IMPS"), _decimal(element, "OPPOSING_TEAM_IMPS")
    table = element.value("TABLE_NUMBER")
    return Match(
        round=_whole(round_, element) if round_ else None,
        table=_whole(table, element) if table else None,
        home=home,
        away=away,
        imps_home=None if imps_home is None else Fraction(imps_home),
        imps_away=None if imps_away is None else Fraction(imps_away),
        reported=MatchFigures(_decimal(element, "TEAM_SCORE"), _decimal(element, "OPPOSING_TEAM_SCORE")),
    )


def _hands(board: Element) -> Hands:
    holdings: dict[Seat, str] = {}
    for hand in board.all("HAND"):
        direction = hand.value("DIRECTION").strip().upper()
        seat = _HAND_DIRECTIONS.get(direction) or (
            Seat.parse(direction) if direction in "NESW" and direction else None
        )
        if seat is None:
            raise UsebioError(f"Line {hand.line}: <HAND> has no DIRECTION North, East, South or West.")
        holdings[seat] = ".".join(hand.value(_SUIT_ELEMENTS[suit]) for suit in SUITS)
    if len(holdings) != 4:
        raise UsebioError(f"Line {board.line}: this deal gives {len(holdings)} hand(s); a deal has four.")
    try:
        return Hands.parse("N:" + " ".join(holdings[seat] for seat in SEATS))
    except ScoringError as error:
        raise UsebioError(f"Line {board.line}: board {board.value('BOARD_NUMBER')}: {error}") from error


def _board_number(element: Element) -> int:
    text = element.value("BOARD_NUMBER")
    if not text:
        raise UsebioError(f"Line {element.line}: this <BOARD> has no BOARD_NUMBER.")
    number = _whole(text, element.child("BOARD_NUMBER") or element)
    if number < 1:
        raise UsebioError(
            f"Line {_line_of(element, 'BOARD_NUMBER')}: <BOARD_NUMBER> {number} is not a board."
        )
    return number


def _date(element: Element | None) -> datetime.date | None:
    if element is None or not element.text:
        return None
    try:
        day, month, year = (int(part) for part in element.text.split("/"))
        return datetime.date(year, month, day)
    except ValueError:
        raise UsebioError(
            f"Line {element.line}: <DATE> {quoted(element.text)} is not a date written dd/mm/yyyy."
        ) from None


def _decimal(element: Element, name: str) -> Decimal | None:
    child = element.child(name)
    if child is None or not child.text:
        return None
    try:
        value = Decimal(child.text)
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite():
        raise UsebioError(f"Line {child.line}: <{name}> {quoted(child.text)} is not a number.")
    return value


def _points(text: str, element: Element) -> int:
    body = text[1:] if text[:1] in "+-" else text
    if not (body.isascii() and body.isdigit()) or len(body) > 6:
        raise UsebioError(
            f"Line {element.line}: <{element.name}> {quoted(text)} is not a score in points, "
            "nor an artificial score such as A6040 (Law 12C2)."
        )
    return int(text)


def _whole(text: str, element: Element) -> int:
    body = text[1:] if text[:1] in "+-" else text
    if not (body.isascii() and body.isdigit()) or len(body) > 9:
        raise UsebioError(f"Line {element.line}: <{element.name}> {quoted(text)} is not a whole number.")
    return int(text)


def _line_of(element: Element, name: str) -> int:
    child = element.child(name)
    return element.line if child is None else child.line
