"""The director's forms for results: a traveller row, a correction, and a reason for a change.

Each form converts what was typed into the values the services and the engine take (``Facts``),
reading the result's line by its game's laws (``games.of(event).parse_entry``); each error sits on
the field it concerns, worded as the engine words it: "Eight is more than the seven odd tricks a
declaration may name (Law 50)."
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms

from scoring.contract.adjusted_entry import AdjustedEntry
from scoring.shared.errors import ScoringError

from .. import games, limits
from ..games.base import HONOUR_FIELDS
from ..models import Event, Result, Seating
from ..scores.facts import revokes_of
from ..services.result_facts import Facts


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
        self.game = game = games.of(event)
        for name in (*HONOUR_FIELDS, "dealers_one_spade"):
            if name not in game.entry_fields:
                del self.fields[name]
        self.fields["entry"].label = game.entry_label
        self.fields["entry"].widget.attrs["placeholder"] = game.entry_example
        self.fields["entry"].error_messages["required"] = game.entry_required

    # A traveller row and its preview read the adjusted scores a director types (Law 12C, 87B);
    # a correction of the table's facts does not: an adjusted score is a ruling.
    allows_adjusted = False

    def clean_entry(self) -> Any:
        text = self.cleaned_data["entry"]
        try:
            entry = self.game.parse_entry(text, self.event)
        except ScoringError as error:
            raise forms.ValidationError(str(error), code="entry") from error
        adjusted = self.game.adjusted(entry)
        if adjusted is not None and not self.allows_adjusted:
            raise forms.ValidationError(
                f"{adjusted.words}: an adjusted score is the director's ruling; record it under "
                "Rulings below (Law 12C).",
                code="adjusted",
            )
        return entry

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        entry = data.get("entry")
        if not self.game.scores_honours or entry is None:
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
        return None if entry is None else self.game.adjusted(entry)

    def facts(self, revokes: tuple[Any, ...] = ()) -> Facts:
        """The facts for the services; call only when ``is_valid()`` and not ``adjusted()``."""
        data = self.cleaned_data
        return Facts(**self.game.entry_facts(data["entry"], data, revokes))


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
    return games.of(event).entry_text(result)


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
