"""The director's forms: a night's plan, pair names, a traveller row, a correction, a ruling.

Each form converts what was typed into the values the services and the engine take
(``Plan``, ``Facts``), and each error sits on the field it concerns, worded as the engine
words it: "Eight is more than the seven odd tricks a declaration may name (Law 50)."
"""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

from django import forms
from django.utils import timezone

from scoring.auction.duplicate_laws import Discovery, Surplus
from scoring.auction.entry import parse_entry, parse_whist_entry
from scoring.contract.adjusted_entry import AdjustedEntry, parse_line
from scoring.contract.entry import ContractEntry
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat

from .. import limits
from ..games.contract.facts import result_text
from ..games.contract.settings import CONTRACT_OPTIONS, contract_problems
from ..models import SEAT_CHOICES, SIDE_CHOICES, Event, Pair, Result, Ruling, Seating, Section, Team
from ..scores.facts import revokes_of
from ..services.events import Plan
from ..services.results import Facts
from ..services.rulings import PRESETS
from .fields import NameField

HONOUR_FIELDS = ("honours_n", "honours_e", "honours_s", "honours_w")
# What a contract setting left empty stands for: the model's own default.
CONTRACT_DEFAULTS = {
    name: Event._meta.get_field(name).get_default() for name in CONTRACT_OPTIONS if name != "datum_drop"
}
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
GAME_CHOICES = sorted(Event.Game.choices, key=lambda choice: choice[0] != Event.Game.CONTRACT)
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
    game = forms.ChoiceField(label="Game", choices=GAME_CHOICES, initial=Event.Game.CONTRACT)
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
        label="Neuberg: factor a board with fewer results up to the full top (spec §2.2)",
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
        label="Sit-outs: scale a pair's total to the boards the others played (spec §5.8)", required=False
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
        game = data.get("game")
        if "slams" in self.fields and game != Event.Game.CONTRACT and not data.get("slams"):
            self.add_error("slams", "Choose the slam values: American (20 / 40) or English (50 / 100).")
        if game == Event.Game.CONTRACT and "method" in self.fields:
            problems = contract_problems(data.get("form") or "", self.contract_options(), data.get("pairs"))
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
        data = self.cleaned_data
        if data.get("game") == Event.Game.CONTRACT:
            return self.contract_options()
        return {
            "slams": data["slams"],
            "english_rule": data["english_rule"],
            "royals_distinct": data["royals_distinct"],
        }

    def contract_options(self) -> dict[str, Any]:
        """The scoring settings of a contract bridge night, as the event stores them."""
        data = self.cleaned_data
        options = {name: data.get(name) for name in CONTRACT_OPTIONS if name in self.fields}
        for name, value in CONTRACT_DEFAULTS.items():
            if options.get(name) in (None, "") and name in options:
                options[name] = value
        for name in ("neuberg", "scale_sit_outs", "awards_per_table"):
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


def _honour_field(seat: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=f"Honours {seat}",
        min_value=0,
        max_value=5,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "honour", "placeholder": "0"}),
        error_messages={
            "max_value": "At most 5: no seat holds more honours than there are (table of values).",
            "min_value": "A seat cannot hold fewer than no honours.",
            "invalid": "Write a whole number.",
        },
    )


