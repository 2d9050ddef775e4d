"""The director's forms for changes during the session: details, deletion, movement, substitutes, withdrawals.

The fields a new night's wizard already has (``EventForm``) are the same fields here, with the
same bounds and messages; each form's errors sit on the field they concern.
"""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.core import signing

from .. import games, limits
from ..models import Event, Pair, Player
from .fields import NameField
from .wizard import EventForm, _number


def _reason(label: str = "Why (kept in the audit log)") -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=limits.REASON,
        required=False,
        error_messages=limits.max_length_message("The reason"),
    )


class EventDetailsForm(forms.Form):
    """An event's name, date and its game's scoring settings, as the wizard asked for them (a contract
    bridge night's: how it is scored, spec §2, §3; Laws 12C2, 78)."""

    name = EventForm.base_fields["name"]
    date = EventForm.base_fields["date"]

    def __init__(self, data: Any = None, *, event: Event) -> None:
        self.event = event
        self.game = games.of(event)
        fields = ("name", "date", *self.game.option_fields)
        super().__init__(data, initial={field: getattr(event, field) for field in fields})
        for name in self.game.option_fields:
            self.fields[name] = copy.deepcopy(EventForm.base_fields[name])

    @classmethod
    def of(cls, event: Event, data: Any = None) -> EventDetailsForm:
        return cls(data, event=event)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name, value in self.game.option_defaults.items():
            if name in self.fields and data.get(name) in (None, ""):
                data[name] = value
        options = {name: data.get(name) for name in self.game.option_fields}
        for problem in self.game.option_problems(self.event.form, options):
            if problem.field in self.fields and problem.field not in self.errors:
                self.add_error(problem.field, str(problem))
        return data


# How long the confirmation page's form stays good: a director who left it open longer is shown it again.
DELETE_CONFIRMATION_AGE = 2 * 60 * 60
_DELETE_SALT = "tournament.event_delete"


def delete_confirmation(event: Event) -> str:
    """The token the confirmation page's form carries: only that form deletes ``event``."""
    return signing.TimestampSigner(salt=_DELETE_SALT).sign(str(event.pk))


class DeleteEventForm(forms.Form):
    """Deleting an event: why, for a closed event the second confirmation, and the confirmation
    page's own token, so that a post made anywhere but on that page deletes nothing."""

    reason = _reason()
    closed_confirmed = forms.BooleanField(
        label="Yes, delete this closed event and its final results", required=False
    )
    confirm = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, data: Any = None, *, event: Event) -> None:
        super().__init__(data, initial={"confirm": delete_confirmation(event)})
        self.event = event

    def confirmed(self) -> bool:
        """Whether the post came from this event's confirmation page, shown in the last two hours."""
        signer = signing.TimestampSigner(salt=_DELETE_SALT)
        try:
            value = signer.unsign(self.data.get("confirm", ""), max_age=DELETE_CONFIRMATION_AGE)
        except signing.BadSignature:  # SignatureExpired is one
            return False
        return value == str(self.event.pk)


class MovementForm(EventForm):
    """The wizard's plan for an event already set up: its game and form stay as they are."""

    name = None  # type: ignore[assignment]
    date = None  # type: ignore[assignment]
    game = None  # type: ignore[assignment]
    form = None  # type: ignore[assignment]
    slams = None  # type: ignore[assignment]
    english_rule = None  # type: ignore[assignment]
    royals_distinct = None  # type: ignore[assignment]
    method = None  # type: ignore[assignment]
    scale = None  # type: ignore[assignment]
    neuberg = None  # type: ignore[assignment]
    datum_drop = None  # type: ignore[assignment]
    datum_rounding = None  # type: ignore[assignment]
    cross_imps = None  # type: ignore[assignment]
    victory_points = None  # type: ignore[assignment]
    average_plus = None  # type: ignore[assignment]
    average = None  # type: ignore[assignment]
    average_minus = None  # type: ignore[assignment]
    scale_sit_outs = None  # type: ignore[assignment]
    award_imps = None  # type: ignore[assignment]
    awards_per_table = None  # type: ignore[assignment]

    def __init__(self, event: Event, *args: Any, **kwargs: Any) -> None:
        section = event.sections.first()
        if section is not None:
            kwargs.setdefault(
                "initial",
                {
                    "movement": section.movement,
                    "pairs": section.pairs.filter(is_phantom=False).count(),
                    "boards_per_round": section.boards_per_round,
                },
            )
        super().__init__(*args, **kwargs)
        self.event = event

    def clean(self) -> dict[str, Any]:
        game = games.of(self.event)
        self.cleaned_data["game"] = game.key
        self.cleaned_data["form"] = self.event.form
        data = super().clean()
        if "pairs" not in self.errors:
            options = {name: getattr(self.event, name) for name in game.option_fields}
            for problem in game.option_problems(self.event.form, options, data.get("pairs")):
                if problem.field in self.fields:
                    self.add_error(problem.field, str(problem))
        return data


class SubstitutionForm(forms.Form):
    """A player replaced from a round on: who goes out (by pair), who comes in, from which round."""

    player_out = forms.ChoiceField(label="Player leaving")
    player_in = NameField(
        label="Substitute",
        what="The substitute's name",
        max_length=limits.NAME,
        widget=forms.TextInput(attrs={"list": "club-players", "autocomplete": "off"}),
    )
    from_round = _number("From round", 1, 30, "rounds")
    reason = _reason()

    def __init__(self, seats: list[tuple[Pair, Player]], rounds: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = {f"{pair.pk}-{player.pk}": (pair, player) for pair, player in seats}
        self.fields["player_out"].choices = [
            (key, f"Pair {pair.label}: {player}") for key, (pair, player) in self.seats.items()
        ]
        self.fields["from_round"].widget.attrs["max"] = rounds

    def seat(self) -> tuple[Pair, Player]:
        """The pair and the player leaving it; call only when ``is_valid()``."""
        return self.seats[self.cleaned_data["player_out"]]


class WithdrawalForm(forms.Form):
    """A pair that leaves the session, from which round on."""

    pair = forms.TypedChoiceField(label="Pair", coerce=int)
    from_round = _number("From round", 1, 30, "rounds")
    reason = _reason()

    def __init__(self, pairs: list[Pair], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pairs = {pair.pk: pair for pair in pairs}
        self.fields["pair"].choices = [(pair.pk, f"Pair {pair.label}: {pair.names}") for pair in pairs]  # type: ignore[attr-defined]

    def chosen(self) -> Pair:
        return self.pairs[self.cleaned_data["pair"]]
