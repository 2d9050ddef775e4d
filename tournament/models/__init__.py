"""The facts of a club duplicate night. Scores are never stored: ``scoring`` derives them.

A club has people with roles, players, and events. An event has sections; a section has
its movement (tables, rounds, who sits where, which boards), its pairs (and teams), its
boards, and the results recorded at the tables. Directors' rulings and every change to a
result are kept, with who, when, before, after and why.

One module a concern, each imported here, so ``from tournament.models import Result`` names
every model wherever it lives: ``clubs`` (clubs, roles, players), ``events`` (events, sections,
teams, pairs, substitutions), ``movement`` (boards, tables, seatings), ``results`` (results,
rulings), ``records`` (the audit log, imported files, a closed night's places) and ``jobs``
(work done after the answer).
"""

from ..querysets import (
    AuditEntryQuerySet,
    EventQuerySet,
    MembershipQuerySet,
    PairQuerySet,
    PlayerQuerySet,
    RecapSendQuerySet,
    ResultQuerySet,
    RulingQuerySet,
    SeatingQuerySet,
    TableQuerySet,
)
from .clubs import Club, Membership, Player
from .common import (
    NOT_IN_A_NAME,
    SEAT_CHOICES,
    SIDE_CHOICES,
    new_table_pin,
    new_table_secret,
    one_line_name,
)
from .events import Event, Pair, Section, Substitution, Team
from .jobs import PdfJob, RecapSend, SessionImportJob
from .movement import VULNERABILITY_CHOICES, Board, Seating, Table
from .records import AuditEntry, PairStanding, SessionFile
from .results import BoardPlay, Result, Ruling

__all__ = [
    "NOT_IN_A_NAME",
    "SEAT_CHOICES",
    "SIDE_CHOICES",
    "VULNERABILITY_CHOICES",
    "AuditEntry",
    "AuditEntryQuerySet",
    "Board",
    "BoardPlay",
    "Club",
    "Event",
    "EventQuerySet",
    "Membership",
    "MembershipQuerySet",
    "Pair",
    "PairQuerySet",
    "PairStanding",
    "PdfJob",
    "Player",
    "PlayerQuerySet",
    "RecapSend",
    "RecapSendQuerySet",
    "Result",
    "ResultQuerySet",
    "Ruling",
    "RulingQuerySet",
    "Seating",
    "SeatingQuerySet",
    "Section",
    "SessionFile",
    "SessionImportJob",
    "Substitution",
    "Table",
    "TableQuerySet",
    "Team",
    "new_table_pin",
    "new_table_secret",
    "one_line_name",
]
