"""How a Duplicate Contract Bridge event is scored: the settings, and the combinations refused.

The director picks the method when the night is set up (and may change it until the night is
closed): matchpoints, Butler or cross-IMPs for pairs (Law 78A, 78B; spec §2, §3.2, §3.3);
IMPs, board-a-match or total points for teams (Law 78B, 78C; spec §3.4), with Victory Points
on the WBF continuous scale for an event of several matches (spec §3.5); and the artificial
adjusted scores of Law 12C2 as percentages (60/50/40 unless the event says otherwise).
Every path that writes these settings (the wizard, the details page, a command) calls
:func:`check_contract_options`, so no combination the laws make nonsense of is ever stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from scoring.contests.matchpoints import Scale

from ...models import Event, Ruling

CONTRACT_OPTIONS = (
    "method",
    "scale",
    "neuberg",
    "datum_drop",
    "datum_rounding",
    "cross_imps",
    "victory_points",
    "average_plus",
    "average",
    "average_minus",
    "scale_sit_outs",
    "award_imps",
    "awards_per_table",
)
"""The event's fields that say how a contract bridge night is scored."""
# What a setting left empty stands for: the model's own default.
CONTRACT_DEFAULTS = {
    name: Event._meta.get_field(name).get_default() for name in CONTRACT_OPTIONS if name != "datum_drop"
}
# Contract bridge is scored by Law 77 alone: its director adjusts the score (Law 12), he does not
# award Foster's honour points, a revoke's 100 points or Law B's extremes.
CONTRACT_KINDS = frozenset(
    {
        Ruling.Kind.ARTIFICIAL,
        Ruling.Kind.ASSIGNED,
        Ruling.Kind.WITHDRAWN,
        Ruling.Kind.NOT_PLAYED,
        Ruling.Kind.FOULED,
        Ruling.Kind.NOTE,
    }
)

PAIR_METHODS = (Event.Method.MATCHPOINTS, Event.Method.BUTLER, Event.Method.CROSS_IMPS)
TEAM_METHODS = (Event.Method.TEAM_IMPS, Event.Method.BOARD_A_MATCH, Event.Method.TOTAL_POINTS)
MOST_DROPPED = 10
MOST_AWARD_IMPS = 24


