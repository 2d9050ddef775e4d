"""The director's rulings: on one result (Laws F, 81, 84), on a board missing at the close, and on
irregular hands (Law B). A game that adjusts scores rules with its own form (``games.of(event)
.ruling_form``), built on the same :class:`RulingBase`.
"""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.auction.duplicate_laws import Discovery, Surplus
from scoring.shared.seats import Seat

from .. import games, limits
from ..models import SEAT_CHOICES, SIDE_CHOICES, Event, Ruling, Seating
from ..services.rulings import PRESETS


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


class RulingBase(forms.Form):
    """What every ruling form asks: the law and what happened, in the ``ruling`` prefix."""

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
        self.event = event
        # the law and what happened close every ruling form, after the fields of its kind
        self.order_fields([name for name in self.fields if name not in ("law", "reason")])

    def require_reason(self, data: dict[str, Any]) -> None:
        """A ruling says what happened: the reason is printed with it."""
        if not (data.get("reason") or "").strip():
            self.add_error("reason", "Say what happened: the reason is printed with the ruling.")


class RulingForm(RulingBase):
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

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, event=event, **kwargs)
        if not games.of(event).awards_points:
            # A game scored by tricks alone: awards and Auction's revoke penalty do not apply.
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
        self.require_reason(data)
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


def ruling_form(event: Event, data: Any = None) -> forms.Form:
    """The ruling form for the event's game."""
    return games.of(event).ruling_form(event, data)
