"""A contract bridge night's own forms: the director's rulings (Law 12's adjusted scores) and the
facts a table taps on its phone (Law 77: the contract, declarer and tricks, nothing else).

An artificial adjusted score gives each side Average-plus, Average or Average-minus (Law 12C2),
worth the event's percentages of the top (or +3, 0, −3 IMPs); an assigned adjusted score is the
result the board would likely have had, typed as a traveller line (Law 12C1) and scored by Law 77.
"""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.auction.core import check_tricks
from scoring.contract.adjusted_entry import (
    ArtificialScore,
    AssignedBySide,
    Fouled,
    NotPlayed,
    WeightedScore,
    parse_line,
)
from scoring.contract.deal import ContractBid
from scoring.contract.entry import ContractEntry
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat

from ... import limits
from ...forms.rulings import RulingBase
from ...forms.table import DOUBLINGS, SEATS, EntryMixin, ReasonMixin, radio_number
from ...models import Board, Event, Result, Ruling
from ...reports.common import SYMBOLS
from ...services.result_facts import Facts

BRIDGE_STRAINS = [(code, SYMBOLS[code]) for code in ("C", "D", "H", "S", "NT")]

AVERAGE_CHOICES = [("", "—"), *Ruling.Average.choices]
CONTRACT_KIND_CHOICES = [
    (
        Ruling.Kind.ARTIFICIAL.value,
        "Artificial adjusted score: Average-plus, Average, Average-minus (Law 12C2)",
    ),
    (Ruling.Kind.ASSIGNED.value, "Assigned adjusted score: the result the board would have had (Law 12C1)"),
    (Ruling.Kind.NOT_PLAYED.value, "Not played: left out of the board's comparison (Law 78A)"),
    (
        Ruling.Kind.FOULED.value,
        "Fouled board: the version the table played, scored in its own group (Law 87B)",
    ),
    (Ruling.Kind.NOTE.value, "A note for the record"),
]
CONTRACT_LAW = {
    Ruling.Kind.ARTIFICIAL: "Law 12C2",
    Ruling.Kind.ASSIGNED: "Law 12C1",
    Ruling.Kind.NOT_PLAYED: "Law 78A",
    Ruling.Kind.FOULED: "Law 87B",
    Ruling.Kind.NOTE: "",
}
# What the one text box may hold, by kind: the kind a typed adjusted score is kept as decides.
TYPED_KIND = {
    ArtificialScore: Ruling.Kind.ARTIFICIAL,
    AssignedBySide: Ruling.Kind.ASSIGNED,
    WeightedScore: Ruling.Kind.ASSIGNED,
    ContractEntry: Ruling.Kind.ASSIGNED,
    NotPlayed: Ruling.Kind.NOT_PLAYED,
}


class ContractRulingForm(RulingBase):
    """A ruling on a contract bridge result: an artificial adjusted score for each side (Law 12C2),
    an assigned result (Law 12C1, written as a traveller line: ``4S N =``), or a note."""

    kind = forms.ChoiceField(label="Kind", choices=CONTRACT_KIND_CHOICES, initial=Ruling.Kind.ARTIFICIAL)
    ns_average = forms.ChoiceField(label="N-S score (Law 12C2)", choices=AVERAGE_CHOICES, required=False)
    ew_average = forms.ChoiceField(label="E-W score (Law 12C2)", choices=AVERAGE_CHOICES, required=False)
    assigned = forms.CharField(
        label="Assigned result (Law 12C1), or as typed on a traveller",
        help_text="4S N =; NS 4S N =; EW 4S N -1 (Law 12C1(b)); 60% 4S N =; 40% 4S N -1 (Law 12C1(c)); "
        "A60/A40 (Law 12C2); NP; for a fouled board, the version the table played: 2 (Law 87B).",
        max_length=limits.ASSIGNED,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": "4S N =", "autocomplete": "off", "spellcheck": "false"}),
        error_messages=limits.max_length_message("The assigned result"),
    )

    def clean_assigned(self) -> str:
        return " ".join(self.cleaned_data.get("assigned", "").split())

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind = data.get("kind") or Ruling.Kind.ARTIFICIAL
        text = data.get("assigned") or ""
        if text and kind != Ruling.Kind.FOULED and "assigned" not in self.errors:
            kind = self._typed(data, text, kind)
        data["kind"] = kind
        data["law"] = data.get("law") or data.get("typed_law") or CONTRACT_LAW.get(kind, "")
        if kind == Ruling.Kind.ARTIFICIAL and not text:
            for name, side in (("ns_average", "North-South"), ("ew_average", "East-West")):
                if not data.get(name) and name not in self.errors:
                    self.add_error(name, f"Give {side} Average-plus, Average or Average-minus (Law 12C2).")
        if kind in (Ruling.Kind.ASSIGNED, Ruling.Kind.FOULED) and not text and "assigned" not in self.errors:
            self.add_error(
                "assigned",
                "Write the version the table played, as 2 (Law 87B)."
                if kind == Ruling.Kind.FOULED
                else "Write the assigned result as a traveller line: 4S N =, 3NT S -1, PASS.",
            )
        self.require_reason(data)
        return data

    def _typed(self, data: dict[str, Any], text: str, kind: str) -> str:
        """Read the text box through the one parser; what it holds decides the kind (Laws 12C, 78A)."""
        try:
            entry = parse_line(text)
        except ScoringError as error:
            self.add_error("assigned", forms.ValidationError(str(error), code="assigned"))
            return kind
        if isinstance(entry, Fouled):
            self.add_error(
                "assigned",
                "For a fouled board choose its kind and write the version the table played (Law 87B).",
            )
            return kind
        data["assigned"] = entry.text
        data["typed_law"] = entry.law if not isinstance(entry, ContractEntry) else ""
        return TYPED_KIND[type(entry)]

    def rulings(self) -> list[dict[str, Any]]:
        """The ruling to record, as keyword arguments for ``add_ruling``; call only when ``is_valid()``."""
        data = self.cleaned_data
        ruling: dict[str, Any] = {"kind": data["kind"], "law": data["law"], "reason": data["reason"].strip()}
        if data["kind"] == Ruling.Kind.ARTIFICIAL and not data["assigned"]:
            ruling.update(ns_average=data["ns_average"], ew_average=data["ew_average"])
        elif data["kind"] in (Ruling.Kind.ARTIFICIAL, Ruling.Kind.ASSIGNED, Ruling.Kind.FOULED):
            ruling.update(assigned=data["assigned"])
        return [ruling]


