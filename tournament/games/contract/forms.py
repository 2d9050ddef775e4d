"""The director's forms for a contract bridge night's rulings: Law 12's adjusted scores.

An artificial adjusted score gives each side Average-plus, Average or Average-minus (Law 12C2),
worth the event's percentages of the top (or +3, 0, −3 IMPs); an assigned adjusted score is the
result the board would likely have had, typed as a traveller line (Law 12C1) and scored by Law 77.
"""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.contract.adjusted_entry import (
    ArtificialScore,
    AssignedBySide,
    Fouled,
    NotPlayed,
    WeightedScore,
    parse_line,
)
from scoring.contract.entry import ContractEntry
from scoring.shared.errors import ScoringError

from ... import limits
from ...forms.rulings import RulingBase
from ...models import Ruling

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