class ResultFactsForm(forms.Form):
    """One table's result on one board, as typed off a traveller: ``3HX N 9`` and the honours by seat.

    For Duplicate Whist the result is the tricks N-S took, optionally after the trump suit: ``H 8``.
    For Duplicate Contract Bridge, contract, declarer and result: ``4HX N =``, ``3NT S -1``,
    ``4S E 10`` or ``PASS`` (Law 77: no honours, no dealer's one spade).
    """

    entry = forms.CharField(
        label="Result",
        max_length=limits.ASSIGNED,  # a weighted score of three shares is a line of 40 characters
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "class": "entry",
            }
        ),
        error_messages={
            "required": "Write the result, for example 3HX N 9.",
            **limits.max_length_message("The result"),
        },
    )
    honours_n = _honour_field("N")
    honours_e = _honour_field("E")
    honours_s = _honour_field("S")
    honours_w = _honour_field("W")
    dealers_one_spade = forms.BooleanField(label="Dealer's one spade (Law 48)", required=False)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        if event.is_contract:
            for name in (*HONOUR_FIELDS, "dealers_one_spade"):
                del self.fields[name]
            self.fields["entry"].widget.attrs["placeholder"] = "4HX N ="
            self.fields["entry"].error_messages["required"] = "Write the result, for example 4HX N = or PASS."
        elif event.is_whist:
            for name in (*HONOUR_FIELDS, "dealers_one_spade"):
                del self.fields[name]
            self.fields["entry"].label = "Tricks N-S"
            self.fields["entry"].widget.attrs["placeholder"] = "H 8"
            self.fields["entry"].error_messages["required"] = (
                "Write the tricks North-South took, for example 8."
            )
        else:
            self.fields["entry"].widget.attrs["placeholder"] = "3HX N 9"

    # A traveller row and its preview read the adjusted scores a director types (Law 12C, 87B);
    # a correction of the table's facts does not: an adjusted score is a ruling.
    allows_adjusted = False

    def clean_entry(self) -> Any:
        text = self.cleaned_data["entry"]
        try:
            if self.event.is_contract:
                entry = parse_line(text)
                if not isinstance(entry, ContractEntry) and not self.allows_adjusted:
                    raise forms.ValidationError(
                        f"{entry.words}: an adjusted score is the director's ruling; record it under "
                        "Rulings below (Law 12C).",
                        code="adjusted",
                    )
                return entry
            if self.event.is_whist:
                return parse_whist_entry(text)
            return parse_entry(text, allow_pass=self.event.english_rule)
        except ScoringError as error:
            raise forms.ValidationError(str(error), code="entry") from error

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        entry = data.get("entry")
        if self.event.is_whist or self.event.is_contract or entry is None:
            return data
        contract = entry.contract
        counts = [data.get(name) or 0 for name in HONOUR_FIELDS]
        if contract is None and sum(counts):
            self.add_error("honours_w", "A deal passed out has no trumps, so no honours are scored.")
        elif contract is not None and sum(counts) > contract.strain.honours_in_play:
            what = (
                "four aces at no trump"
                if contract.strain.is_no_trump
                else "five honours (A K Q J 10 of trumps)"
            )
            self.add_error(
                "honours_w",
                f"The seats hold {sum(counts)} honours, but there are only {what} (table of values).",
            )
        # The dealer's one spade (Law 48) is checked with the board's dealer by Facts.validate.
        return data

    def adjusted(self) -> AdjustedEntry | None:
        """The adjusted score typed in place of a result (contract bridge), or None; when ``is_valid()``."""
        entry = self.cleaned_data.get("entry")
        return entry if self.event.is_contract and not isinstance(entry, ContractEntry) else None

    def facts(self, revokes: tuple[Any, ...] = ()) -> Facts:
        """The facts for the services; call only when ``is_valid()`` and not ``adjusted()``."""
        data = self.cleaned_data
        if self.event.is_contract:
            played: ContractEntry = data["entry"]
            return Facts(
                bridge=True, contract=played.contract, declarer=played.declarer, tricks=played.tricks or 0
            )
        if self.event.is_whist:
            trumps, tricks = data["entry"]
            return Facts(whist=True, tricks=tricks, trumps=trumps.code if trumps else "")
        entry = data["entry"]
        honours = tuple(data.get(name) or 0 for name in HONOUR_FIELDS)
        return Facts(
            contract=entry.contract,
            declarer=entry.declarer,
            tricks=entry.tricks,
            honours=(honours[0], honours[1], honours[2], honours[3]),
            dealers_one_spade=bool(data.get("dealers_one_spade")),
            revokes=revokes,
        )


class EntryRowForm(ResultFactsForm):
    """A traveller row: the facts, the seating they belong to, and the key that makes a resend harmless."""

    seating = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=999_999_999)
    request_key = forms.UUIDField(
        widget=forms.HiddenInput, error_messages={"required": "Reload the page: the row lost its key."}
    )

    allows_adjusted = True

    def __init__(self, *args: Any, event: Event, seating: Seating | None = None, **kwargs: Any) -> None:
        if seating is not None:
            kwargs.setdefault("initial", {"seating": seating.pk, "request_key": uuid.uuid4()})
            kwargs.setdefault("auto_id", f"row{seating.pk}_%s")
        super().__init__(*args, event=event, **kwargs)


def entry_text(result: Result, event: Event) -> str:
    """A stored result written back as compact text: ``3HX N 9``, ``pass``, ``H 8`` or ``4HX N =``."""
    if event.is_contract:
        return "" if result.not_played else result_text(result)
    if event.is_whist:
        return f"{result.trumps} {result.tricks}".strip()
    if result.passed_out or result.level is None:
        return "pass"
    return f"{result.contract_text} {result.declarer} {result.tricks}"