class ContractFactsForm(forms.Form):
    """The facts of one deal of Duplicate Contract Bridge: the contract, declarer and tricks, or a pass-out.

    No honours, no dealer's one spade, no revokes: Law 77 scores the contract and the tricks alone.
    """

    passed_out = forms.BooleanField(label="Passed out: all four players passed (Law 22A)", required=False)
    level = radio_number("Level", range(1, 8), required=False)
    strain = forms.ChoiceField(
        label="Denomination",
        choices=BRIDGE_STRAINS,
        widget=forms.RadioSelect,
        required=False,
        error_messages={"invalid_choice": "Tap ♣ ♦ ♥ ♠ or NT: the denomination of the final contract."},
    )
    doubling = forms.ChoiceField(
        label="Doubled?",
        choices=DOUBLINGS,
        widget=forms.RadioSelect,
        required=False,
        initial="",
        error_messages={"invalid_choice": "Tap —, X or XX: a contract is doubled or redoubled once at most."},
    )
    declarer = forms.ChoiceField(
        label="Declarer",
        choices=SEATS,
        widget=forms.RadioSelect,
        required=False,
        error_messages={"invalid_choice": "Tap N, E, S or W: the declarer's seat."},
    )
    tricks = radio_number("Tricks won by the declarer's side", range(14), required=False)

    deal_board: Board | None = None

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event = event

    def board_for_facts(self) -> Board | None:
        return self.deal_board

    def clean_level(self) -> int | None:
        level = self.cleaned_data.get("level")
        if level is not None:
            try:
                ContractBid(level, "NT")
            except ScoringError as error:
                raise forms.ValidationError(str(error), code="level") from error
        return level

    def clean_tricks(self) -> int | None:
        tricks = self.cleaned_data.get("tricks")
        if tricks is not None:
            try:
                check_tricks(tricks)
            except ScoringError as error:
                raise forms.ValidationError(str(error), code="tricks") from error
        return tricks

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("passed_out"):
            return data
        for name, message in (
            ("level", "Tap the level of the final contract, 1 to 7."),
            ("strain", "Tap the denomination of the final contract: ♣ ♦ ♥ ♠ or NT."),
            ("declarer", "Tap the declarer: who first bid the final contract's denomination for his side."),
            ("tricks", "Tap how many tricks the declarer's side won, 0 to 13."),
        ):
            if name not in self.errors and data.get(name) in (None, ""):
                self.add_error(name, message)
        return data

    def facts(self) -> Facts:
        """The engine's view of what was tapped; call only when ``is_valid()``."""
        data = self.cleaned_data
        if data.get("passed_out"):
            return Facts(game="contract")
        return Facts(
            game="contract",
            contract=ContractBid(data["level"], data["strain"], data.get("doubling") or ""),
            declarer=Seat.parse(data["declarer"]),
            tricks=data["tricks"],
        )

    @staticmethod
    def initial_from(result: Result) -> dict[str, Any]:
        return {
            "passed_out": result.passed_out,
            "level": result.level,
            "strain": result.strain,
            "doubling": result.doubling,
            "declarer": result.declarer,
            "tricks": None if result.passed_out else result.tricks,
        }


class ContractEntryForm(EntryMixin, ContractFactsForm):
    pass


class ContractCorrectionForm(ContractFactsForm, ReasonMixin):
    pass
