"""Writing a scored session as USEBIO 1.2 XML (spec §6.2), which :func:`.usebio.read_usebio` reads back.

The structure and the design choices where the DTD was not read are those described in
:mod:`.usebio`: CLUB, an EVENT of the method's EVENT_TYPE with its PARTICIPANTS, BOARDs and
TRAVELLER_LINEs (the result fields of the method), SESSION and SECTION elements where the
session says so, teams' MATCHes, and the deals in a HANDSET.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from xml.sax.saxutils import escape, quoteattr

from ..shared.seats import SEATS
from .session import (
    Competition,
    Line,
    Match,
    Method,
    Participant,
    Player,
    Session,
)
from .usebio_xml import DOCTYPE

__all__ = ["write_usebio"]

_SUIT_ELEMENTS = {"S": "SPADES", "H": "HEARTS", "D": "DIAMONDS", "C": "CLUBS"}
_LINE_FIGURES = {
    Method.MATCHPOINTS: "MATCH_POINTS",
    Method.BUTLER: "BUTLER_POINTS",
    Method.CROSS_IMPS: "CROSS_IMP_POINTS",
}
_EVENT_TYPES = {
    Method.MATCHPOINTS: "MP_PAIRS",
    Method.BUTLER: "BUTLER_PAIRS",
    Method.CROSS_IMPS: "CROSS_IMP",
    Method.TEAMS: "TEAMS",
}


def write_usebio(session: Session) -> bytes:
    """The session as USEBIO 1.2 XML in UTF-8 (spec §6.2), which :func:`read_usebio` reads back.

    The EVENT_TYPE is the event's own, or the one its method calls for (MP_PAIRS,
    BUTLER_PAIRS, CROSS_IMP, TEAMS); each traveller line carries the result fields of that
    method; the deals go in a HANDSET.
    """
    event = session.event
    method = session.method
    out = _Writer()
    out.raw('<?xml version="1.0" encoding="UTF-8"?>')
    out.raw(DOCTYPE)
    out.open("USEBIO", Version="1.2")
    if event.club or event.club_id:
        out.open("CLUB")
        out.leaf("CLUB_NAME", event.club)
        out.leaf("CLUB_ID_NUMBER", event.club_id)
        out.close("CLUB")
    event_type = event.event_type or (_EVENT_TYPES.get(method, "MP_PAIRS") if method else "MP_PAIRS")
    out.open("EVENT", EVENT_TYPE=event_type)
    out.leaf("EVENT_DESCRIPTION", event.name)
    out.leaf("PROGRAM_NAME", event.producer.name)
    out.leaf("PROGRAM_VERSION", event.producer.version)
    if event.winner_type is not None:
        out.leaf("WINNER_TYPE", str(event.winner_type))
    if event.date is not None:
        out.leaf("DATE", event.date.strftime("%d/%m/%Y"))
    if event.session_count is not None:
        out.leaf("SESSION_COUNT", str(event.session_count))
    if session.sections:
        out.leaf("SECTION_COUNT", str(len(session.sections)))
    if event.scoring:
        out.leaf("SCORING_METHOD", event.scoring)
    for name, value in event.extra:
        out.leaf(name, value)
    if event.session is not None:
        out.open("SESSION", SESSION_ID=str(event.session))
    figure = _LINE_FIGURES.get(method, "MATCH_POINTS") if method else "MATCH_POINTS"
    if session.sections:
        for section in session.sections:
            out.open("SECTION", SECTION_ID=section.id)
            _write_body(out, session, figure, section.id)
            out.close("SECTION")
        if any(not p.section for p in session.participants) or any(
            not line.section for line in session.lines
        ):
            _write_body(out, session, figure, "")
    else:
        _write_body(out, session, figure, None)
    for match in session.matches:
        _write_match(out, match)
    if event.session is not None:
        out.close("SESSION")
    out.close("EVENT")
    deals = [board for board in sorted(session.boards, key=lambda b: b.number) if board.hands is not None]
    if deals:
        out.open("HANDSET")
        for board in deals:
            assert board.hands is not None
            out.open("BOARD")
            out.leaf("BOARD_NUMBER", str(board.number))
            for seat in SEATS:
                out.open("HAND")
                out.leaf("DIRECTION", seat.name_word)
                hand = board.hands.hand(seat)
                for suit in ("C", "D", "H", "S"):
                    out.leaf(_SUIT_ELEMENTS[suit], hand.holding(suit))
                out.close("HAND")
            out.close("BOARD")
        out.close("HANDSET")
    out.close("USEBIO")
    return out.bytes()


def _write_body(out: _Writer, session: Session, figure: str, section: str | None) -> None:
    people = [p for p in session.participants if section is None or p.section == section]
    if people:
        kind = {Competition.TEAMS: "TEAM", Competition.INDIVIDUALS: "PLAYER"}.get(
            session.event.competition, "PAIR"
        )
        out.open("PARTICIPANTS")
        for participant in people:
            _write_participant(out, participant, kind)
        out.close("PARTICIPANTS")
    for board in session.all_boards():
        lines = [
            line for line in session.lines_of(board.number) if section is None or line.section == section
        ]
        if not lines and (section is not None or board.datum is None):
            continue
        out.open("BOARD")
        out.leaf("BOARD_NUMBER", str(board.number))
        if board.datum is not None:
            out.leaf("BOARD_AVERAGE", str(board.datum))
        for line in lines:
            _write_line(out, line, figure)
        out.close("BOARD")


def _write_participant(out: _Writer, participant: Participant, kind: str) -> None:
    if kind == "TEAM":
        out.open("TEAM", TEAM_ID=participant.id, TEAM_NAME=participant.name)
    else:
        out.open(kind)
        if kind == "PAIR":
            out.leaf("PAIR_NUMBER", participant.id)
    if kind != "PLAYER":
        out.leaf("DIRECTION", participant.direction.value if participant.direction else "")
    r = participant.reported
    if r.total is not None:
        out.leaf("TOTAL_SCORE", str(r.total))
    if r.percent is not None:
        out.leaf("PERCENTAGE", str(r.percent))
    if r.place is not None:
        out.leaf("PLACE", r.place.text)
    if r.boards is not None:
        out.leaf("BOARDS_PLAYED", str(r.boards))
    if r.masterpoints:
        out.leaf("MASTER_POINTS_AWARDED", r.masterpoints)
    if participant.club:
        out.leaf("CLUB_NAME", participant.club)
    for name, value in participant.extra:
        out.leaf(name, value)
    if kind == "PLAYER":
        out.leaf("PLAYER_NUMBER", participant.id)
        for player in participant.players[:1]:
            _write_player_fields(out, player)
    else:
        for player in participant.players:
            out.open("PLAYER")
            _write_player_fields(out, player)
            out.close("PLAYER")
    out.close(kind)


def _write_player_fields(out: _Writer, player: Player) -> None:
    out.leaf("PLAYER_NAME", player.name)
    if player.member_id:
        out.leaf("NATIONAL_ID_NUMBER", player.member_id)
    if player.club_id:
        out.leaf("CLUB_ID_NUMBER", player.club_id)


def _write_line(out: _Writer, line: Line, figure: str) -> None:
    out.open("TRAVELLER_LINE")
    if line.table is not None:
        out.leaf("TABLE_NUMBER", str(line.table))
    if line.round is not None:
        out.leaf("ROUND_NUMBER", str(line.round))
    out.leaf("NS_PAIR_NUMBER", line.ns or "")
    out.leaf("EW_PAIR_NUMBER", line.ew or "")
    if line.contract:
        out.leaf("CONTRACT", line.contract)
    if line.declarer is not None:
        out.leaf("PLAYED_BY", line.declarer.value)
    if line.lead:
        out.leaf("LEAD", line.lead)
    if line.tricks is not None:
        out.leaf("TRICKS", str(line.tricks))
    if line.adjusted is not None:
        out.leaf("SCORE", line.adjusted.usebio)
    elif line.score is not None:
        out.leaf("SCORE", str(line.score))
    if line.reported.ns is not None:
        out.leaf(f"NS_{figure}", str(line.reported.ns))
    if line.reported.ew is not None:
        out.leaf(f"EW_{figure}", str(line.reported.ew))
    out.close("TRAVELLER_LINE")


def _write_match(out: _Writer, match: Match) -> None:
    out.open("MATCH")
    if match.round is not None:
        out.leaf("ROUND_NUMBER", str(match.round))
    if match.table is not None:
        out.leaf("TABLE_NUMBER", str(match.table))
    out.leaf("TEAM", match.home)
    out.leaf("OPPOSING_TEAM", match.away)
    if match.reported.vp_home is not None:
        out.leaf("TEAM_SCORE", str(match.reported.vp_home))
    if match.reported.vp_away is not None:
        out.leaf("OPPOSING_TEAM_SCORE", str(match.reported.vp_away))
    if match.imps_home is not None:
        out.leaf("TEAM_IMPS", _fraction(match.imps_home))
    if match.imps_away is not None:
        out.leaf("OPPOSING_TEAM_IMPS", _fraction(match.imps_away))
    out.close("MATCH")


def _fraction(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return str(Decimal(value.numerator) / Decimal(value.denominator))


class _Writer:
    """Indented XML text, escaped as XML asks."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def raw(self, text: str) -> None:
        self.lines.append(text)

    def open(self, name: str, **attributes: str) -> None:
        attrs = "".join(f" {key}={quoteattr(value)}" for key, value in attributes.items())
        self.lines.append(f"{'  ' * self.depth}<{name}{attrs}>")
        self.depth += 1

    def close(self, name: str) -> None:
        self.depth -= 1
        self.lines.append(f"{'  ' * self.depth}</{name}>")

    def leaf(self, name: str, text: str) -> None:
        self.lines.append(f"{'  ' * self.depth}<{name}>{escape(text)}</{name}>")

    def bytes(self) -> bytes:
        return ("\n".join(self.lines) + "\n").encode("utf-8")