class CorrectionForm(ResultFactsForm):
    """A director's correction: the facts as they should be, and why (kept in the audit log, Law E)."""

    reason = forms.CharField(
        label="Why is it corrected?",
        max_length=limits.REASON,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={
            "required": "Say why the result is corrected: the reason is kept in the audit log.",
            **limits.max_length_message("The reason"),
        },
    )

    @classmethod
    def for_result(cls, result: Result, event: Event, data: Any = None) -> CorrectionForm:
        initial = {"entry": entry_text(result, event), "dealers_one_spade": result.dealers_one_spade}
        initial.update(zip(HONOUR_FIELDS, result.honours, strict=True))
        return cls(data, event=event, initial=initial, prefix="correct")

    def result_facts(self, result: Result) -> Facts:
        """The corrected facts, keeping the revokes the table reported (a ruling handles new ones)."""
        return self.facts(revokes_of(result))


class ReasonForm(forms.Form):
    """A reason, required: for deleting a result, settling a dispute or undoing a ruling."""

    reason = forms.CharField(
        label="Reason",
        max_length=limits.REASON,
        widget=forms.TextInput(),
        error_messages={
            "required": "Give the reason: it is kept in the audit log.",
            **limits.max_length_message("The reason"),
        },
    )


class MissingRulingForm(forms.Form):
    """The director's word on a board with no result at the close (``services.closing.rule_missing``).

    The button pressed says which: an artificial adjusted score for each side (Law 12C2), or not
    played. The reason is required: it is kept in the audit log."""

    choice = forms.ChoiceField(
        choices=[("adjusted", "Adjusted score"), ("not_played", "Not played")],
        error_messages={"required": "Choose an adjusted score or not played."},
    )
    ns_average = forms.ChoiceField(
        label="N-S", choices=Ruling.Average.choices, required=False, initial=Ruling.Average.AVERAGE
    )
    ew_average = forms.ChoiceField(
        label="E-W", choices=Ruling.Average.choices, required=False, initial=Ruling.Average.AVERAGE
    )
    reason = forms.CharField(
        label="Why",
        max_length=limits.REASON,
        widget=forms.TextInput(attrs={"placeholder": "why the board has no result"}),
        error_messages={
            "required": "Say why the board has no result: it is kept in the audit log.",
            **limits.max_length_message("The reason"),
        },
    )


PRESET_CHOICES = [
    ("", "—"),
    ("declaration_out_of_turn", "Declaration out of turn: 50 to the side chosen, partner barred (Law F)"),
    ("omitted_card", "Omitted card: 50 to the side chosen (Law 81)"),
]
KIND_CHOICES = [
    (Ruling.Kind.AWARD.value, "Penalty points to one side (an award)"),
    (Ruling.Kind.REVOKE.value, "An established revoke (Law 84, Law D)"),
    (Ruling.Kind.BARRED_BIDDER.value, "A player barred from the bidding"),
    (Ruling.Kind.NOTE.value, "A note for the record"),
]
DEFAULT_LAW = {
    Ruling.Kind.AWARD: "Director's award",
    Ruling.Kind.REVOKE: "Law 84, Law D",
    Ruling.Kind.BARRED_BIDDER: "Law F",
    Ruling.Kind.NOTE: "",
}


