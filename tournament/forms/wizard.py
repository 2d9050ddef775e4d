"""The wizard's forms: a new night's name, date, game and plan, and its pairs' and teams' names.

Each form converts what was typed into the values the services take (``Plan``); the game's
scoring settings are the fields its game names (``games.of(...).option_fields``), and each
error sits on the field it concerns.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils import timezone

from .. import games, limits
from ..models import Event, Pair, Section, Team
from ..services.plans import Plan
from .fields import NameField

TEAM_MOVEMENTS = (Section.Movement.TEAMS, Section.Movement.TWO_TABLE)
MOST_PAIRS = 60
MOST_PAIRS_A_TEAM = 10
MOST_BOARDS_A_ROUND = 16
MOST_BOARDS = 64
# The wizard's choices say which number of tables each Mitchell is for (spec §5.2, §5.3).
# Every choice is short enough to show whole in its select on a 390 px phone (about 36 characters).
WHEN_TO_PLAY = {
    Section.Movement.MITCHELL: "Mitchell (odd number of tables)",
    Section.Movement.RELAY_MITCHELL: "Relay Mitchell, bye stand (even)",
    Section.Movement.SKIP_MITCHELL: "Skip Mitchell (even number of tables)",
}
SHORT_ROUNDING = {
    Event.DatumRounding.NEAREST10: "Nearest ten, a five away from zero",
    Event.DatumRounding.EVEN5: "Even ten, a five either way",
    Event.DatumRounding.NONE: "Not rounded: the exact mean",
}
SHORT_METHOD = {**dict(Event.Method.choices), Event.Method.BUTLER: "Butler: IMPs against a datum"}
SHORT_SCALE = {Event.Scale.EUROPEAN: "European: 2 a win, 1 a tie", Event.Scale.ACBL: "ACBL: 1 a win, ½ a tie"}
# Duplicate Contract Bridge first: the game most clubs play (the Event's own choices keep their order).
GAME_CHOICES = sorted(Event.Game.choices, key=lambda choice: choice[0] != games.CONTRACT.key)
# The settings kept as yes or no, whatever a form's field gave.
BOOLEAN_OPTIONS = ("english_rule", "royals_distinct", "neuberg", "scale_sit_outs", "awards_per_table")
# The contract bridge settings each method reads; the wizard shows a field for its methods only.
METHOD_FIELDS = {
    "scale": (Event.Method.MATCHPOINTS,),
    "neuberg": (Event.Method.MATCHPOINTS,),
    "average_plus": (Event.Method.MATCHPOINTS,),
    "average": (Event.Method.MATCHPOINTS,),
    "average_minus": (Event.Method.MATCHPOINTS,),
    "datum_drop": (Event.Method.BUTLER,),
    "datum_rounding": (Event.Method.BUTLER,),
    "cross_imps": (Event.Method.CROSS_IMPS,),
    "awards_per_table": (Event.Method.CROSS_IMPS,),
    "award_imps": (Event.Method.BUTLER, Event.Method.CROSS_IMPS),
    "scale_sit_outs": (Event.Method.MATCHPOINTS, Event.Method.BUTLER, Event.Method.CROSS_IMPS),
    "victory_points": (Event.Method.TEAM_IMPS,),
}


def _number(label: str, low: int, high: int, what: str, **kwargs: Any) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={
            "min_value": f"At least {low} {what}.",
            "max_value": f"At most {high} {what}: no club night has more.",
            "invalid": "Write a whole number.",
            "required": f"Say how many {what}.",
        },
        **kwargs,
    )


class EventForm(forms.Form):
    """A new night: its name and date, the game, and the plan its movement is built from."""

    name = NameField(
        label="Name", what="The event's name", max_length=limits.EVENT_NAME, initial="Club night"
    )
    date = forms.DateField(
        label="Date",
        initial=timezone.localdate,
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    game = forms.ChoiceField(label="Game", choices=GAME_CHOICES, initial=games.CONTRACT.key)
    form = forms.ChoiceField(label="Form", choices=Event.Form.choices, initial=Event.Form.PAIRS)
    pairs = _number("Pairs (a team event: pairs in each team)", 2, MOST_PAIRS, "pairs", initial=8)
    boards_per_round = _number("Boards a round", 1, MOST_BOARDS_A_ROUND, "boards a round", initial=2)
    rounds = _number(
        "Rounds", 1, 30, "rounds", required=False, help_text="Leave empty for the full movement (Mitchell)."
    )
    boards = _number(
        "Deals in the match",
        1,
        MOST_BOARDS,
        "deals",
        required=False,
        help_text="Team match or two-table duplicate only; leave empty for a deal set a table.",
    )
    movement = forms.ChoiceField(
        label="Movement",
        choices=[
            (value, WHEN_TO_PLAY.get(value, label))
            for value, label in Section.Movement.choices
            if value != Section.Movement.CUSTOM
        ],
        initial=Section.Movement.MITCHELL,
        help_text="Pairs ÷ 2, rounded up, is the number of tables: an even number plays a relay or a skip.",
    )
    slams = forms.ChoiceField(label="Slams", choices=Event.Slams.choices, initial=Event.Slams.AMERICAN)
    english_rule = forms.BooleanField(
        label="English rule: the dealer may say “no bid” (note to Law H)", required=False
    )
    royals_distinct = forms.BooleanField(
        label="Spades and royals are different declarations (Law 46)",
        required=False,
        initial=True,
    )
    # Duplicate Contract Bridge: how the night is scored (spec §2, §3; Laws 12C2, 78).
    method = forms.ChoiceField(
        label="Contract bridge: scored by",
        choices=list(SHORT_METHOD.items()),
        initial=Event.Method.MATCHPOINTS,
        required=False,
    )
    scale = forms.ChoiceField(
        label="Matchpoint scale",
        choices=list(SHORT_SCALE.items()),
        initial=Event.Scale.EUROPEAN,
        required=False,
    )
    neuberg = forms.BooleanField(
        label="Neuberg: factor a board with fewer results up to the full top",
        required=False,
        initial=True,
    )
    datum_drop = _number(
        "Butler: scores left out of the datum at each end",
        0,
        10,
        "scores at each end",
        required=False,
        help_text="Empty: one at each end when a board has more than four scores, else none (Law 78B).",
    )
    datum_rounding = forms.ChoiceField(
        label="Butler: the datum rounded",
        choices=list(SHORT_ROUNDING.items()),
        initial=Event.DatumRounding.NEAREST10,
        required=False,
    )
    cross_imps = forms.ChoiceField(
        label="Cross-IMPs kept as",
        choices=Event.CrossImps.choices,
        initial=Event.CrossImps.SUM,
        required=False,
    )
    victory_points = forms.ChoiceField(
        label="Team matches: Victory Points",
        choices=Event.VictoryPoints.choices,
        initial=Event.VictoryPoints.NONE,
        required=False,
    )
    average_plus = _number("Average plus, % (Law 12C2)", 0, 100, "per cent", initial=60, required=False)
    average = _number("Average, % (Law 12C2)", 0, 100, "per cent", initial=50, required=False)
    average_minus = _number("Average minus, % (Law 12C2)", 0, 100, "per cent", initial=40, required=False)
    scale_sit_outs = forms.BooleanField(
        label="Sit-outs: scale a pair's total to the boards the others played", required=False
    )
    award_imps = forms.DecimalField(
        label="IMP pairs: IMPs for Average plus (Law 12C2)",
        min_value=0,
        max_value=24,
        max_digits=3,
        decimal_places=1,
        initial=Decimal("3.0"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "0.1"}),
        error_messages={
            "invalid": "Write a number of IMPs, as 3 or 1.5.",
            "min_value": "At least 0 IMPs.",
            "max_value": "At most 24 IMPs: the most a board can swing.",
            "max_decimal_places": "In tenths of an IMP at most, as 1.5.",
            "max_digits": "At most 24 IMPs, in tenths.",
        },
    )
    awards_per_table = forms.BooleanField(
        label="Summed cross-IMPs: an award counts once for every other table, adjusted ones too (Ruter)",
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "slams" in self.fields:
            self.fields["slams"].required = False  # contract bridge has no slam scale to choose
        # wizard.js shows each of these for its methods only; without the script every one shows.
        for name, methods in METHOD_FIELDS.items():
            if name in self.fields:
                self.fields[name].widget.attrs["data-methods"] = " ".join(methods)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        game = games.of(data["game"]) if data.get("game") else None
        asks_slams = game is None or "slams" in game.option_fields
        if "slams" in self.fields and asks_slams and not data.get("slams"):
            self.add_error("slams", "Choose the slam values: American (20 / 40) or English (50 / 100).")
        if game is not None and "method" in self.fields:
            problems = game.option_problems(data.get("form") or "", self.options(), data.get("pairs"))
            for problem in problems:
                if problem.field in self.fields and problem.field not in self.errors:
                    self.add_error(problem.field, str(problem))
        form, movement = data.get("form"), data.get("movement")
        if form == Event.Form.TEAMS and movement not in TEAM_MOVEMENTS:
            self.add_error("movement", "A team event plays a team match or two-table duplicate (Law G).")
        if form == Event.Form.TEAMS and (data.get("pairs") or 0) > MOST_PAIRS_A_TEAM:
            self.add_error(
                "pairs",
                f"At most {MOST_PAIRS_A_TEAM} pairs in each team: a match seats one of each at a table.",
            )
        if form == Event.Form.PAIRS and movement in TEAM_MOVEMENTS:
            self.add_error(
                "form", "A team match or two-table duplicate is played by teams: choose Teams (Law G)."
            )
        return data

    def plan(self) -> Plan:
        """The plan the movement is built from; call only when ``is_valid()``."""
        data = self.cleaned_data
        return Plan(
            game=data["game"],
            form=data["form"],
            movement=data["movement"],
            pairs=data["pairs"],
            boards_per_round=data["boards_per_round"],
            rounds=data.get("rounds"),
            boards=data.get("boards"),
        )

    def options(self) -> dict[str, Any]:
        """The chosen game's scoring settings, as the event stores them; when the game is valid."""
        data = self.cleaned_data
        game = games.of(data["game"])
        options = {name: data.get(name) for name in game.option_fields if name in self.fields}
        for name, value in game.option_defaults.items():
            if options.get(name) in (None, "") and name in options:
                options[name] = value
        for name in BOOLEAN_OPTIONS:
            if name in options:
                options[name] = bool(options.get(name))
        return options


