"""The director's form to import a scored session: the file, bounded in size, and where it goes."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms

from .. import games
from ..interchange.importing import MOST_BYTES
from ..models import Club, Event


class SessionImportForm(forms.Form):
    """A results file another program wrote (PBN with score tables, or USEBIO XML), read once bounded."""

    file = forms.FileField(
        label="Results file (.pbn or .xml)",
        widget=forms.ClearableFileInput(attrs={"accept": ".pbn,.xml,text/plain,application/xml"}),
        error_messages={
            "required": "Choose the results file: a .pbn file with score tables, or USEBIO .xml.",
            "empty": "The file is empty: choose the results file the scoring program wrote.",
        },
    )
    event = forms.ModelChoiceField(
        label="Add it as the next session of",
        queryset=Event.objects.none(),
        required=False,
        empty_label="— a new event —",
        error_messages={"invalid_choice": "Choose one of the club's contract bridge pairs events."},
    )
    dry_run = forms.BooleanField(label="Check only: change nothing", required=False)
    # Made when the page is shown: the same upload sent again (a retry after a dropped connection)
    # carries the same key and finds the session already imported.
    request_key = forms.UUIDField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        kwargs["initial"] = {"request_key": uuid.uuid4(), **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        field = self.fields["event"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Event.objects.filter(
            club=club, game__in=games.keys(exchanges_sessions=True), form=Event.Form.PAIRS
        ).order_by("-date", "-id")

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MOST_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size // 1000:,} kB; a session's results file is at most "
                f"{MOST_BYTES // 1000:,} kB.",
                code="too_big",
            )
        return bytes(upload.read())
