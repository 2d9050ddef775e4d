"""The deal calculator's form: facts of one deal in, a ``scoring.auction.deal.Deal`` out.

Each error sits on the field it concerns and quotes the law, as the engine words it.
"""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.auction.core import Contract, check_tricks
from scoring.auction.deal import (
    Award,
    Deal,
    Options,
    Revoke,
    RevokePenalty,
    SlamScale,
    check_dealers_one_spade,
)
from scoring.contract.deal import ContractScore, score_contract
from scoring.contract.entry import ContractEntry, parse_result
from scoring.shared.errors import ContractError, ScoringError
from scoring.shared.seats import Seat, Side

from ..games.base import HONOUR_FIELDS

SEATS = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]
REVOKE_BY = [("", "—"), *SEATS]
ELECTIONS = [("points", "100 points"), ("tricks", "three tricks")]


def _count_field(label: str, maximum: int) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=maximum,
        initial=0,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={
            "max_value": f"At most {maximum}: no seat holds more honours than there are (table of values).",
            "min_value": "A seat cannot hold fewer than no honours.",
            "invalid": "Write a whole number.",
        },
    )


class DealForm(forms.Form):
    """One four-hand deal of Auction Bridge, as a director reads it off a traveller."""

    contract = forms.CharField(
        label="Final declaration",
        max_length=8,
        help_text="Level, strain (S C D H R NT) and X or XX: 3NTX, 2R, 4H.",
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off", "placeholder": "4H"}
        ),
    )
    declarer = forms.ChoiceField(label="Declarer", choices=SEATS)
    tricks = forms.IntegerField(
        label="Tricks won by the declarer's side",
        min_value=0,
        max_value=13,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={
            "max_value": "A deal has thirteen tricks; the declarer's side cannot win more.",
            "min_value": "Tricks cannot be fewer than none.",
            "invalid": "Write the number of tricks, 0 to 13.",
        },
    )
    honours_n = _count_field("North", 5)
    honours_e = _count_field("East", 5)
    honours_s = _count_field("South", 5)
    honours_w = _count_field("West", 5)
    dealers_one_spade = forms.BooleanField(
        label="The dealer's original one spade, never overbid (Law 48)", required=False
    )
    dealer = forms.ChoiceField(label="Dealer (if known)", choices=[("", "—"), *SEATS], required=False)
    revoke1_by = forms.ChoiceField(label="Revoke by", choices=REVOKE_BY, required=False)
    revoke1_penalty = forms.ChoiceField(label="Declarer's election", choices=ELECTIONS, required=False)
    revoke2_by = forms.ChoiceField(label="Second revoke by", choices=REVOKE_BY, required=False)
    revoke2_penalty = forms.ChoiceField(label="Declarer's election", choices=ELECTIONS, required=False)
    award_ns = _count_field("Penalty points to N-S", 10_000)
    award_ew = _count_field("Penalty points to E-W", 10_000)
    slams = forms.ChoiceField(
        label="Slams",
        choices=[("american", "American 20 / 40"), ("english", "English 50 / 100")],
        initial="american",
    )
    duplicate = forms.BooleanField(
        label="Duplicate Auction (125 premium, Law A)", required=False, initial=True
    )

    def clean_contract(self) -> Contract:
        try:
            return Contract.parse(self.cleaned_data["contract"])
        except ContractError as error:
            raise forms.ValidationError(str(error), code="contract") from error

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        contract = data.get("contract")
        if isinstance(contract, Contract):
            limit = contract.strain.honours_in_play
            counts = [data.get(name) or 0 for name in HONOUR_FIELDS]
            if sum(counts) > limit:
                what = "four aces at no trump" if limit == 4 else "five honours (A K Q J 10 of trumps)"
                self.add_error(
                    "honours_w",
                    f"The seats hold {sum(counts)} honours, but there are only {what} (table of values).",
                )
            if data.get("dealers_one_spade") and data.get("declarer"):
                dealer = Seat.parse(data["dealer"]) if data.get("dealer") else None
                try:
                    check_dealers_one_spade(contract, Seat.parse(data["declarer"]), dealer)
                except ScoringError as error:
                    self.add_error("dealers_one_spade", str(error))
        return data

    def to_deal(self) -> tuple[Deal, Options]:
        """The engine's view of the form; call only when ``is_valid()``."""
        data = self.cleaned_data
        revokes = tuple(
            Revoke(
                Seat.parse(data[f"revoke{i}_by"]),
                RevokePenalty.parse(data.get(f"revoke{i}_penalty") or "points"),
            )
            for i in (1, 2)
            if data.get(f"revoke{i}_by")
        )
        awards = tuple(
            Award(Side.parse(side), points, law="Director's award")
            for side, points in (("NS", data.get("award_ns") or 0), ("EW", data.get("award_ew") or 0))
            if points
        )
        deal = Deal(
            contract=data["contract"],
            declarer=Seat.parse(data["declarer"]),
            tricks=check_tricks(data["tricks"]),
            honours=(
                data.get("honours_n") or 0,
                data.get("honours_e") or 0,
                data.get("honours_s") or 0,
                data.get("honours_w") or 0,
            ),
            dealers_one_spade=bool(data.get("dealers_one_spade")),
            revokes=revokes,
            awards=awards,
        )
        return deal, Options(slams=SlamScale.parse(data["slams"]), duplicate=bool(data.get("duplicate")))


class ContractDealForm(forms.Form):
    """A Duplicate Contract Bridge deal as a traveller writes it (``4HX N =``), and whether the
    declaring side is vulnerable: Law 77 scores it."""

    result = forms.CharField(
        label="Contract, declarer and result",
        max_length=24,
        widget=forms.TextInput(
            attrs={"placeholder": "4HX N =", "autocomplete": "off", "autocapitalize": "characters"}
        ),
        error_messages={"required": "Write the deal as a traveller does: 4HX N =, 3NT S -1 or PASS."},
    )
    vulnerable = forms.BooleanField(label="The declaring side is vulnerable (Law 77)", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "bridge")
        super().__init__(*args, **kwargs)

    def clean_result(self) -> ContractEntry:
        try:
            return parse_result(self.cleaned_data["result"])
        except ScoringError as error:
            raise forms.ValidationError(str(error), code="result") from error

    def score(self) -> ContractScore:
        """The deal's score by Law 77; call only when ``is_valid()``."""
        entry: ContractEntry = self.cleaned_data["result"]
        return score_contract(entry.contract, entry.declarer, entry.tricks, self.cleaned_data["vulnerable"])