class PairsForm(forms.Form):
    """Every pair's two players (type-ahead from the club's players) and, for a match, the team names."""

    def __init__(self, pairs: list[Pair], teams: list[Team], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pairs = [pair for pair in pairs if not pair.is_phantom]
        self.teams = teams
        for team in teams:
            self.fields[f"team_{team.pk}"] = NameField(
                label=f"Team {team.label}", what="A team's name", max_length=80, initial=team.name
            )
        for pair in self.pairs:
            for n, player in ((1, pair.player1), (2, pair.player2)):
                self.fields[f"pair_{pair.pk}_{n}"] = NameField(
                    label=f"Pair {pair.label}, player {n}",
                    what="A player's name",
                    max_length=limits.NAME,
                    required=False,
                    initial=player.name if player else "",
                    widget=forms.TextInput(attrs={"list": "club-players", "autocomplete": "off"}),
                )

    def pair_rows(self) -> list[tuple[Pair, forms.BoundField, forms.BoundField]]:
        return [(pair, self[f"pair_{pair.pk}_1"], self[f"pair_{pair.pk}_2"]) for pair in self.pairs]

    def team_rows(self) -> list[tuple[Team, forms.BoundField]]:
        return [(team, self[f"team_{team.pk}"]) for team in self.teams]

    def changed_pairs(self) -> list[tuple[Pair, str, str]]:
        """The pairs whose names were changed, with the new names."""
        rows = []
        for pair in self.pairs:
            first, second = (self.cleaned_data[f"pair_{pair.pk}_{n}"].strip() for n in (1, 2))
            now = tuple(p.name if p else "" for p in (pair.player1, pair.player2))
            if (first, second) != now:
                rows.append((pair, first, second))
        return rows

    def changed_teams(self) -> list[tuple[Team, str]]:
        return [
            (team, self.cleaned_data[f"team_{team.pk}"].strip())
            for team in self.teams
            if self.cleaned_data[f"team_{team.pk}"].strip() != team.name
        ]