class RulingForm(forms.Form):
    """A ruling on one result: a preset (Law F, Law 81), an award, a revoke, a barred bidder or a note."""

    preset = forms.ChoiceField(label="Preset", choices=PRESET_CHOICES, required=False)
    kind = forms.ChoiceField(label="Kind", choices=KIND_CHOICES, initial=Ruling.Kind.AWARD, required=False)
    side = forms.ChoiceField(
        label="Side that receives the points", choices=[("", "—"), *SIDE_CHOICES], required=False
    )
    points = forms.IntegerField(
        label="Points",
        min_value=1,
        max_value=10_000,
        required=False,
        error_messages={
            "max_value": "At most 10,000 points in one award.",
            "min_value": "Award at least 1 point.",
        },
    )
    seat = forms.ChoiceField(
        label="Seat (revoke: who revoked; barred: who may not bid)",
        choices=[("", "—"), *SEAT_CHOICES],
        required=False,
    )
    revoke_penalty = forms.ChoiceField(
        label="Declarer's election (revoke)",
        choices=[("points", "100 points"), ("tricks", "three tricks")],
        required=False,
    )
    law = forms.CharField(
        label="Law",
        max_length=limits.LAW,
        required=False,
        error_messages=limits.max_length_message("The law"),
    )
    reason = forms.CharField(
        label="What happened",
        max_length=limits.NOTE,
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        error_messages=limits.max_length_message("The note"),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "ruling")
        super().__init__(*args, **kwargs)
        if event.is_whist:
            # Duplicate Whist is scored by tricks alone: awards and Auction's revoke penalty do not apply.
            self.fields["preset"].choices = [("", "—")]
            self.fields["kind"].choices = [(Ruling.Kind.NOTE.value, "A note for the record")]
            self.fields["kind"].initial = Ruling.Kind.NOTE

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        preset = PRESETS.get(data.get("preset") or "")
        if preset is not None:
            data["kind"] = preset["kind"]
            data["points"] = preset["points"]
            data["law"] = data.get("law") or preset["law"]
            data["reason"] = data.get("reason") or preset["reason"]
        kind = data.get("kind") or Ruling.Kind.AWARD
        data["kind"] = kind
        data["law"] = data.get("law") or DEFAULT_LAW.get(kind, "")
        if kind == Ruling.Kind.AWARD:
            if not data.get("side"):
                self.add_error("side", "Say which side receives the points.")
            if not data.get("points") and "points" not in self.errors:
                self.add_error("points", "Say how many points are awarded.")
        if kind in (Ruling.Kind.REVOKE, Ruling.Kind.BARRED_BIDDER) and not data.get("seat"):
            self.add_error(
                "seat", "Say which seat revoked." if kind == Ruling.Kind.REVOKE else "Say who is barred."
            )
        if not (data.get("reason") or "").strip():
            self.add_error("reason", "Say what happened: the reason is printed with the ruling.")
        return data

    def rulings(self) -> list[dict[str, Any]]:
        """The rulings to record, as keyword arguments for ``add_ruling``; call only when ``is_valid()``."""
        data = self.cleaned_data
        kind = data["kind"]
        first: dict[str, Any] = {"kind": kind, "law": data["law"], "reason": data["reason"].strip()}
        if kind == Ruling.Kind.AWARD:
            first.update(side=data["side"], points=data["points"])
        elif kind == Ruling.Kind.REVOKE:
            first.update(seat=data["seat"], revoke_penalty=data.get("revoke_penalty") or "points")
        elif kind == Ruling.Kind.BARRED_BIDDER:
            first.update(seat=data["seat"])
        rulings = [first]
        if data.get("preset") == "declaration_out_of_turn" and data.get("seat"):
            seat = Seat.parse(data["seat"]).name_word
            rulings.append(
                {
                    "kind": Ruling.Kind.BARRED_BIDDER,
                    "law": "Law F",
                    "seat": data["seat"],
                    "reason": f"{seat}, the offender's partner, may not bid again on the deal (Law F).",
                }
            )
        return rulings


DISCOVERY_CHOICES = [
    (Discovery.BEFORE_OR_DURING_ORIGINAL_PLAY.value, "Before or during the original play (Law B (1))"),
    (Discovery.WHEN_TAKEN_UP_FOR_OVERPLAY.value, "When taken up for overplay, before it began (Law B (2))"),
    (Discovery.AFTER_OVERPLAY_BEGAN.value, "After the overplay began (Law B (3))"),
]
SURPLUS_CHOICES = [
    ("", "—"),
    (Surplus.PARTNER.value, "The short player's partner"),
    (Surplus.ADVERSARY.value, "An adversary of the short player"),
]


class IrregularHandsForm(forms.Form):
    """Cards found wrong at a table: when, who held the surplus, the short player's side (Law B)."""

    seating = forms.TypedChoiceField(label="Table and round", coerce=int)
    discovered = forms.ChoiceField(label="When was it found?", choices=DISCOVERY_CHOICES)
    surplus_with = forms.ChoiceField(
        label="Who held the surplus cards?", choices=SURPLUS_CHOICES, required=False
    )
    short_side = forms.ChoiceField(label="The short player's side", choices=SIDE_CHOICES)

    def __init__(self, seatings: list[Seating], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seatings = {s.pk: s for s in seatings}
        self.fields["seating"].choices = [
            (s.pk, f"Round {s.round}, table {s.table.number}: {s.ns.label} v {s.ew.label}") for s in seatings
        ]

    def chosen_seating(self) -> Seating:
        return self.seatings[self.cleaned_data["seating"]]

    def law_b(self) -> dict[str, Any]:
        """The facts Law B turns on, as ``rule_irregular_hands`` takes them."""
        data = self.cleaned_data
        return {
            "discovered": data["discovered"],
            "surplus_with": data.get("surplus_with") or None,
            "short_side": data["short_side"],
        }


__all__ = [
    "CorrectionForm",
    "EntryRowForm",
    "EventForm",
    "IrregularHandsForm",
    "PairsForm",
    "ReasonForm",
    "ResultFactsForm",
    "RulingForm",
    "entry_text",
]
