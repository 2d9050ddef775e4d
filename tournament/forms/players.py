"""The player list's import: the CSV file uploaded, then the same text confirmed after its preview."""

from __future__ import annotations

from django import forms

from ..services.players import MAX_UPLOAD


class PlayersUploadForm(forms.Form):
    file = forms.FileField(
        label="CSV file of the membership list",
        help_text="A header row names the columns: Name (or First name, Last name), Member number, Email.",
        error_messages={"required": "Choose the CSV file to import."},
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            raise forms.ValidationError(
                f"The file is {upload.size:,} bytes: a player list is at most {MAX_UPLOAD // 1024} KB.",
                code="too_large",
            )
        content: bytes = upload.read()
        return content


class PlayersConfirmForm(forms.Form):
    """The previewed file's text and the plan's fingerprint, posted back to import it as previewed."""

    content = forms.CharField(widget=forms.HiddenInput, max_length=MAX_UPLOAD, strip=False)
    digest = forms.CharField(widget=forms.HiddenInput, max_length=64)
