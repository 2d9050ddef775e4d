"""A night's plan and its movement: built by the engine's generators and proved by its checker
before anything is saved (spec §5; Laws B, G, 78A), and a saved movement read back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring.contests import movements
from scoring.shared.errors import MovementError, ScoringError

from .. import games
from ..models import Board, Event, Pair, Seating, Section

EVEN_MITCHELLS = (Section.Movement.RELAY_MITCHELL, Section.Movement.SKIP_MITCHELL)


class SetupRefused(Exception):
    """A night that cannot be set up as asked; the message says why."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Plan:
    """What the director asked for: enough to build and check the movement."""

    game: str
    form: str
    movement: str
    pairs: int  # pairs in a pair contest, or pairs a team in a team match
    boards_per_round: int
    rounds: int | None = None
    boards: int | None = None  # team matches: how many deals

    def build(self) -> movements.Movement:
        """The movement for this plan, from the engine's generators (spec §5; Laws B, G)."""
        try:
            if self.form == Event.Form.TEAMS or self.movement in (
                Section.Movement.TEAMS,
                Section.Movement.TWO_TABLE,
            ):
                board_count = self.boards or self.boards_per_round * max(self.pairs, 2)
                if self.movement == Section.Movement.TWO_TABLE:
                    return movements.two_table(board_count, self.boards_per_round)
                return movements.team_match(self.pairs, board_count, self.boards_per_round)
            if self.pairs < 3:
                raise SetupRefused("A pair contest needs at least three pairs.", "pairs")
            tables, odd = (self.pairs + 1) // 2, self.pairs % 2 == 1
            if self.movement == Section.Movement.HOWELL:
                return movements.howell(tables, self.boards_per_round, phantom=odd)
            even = self._even_tables(tables)
            return movements.mitchell(
                tables, self.boards_per_round, rounds=self.rounds, phantom=odd, even=even
            )
        except ScoringError as error:
            raise SetupRefused(str(error), "movement") from error

    def _even_tables(self, tables: int) -> str:
        """The Mitchell asked for, refused where the number of tables cannot play it (spec §5.2, §5.3)."""
        if self.movement == Section.Movement.MITCHELL and tables % 2 == 0 and tables >= 4:
            raise SetupRefused(
                f"{self.pairs} pairs make {tables} tables, an even number: in a plain Mitchell the E-W "
                f"pairs would meet again, after round {tables // 2}, boards they have already played. "
                "Choose the Mitchell with a relay and bye stand (every round played) or the Mitchell "
                f"with a skip (the E-W pairs skip a table after round {tables // 2}; one round fewer).",
                "movement",
            )
        if self.movement in EVEN_MITCHELLS and tables % 2:
            raise SetupRefused(
                f"{self.pairs} pairs make {tables} tables, an odd number: choose the plain Mitchell. "
                "A relay or a skip is for an even number of tables.",
                "movement",
            )
        return "skip" if self.movement == Section.Movement.SKIP_MITCHELL else "relay"


SECTION_MOVEMENT = {
    movements.MovementKind.MITCHELL: Section.Movement.MITCHELL,
    movements.MovementKind.RELAY_MITCHELL: Section.Movement.RELAY_MITCHELL,
    movements.MovementKind.SKIP_MITCHELL: Section.Movement.SKIP_MITCHELL,
    movements.MovementKind.HOWELL: Section.Movement.HOWELL,
    movements.MovementKind.TWO_TABLE: Section.Movement.TWO_TABLE,
    movements.MovementKind.TEAM: Section.Movement.TEAMS,
    movements.MovementKind.ENTERED: Section.Movement.CUSTOM,
}
MOVEMENT_KIND = {section: kind for kind, section in SECTION_MOVEMENT.items()}


def check_plan(
    plan: Plan, settings: Mapping[str, Any] | None = None
) -> tuple[movements.Movement, movements.MovementReport]:
    """Build the movement and the checker's verdict, shown to the director before play starts.

    ``settings`` are the night's scoring settings (the event's fields, the model's defaults for
    those not given): a night scored by matchpoints with Neuberg may play its boards unequally
    often, the checker saying how they are factored (Law 78A); any other is refused, with what
    would mend it.
    """
    movement = plan.build()
    scale = games.of(plan.game).neuberg_scale(plan.form, settings or {})
    report = movements.check(movement, neuberg=scale)
    if scale is None and len({plays.times for plays in report.boards if plays.times}) > 1:
        problems = (*report.problems, _unfactored(plan, settings or {}))
        report = replace(report, ok=False, problems=problems)
    return movement, report


def _unfactored(plan: Plan, settings: Mapping[str, Any]) -> str:
    """Why a night cannot score boards played unequally often, and what would mend it."""
    fix = "or play the full movement (leave Rounds empty), so that every board is played as often."
    return games.of(plan.game).unfactored_words(settings, fix)


def unequal_boards(event: Event) -> str:
    """How the event's saved movements play their boards unequally often, as "boards 1-20: 5 times;
    boards 21-24: 6 times", or "" when every section plays each of its boards as often."""
    for section in event.sections.all():
        report = movements.check(movement_of(section))
        counts: dict[int, list[int]] = {}
        for plays in report.boards:
            if plays.times:
                counts.setdefault(plays.times, []).append(plays.board)
        if len(counts) > 1:
            return "; ".join(
                f"{movements.boards_text(boards)}: {times} times" for times, boards in sorted(counts.items())
            )
    return ""


def movement_of(section: Section) -> movements.Movement:
    """The section's movement as saved, read back for guide cards and the checker."""
    seatings = Seating.objects.filter(section=section).select_related("table", "ns", "ew")
    phantom = Pair.objects.filter(section=section, is_phantom=True).values_list("label", flat=True).first()
    teams = None
    if section.event.is_teams:
        members: dict[str, list[str]] = {"A": [], "B": []}
        for label, team in Pair.objects.filter(section=section, team__isnull=False).values_list(
            "label", "team__label"
        ):
            members.setdefault(team, []).append(label)
        teams = (members["A"], members["B"])
    try:
        return movements.enter_movement(
            [
                movements.Seating(s.round, s.table.number, s.ns.label, s.ew.label, tuple(s.board_numbers))
                for s in seatings
            ],
            board_count=Board.objects.filter(section=section).count() or None,
            phantom=phantom,
            kind=MOVEMENT_KIND.get(section.movement, movements.MovementKind.ENTERED),
            teams=teams,
        )
    except MovementError as error:
        raise SetupRefused(str(error)) from error