class OptionRefused(ValueError):
    """A scoring setting that cannot stand, on the field it concerns."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def contract_problems(form: str, options: dict[str, Any], pairs: int | None = None) -> list[OptionRefused]:
    """Every reason the settings cannot score a contract bridge event of this form; [] when they can.

    ``pairs`` is the plan's number of pairs (a team event: pairs in each team), when known.
    """
    problems: list[OptionRefused] = []
    if form == Event.Form.TEAMS and pairs is not None and pairs != 2:
        problems.append(
            OptionRefused(
                "A contract bridge team match is played by teams of four: two pairs a team, one "
                "sitting N-S and one E-W at each of the two tables (Law 78B).",
                "pairs",
            )
        )
    method = options.get("method") or Event.Method.MATCHPOINTS
    if method not in Event.Method.values:
        problems.append(OptionRefused(f"{method!r} is not a way to score contract bridge.", "method"))
    elif form == Event.Form.TEAMS and method not in TEAM_METHODS:
        problems.append(
            OptionRefused(
                f"{Event.Method(method).label} scores a pair contest; a team match is scored by IMPs, "
                "board-a-match or total points (Law 78B, 78C).",
                "method",
            )
        )
    elif form == Event.Form.PAIRS and method not in PAIR_METHODS:
        problems.append(
            OptionRefused(
                f"{Event.Method(method).label} scores a team match; pairs are scored by matchpoints, "
                "Butler IMPs or cross-IMPs (Law 78A, 78B).",
                "method",
            )
        )
    for name, choices in (
        ("scale", Event.Scale),
        ("datum_rounding", Event.DatumRounding),
        ("cross_imps", Event.CrossImps),
        ("victory_points", Event.VictoryPoints),
    ):
        value = options.get(name)
        if value is not None and value not in choices.values:
            problems.append(OptionRefused(f"{value!r} is not a choice here.", name))
    if options.get("victory_points") and form != Event.Form.TEAMS:
        problems.append(
            OptionRefused(
                "Victory Points convert a team match's IMPs (Law 78D): pairs have none.", "victory_points"
            )
        )
    if options.get("victory_points") and method != Event.Method.TEAM_IMPS:
        problems.append(
            OptionRefused(
                "Victory Points are read from a match's IMP margin: score the teams by IMPs.",
                "victory_points",
            )
        )
    drop = options.get("datum_drop")
    if drop is not None and not (isinstance(drop, int) and 0 <= drop <= MOST_DROPPED):
        problems.append(
            OptionRefused(f"Drop 0 to {MOST_DROPPED} scores at each end of a board (Law 78B).", "datum_drop")
        )
    award = options.get("award_imps")
    if award is not None and not _award_ok(award):
        problems.append(
            OptionRefused(
                f"Average plus is worth 0 to {MOST_AWARD_IMPS} IMPs, in tenths (Law 12C2; spec §3.3).",
                "award_imps",
            )
        )
    problems.extend(_average_problems(options))
    return problems


def _award_ok(value: object) -> bool:
    """An Average plus worth 0 to 24 IMPs in tenths: 3, 1.5."""
    if isinstance(value, bool) or not isinstance(value, int | str | Decimal):
        return False
    try:
        award = Decimal(value)
    except InvalidOperation:
        return False
    return award.is_finite() and 0 <= award <= MOST_AWARD_IMPS and award == award.quantize(Decimal("0.1"))


def _average_problems(options: dict[str, Any]) -> list[OptionRefused]:
    """Law 12C2: average minus at most 40 %, average 50 %, average plus at least 60 % — in that order."""
    plus, average, minus = (options.get(name) for name in ("average_plus", "average", "average_minus"))
    problems = [
        OptionRefused("A percentage from 0 to 100.", name)
        for name, value in (("average_plus", plus), ("average", average), ("average_minus", minus))
        if value is not None and not (isinstance(value, int) and 0 <= value <= 100)
    ]
    if problems or not (isinstance(plus, int) and isinstance(average, int) and isinstance(minus, int)):
        return problems
    if not minus <= average <= plus:
        problems.append(
            OptionRefused(
                f"Average minus ({minus} %) is at most average ({average} %), and average at most average "
                f"plus ({plus} %): a side at fault never scores more than one in no way at fault (Law 12C2).",
                "average_plus",
            )
        )
    return problems


def neuberg_scale(form: str, settings: Mapping[str, Any]) -> Scale | None:
    """The matchpoint scale a night factors its boards played fewer times on, or None when it does not.

    Only a pair contest scored by matchpoints with Neuberg factors a board with fewer results up to
    the full top (Law 78A; the Neuberg formula).
    """
    if form != Event.Form.PAIRS:
        return None
    method, neuberg, scale = (_setting(settings, name) for name in ("method", "neuberg", "scale"))
    if method != Event.Method.MATCHPOINTS or not neuberg:
        return None
    return Scale.parse(scale)


def unfactored_words(settings: Mapping[str, Any], fix: str) -> str:
    """Why a night cannot score boards played unequally often, and what would mend it (Law 78A)."""
    method = _setting(settings, "method")
    if method == Event.Method.MATCHPOINTS:
        return (
            "Neuberg is off for this night, so a board played fewer times would have a smaller top "
            f"(Law 78A): turn Neuberg on, and those boards are factored up to the full top; {fix}"
        )
    return (
        f"Scored by {Event.Method(method).label}, a board played fewer times is not factored: score the "
        f"night by matchpoints with Neuberg (Law 78A), {fix}"
    )


def _setting(settings: Mapping[str, Any], name: str) -> Any:
    value = settings.get(name)
    return Event._meta.get_field(name).get_default() if value is None else value
