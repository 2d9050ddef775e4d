"""The director's forms for a contract bridge night's rulings: Law 12's adjusted scores.

An artificial adjusted score gives each side Average-plus, Average or Average-minus (Law 12C2),
worth the event's percentages of the top (or +3, 0, −3 IMPs); an assigned adjusted score is the
result the board would likely have had, typed as a traveller line (Law 12C1) and scored by Law 77.
"""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.contract.entry import parse_result
from scoring.shared.errors import ScoringError

from .. import limits
from ..models import Event, Ruling
from .director import RulingForm

AVERAGE_CHOICES = [("", "—"), *Ruling.Average.choices]
CONTRACT_KIND_CHOICES = [
    (
        Ruling.Kind.ARTIFICIAL.value,
        "Artificial adjusted score: Average-plus, Average, Average-minus (Law 12C2)",
    ),
    (Ruling.Kind.ASSIGNED.value, "Assigned adjusted score: the result the board would have had (Law 12C1)"),
    (Ruling.Kind.NOTE.value, "A note for the record"),
]
CONTRACT_LAW = {Ruling.Kind.ARTIFICIAL: "Law 12C2", Ruling.Kind.ASSIGNED: "Law 12C1", Ruling.Kind.NOTE: ""}


class ContractRulingForm(forms.Form):
    """A ruling on a contract bridge result: an artificial adjusted score for each side (Law 12C2),
    an assigned result (Law 12C1, written as a traveller line: ``4S N =``), or a note."""

    kind = forms.ChoiceField(label="Kind", choices=CONTRACT_KIND_CHOICES, initial=Ruling.Kind.ARTIFICIAL)
    ns_average = forms.ChoiceField(label="N-S score (Law 12C2)", choices=AVERAGE_CHOICES, required=False)
    ew_average = forms.ChoiceField(label="E-W score (Law 12C2)", choices=AVERAGE_CHOICES, required=False)
    assigned = forms.CharField(
        label="Assigned result (Law 12C1)",
        max_length=limits.ASSIGNED,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": "4S N =", "autocomplete": "off", "spellcheck": "false"}),
        error_messages=limits.max_length_message("The assigned result"),
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
        self.event = event

    def clean_assigned(self) -> str:
        text = " ".join(self.cleaned_data.get("assigned", "").split())
        if text:
            try:
                text = parse_result(text).text
            except ScoringError as error:
                raise forms.ValidationError(str(error), code="assigned") from error
        return text

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind = data.get("kind") or Ruling.Kind.ARTIFICIAL
        data["law"] = data.get("law") or CONTRACT_LAW.get(kind, "")
        if kind == Ruling.Kind.ARTIFICIAL:
            for name, side in (("ns_average", "North-South"), ("ew_average", "East-West")):
                if not data.get(name) and name not in self.errors:
                    self.add_error(name, f"Give {side} Average-plus, Average or Average-minus (Law 12C2).")
        if kind == Ruling.Kind.ASSIGNED and not data.get("assigned") and "assigned" not in self.errors:
            self.add_error(
                "assigned", "Write the assigned result as a traveller line: 4S N =, 3NT S -1, PASS."
            )
        if not (data.get("reason") or "").strip():
            self.add_error("reason", "Say what happened: the reason is printed with the ruling.")
        return data

    def rulings(self) -> list[dict[str, Any]]:
        """The ruling to record, as keyword arguments for ``add_ruling``; call only when ``is_valid()``."""
        data = self.cleaned_data
        ruling: dict[str, Any] = {"kind": data["kind"], "law": data["law"], "reason": data["reason"].strip()}
        if data["kind"] == Ruling.Kind.ARTIFICIAL:
            ruling.update(ns_average=data["ns_average"], ew_average=data["ew_average"])
        elif data["kind"] == Ruling.Kind.ASSIGNED:
            ruling.update(assigned=data["assigned"])
        return [ruling]


def ruling_form(event: Event, data: Any = None) -> RulingForm | ContractRulingForm:
    """The ruling form for the event's game: contract bridge adjusts scores under Law 12."""
    if event.is_contract:
        return ContractRulingForm(data, event=event)
    return RulingForm(data, event=event)
