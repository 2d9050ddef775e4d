"""The director's hand-record forms: upload a PBN file, deal from a seed, state a whist turned card."""

from __future__ import annotations

from typing import Any

from django import forms

from ..models import Event
from ..pdf.hand_records import DEFAULT_PER_PAGE, PER_PAGE
from ..services.hand_records import MOST_BYTES


def _section_field(event: Event) -> forms.ChoiceField:
    letters = [(s.letter, f"Section {s.letter}") for s in event.sections.all()]
    return forms.ChoiceField(label="Section", choices=letters, initial=letters[0][0] if letters else None)


class _SectionForm(forms.Form):
    replace = forms.BooleanField(label="Replace the deals boards already have", required=False)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["section"] = _section_field(event)
        if len(self.fields["section"].choices) < 2:  # type: ignore[attr-defined]
            self.fields["section"].widget = forms.HiddenInput()


class ImportForm(_SectionForm):
    """A PBN file of the section's deals, bounded in size before it is read."""

    file = forms.FileField(
        label="PBN file",
        widget=forms.ClearableFileInput(attrs={"accept": ".pbn,text/plain"}),
        error_messages={
            "required": "Choose the .pbn file of tonight's boards.",
            "empty": "The file is empty: choose the .pbn file of tonight's boards.",
        },
    )
    dry_run = forms.BooleanField(label="Check only: change nothing", required=False)

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MOST_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size // 1000:,} kB; a PBN hand record is a few kB "
                f"(at most {MOST_BYTES // 1000:,} kB). Choose the .pbn file of tonight's boards.",
                code="too_big",
            )
        return bytes(upload.read())


class DealForm(_SectionForm):
    """A seed to deal the section's boards from: the same seed deals the same cards."""

    seed = forms.IntegerField(
        label="Seed",
        min_value=0,
        max_value=10**12,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={
            "required": "Give a seed: any whole number; note it to deal the same cards again.",
            "invalid": "The seed is a whole number.",
            "min_value": "The seed is a whole number from 0.",
            "max_value": "The seed is at most 12 digits.",
        },
    )


class TurnedCardForm(forms.Form):
    """Whist: the card the dealer turned up for trumps on one board (Whist law 42)."""

    board = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    card = forms.RegexField(
        label="Card turned up",
        regex=r"^\s*[SHDCshdc]\s*(10|[AKQJTakqjt2-9])\s*$",
        max_length=5,
        widget=forms.TextInput(attrs={"placeholder": "H8", "autocomplete": "off", "size": 4}),
        error_messages={
            "invalid": "Write the suit then the rank of the card turned up, as H8 or SQ.",
            "required": "Write the card turned up, as H8 or SQ.",
        },
    )


class LayoutForm(forms.Form):
    """How many boards the hand-record PDF prints a page: 4 (the default, two by two) or 6."""

    per_page = forms.TypedChoiceField(
        label="Boards a page",
        choices=[(n, f"{n} boards a page") for n in PER_PAGE],
        coerce=int,
        required=False,
        empty_value=DEFAULT_PER_PAGE,
        error_messages={"invalid_choice": "Hand records print 4 or 6 boards a page: choose one."},
    )
