"""The table's own forms, used on a phone: the PIN, a result as the players report it, a correction.

A result form converts what the players tapped into ``services.result_facts.Facts`` with the
engine's types; each error sits on the field it concerns and quotes the law as the engine
words it (a level of eight, fourteen tricks, six honours). The form also checks that the
board, the round and the pairs it names are those of this table, so that a stale page or
a tampered request is refused with a sentence, not saved.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any, TypeAlias

from django import forms

from scoring.auction.core import Contract, Doubling, Strain, check_tricks
from scoring.auction.deal import Revoke, RevokePenalty
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat

from .. import games, limits
from ..games.base import HONOUR_FIELDS
from ..models import Board, Event, Result, Seating, Table
from ..reports.common import SYMBOLS
from ..services.result_facts import Facts

if TYPE_CHECKING:
    from ..games.contract.forms import ContractCorrectionForm, ContractEntryForm

SEATS = [("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]
# The buttons write each strain as every screen and sheet does (reports.common.SYMBOLS).
STRAINS = [(code, SYMBOLS[code]) for code in ("S", "C", "D", "H", "R", "NT")]
# Under the English rule spades are always royals: the one spade button is the royal one.
ENGLISH_STRAINS = [(code, SYMBOLS["S" if code == "R" else code]) for code in ("C", "D", "H", "R", "NT")]
WHIST_TRUMPS = [(code, SYMBOLS[code]) for code in ("S", "C", "D", "H")]
# Contract bridge's denominations, lowest to highest (Law 18E).
DOUBLINGS = [("", "—"), ("X", "X"), ("XX", "XX")]
REVOKE_BY = [("", "No revoke"), ("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]
ELECTIONS = [("points", "100 points"), ("tricks", "three tricks")]


def radio_number(label: str, numbers: range, **kwargs: Any) -> forms.IntegerField:
    """A whole number picked from big buttons; the clean_ method words what is out of range."""
    return forms.IntegerField(
        label=label,
        widget=forms.RadioSelect(choices=[(n, str(n)) for n in numbers]),
        error_messages={"invalid": "Pick a number from the buttons."},
        **kwargs,
    )


def _honours(label: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        initial=0,
        widget=forms.Select(choices=[(n, str(n)) for n in range(6)]),
        error_messages={"invalid": "Pick how many honours this seat held, 0 to 5."},
    )


class PinForm(forms.Form):
    """A table's six-digit PIN, and its number when two tables of the night share a PIN."""

    pin = forms.RegexField(
        label="Table PIN",
        regex=r"^[0-9]{6}$",
        max_length=6,
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "off", "pattern": "[0-9]{6}", "autofocus": True}
        ),
        error_messages={
            "invalid": "The PIN is six digits, as on your table card.",
            "required": "Type the six digits of your table's PIN.",
        },
    )
    table = forms.IntegerField(
        label="Table number (only if asked)",
        required=False,
        min_value=1,
        max_value=999,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={
            "invalid": "Write the table's number.",
            "min_value": "Tables are numbered from 1.",
            "max_value": "No night has that many tables: write your table's number.",
        },
    )

    def __init__(
        self, *args: Any, event_id: int | None = None, among: tuple[int, ...] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.event_id = event_id
        self.among = among  # only these tables (the ones this phone opened before), or all
        self.found: Table | None = None
        self.wrong = False  # a PIN that opens nothing: counts toward the lock-out

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        tables = Table.objects.in_play().filter(pin=data["pin"], section__event__status=Event.Status.RUNNING)
        if self.event_id is not None:
            tables = tables.filter(section__event_id=self.event_id)
        if self.among is not None:
            tables = tables.filter(pk__in=self.among)
        if data.get("table"):
            tables = tables.filter(number=data["table"])
        found = list(tables.select_related("section__event")[:2])
        if not found:
            self.wrong = True
            raise forms.ValidationError(
                "No table of a night in play has this PIN. Check the digits on your table card.", code="wrong"
            )
        if len(found) > 1:
            raise forms.ValidationError(
                "More than one table has this PIN tonight: type your table number too, "
                "or scan the QR code on your table card.",
                code="ambiguous",
            )
        self.found = found[0]
        return data


class AuctionFactsForm(forms.Form):
    """The facts of one deal of Duplicate Auction, as the players tap them in."""

    passed_out = forms.BooleanField(label="Passed out: the dealer said no bid (English rule)", required=False)
    level = radio_number("Level", range(1, 8), required=False)
    strain = forms.ChoiceField(label="Strain", choices=STRAINS, widget=forms.RadioSelect, required=False)
    doubling = forms.ChoiceField(
        label="Doubled?", choices=DOUBLINGS, widget=forms.RadioSelect, required=False, initial=""
    )
    declarer = forms.ChoiceField(label="Declarer", choices=SEATS, widget=forms.RadioSelect, required=False)
    tricks = radio_number("Tricks won by the declarer's side", range(14), required=False)
    honours_n = _honours("North")
    honours_e = _honours("East")
    honours_s = _honours("South")
    honours_w = _honours("West")
    dealers_one_spade = forms.BooleanField(
        label="The dealer's original one spade, never overbid (Law 48)", required=False
    )
    revoke1_by = forms.ChoiceField(label="Revoke by", choices=REVOKE_BY, required=False)
    revoke1_penalty = forms.ChoiceField(
        label="Declarer's election", choices=ELECTIONS, required=False, initial="points"
    )
    revoke2_by = forms.ChoiceField(label="Second revoke by", choices=REVOKE_BY, required=False)
    revoke2_penalty = forms.ChoiceField(
        label="Declarer's election", choices=ELECTIONS, required=False, initial="points"
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        if event.english_rule:
            # Only the buttons change: a plain spade still reaches clean() and hears why it is refused.
            self.fields["strain"].widget.choices = ENGLISH_STRAINS
        else:
            del self.fields["passed_out"]

    deal_board: Board | None = None

    def board_for_facts(self) -> Board | None:
        """The board these facts are for: its dealer (Law 48) and, when known, its cards."""
        return self.deal_board

    def clean_level(self) -> int | None:
        level = self.cleaned_data.get("level")
        if level is not None:
            try:
                Contract(level, Strain.NO_TRUMP)
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
            ("level", "Tap the level of the final declaration, 1 to 7."),
            ("strain", "Tap the strain of the final declaration."),
            ("declarer", "Tap the declarer: the seat that played the combined hands (Law 46)."),
            ("tricks", "Tap how many tricks the declarer's side won, 0 to 13."),
        ):
            if name not in self.errors and data.get(name) in (None, ""):
                self.add_error(name, message)
        strain = data.get("strain")
        if strain == "S" and self.event.english_rule:
            self.add_error("strain", "Under the English rule spades are always royals (note to Law H).")
        self._clean_honours(data, Strain.parse(strain) if strain else None)
        # The dealer's one spade (Law 48) is checked with the board's dealer by Facts.validate.
        return data

    def _clean_honours(self, data: dict[str, Any], strain: Strain | None) -> None:
        board = self.board_for_facts()
        if board is not None and board.hands:
            return  # counted from the board's cards, not typed
        limit = strain.honours_in_play if strain else 5
        what = "the four aces at no trump" if limit == 4 else "five honours, A K Q J 10 of trumps"
        counts = []
        for name in HONOUR_FIELDS:
            count = data.get(name) or 0
            if name in self.errors:
                continue
            if not 0 <= count <= limit:
                seat = self.fields[name].label
                self.add_error(
                    name, f"{seat} cannot hold {count} honours: there are only {what} (table of values)."
                )
                continue
            counts.append(count)
        if len(counts) == 4 and sum(counts) > limit:
            self.add_error(
                "honours_w",
                f"The four hands hold {sum(counts)} honours between them, but there are only {what} "
                "(table of values).",
            )

    def facts(self) -> Facts:
        """The engine's view of what was tapped; call only when ``is_valid()``."""
        data = self.cleaned_data
        if data.get("passed_out"):
            return Facts()
        board = self.board_for_facts()
        typed = (
            data.get("honours_n") or 0,
            data.get("honours_e") or 0,
            data.get("honours_s") or 0,
            data.get("honours_w") or 0,
        )
        honours = (0, 0, 0, 0) if board is not None and board.hands else typed
        return Facts(
            contract=Contract(
                data["level"], Strain.parse(data["strain"]), Doubling.parse(data.get("doubling") or "")
            ),
            declarer=Seat.parse(data["declarer"]),
            tricks=data["tricks"],
            honours=honours,
            dealers_one_spade=bool(data.get("dealers_one_spade")),
            revokes=tuple(
                Revoke(
                    Seat.parse(data[f"revoke{i}_by"]),
                    RevokePenalty.parse(data.get(f"revoke{i}_penalty") or "points"),
                )
                for i in (1, 2)
                if data.get(f"revoke{i}_by")
            ),
        )

    @staticmethod
    def initial_from(result: Result) -> dict[str, Any]:
        """What the players entered before, to correct it."""
        revokes = list(result.revokes)[:2]
        initial: dict[str, Any] = {
            "passed_out": result.passed_out,
            "level": result.level,
            "strain": result.strain,
            "doubling": result.doubling,
            "declarer": result.declarer,
            "tricks": None if result.passed_out else result.tricks,
            "dealers_one_spade": result.dealers_one_spade,
            **dict(zip(HONOUR_FIELDS, result.honours, strict=True)),
        }
        for i, revoke in enumerate(revokes, start=1):
            initial[f"revoke{i}_by"] = revoke.get("by", "")
            initial[f"revoke{i}_penalty"] = revoke.get("penalty", "points")
        return initial


class WhistFactsForm(forms.Form):
    """The facts of one deal of Duplicate Whist: the trump turned and the tricks N-S took."""

    trumps = forms.ChoiceField(
        label="Trumps",
        choices=WHIST_TRUMPS,
        widget=forms.RadioSelect,
        error_messages={"required": "Tap the trump suit turned up on this board."},
    )
    tricks = radio_number("Tricks won by N-S", range(14), required=False)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_tricks(self) -> int:
        tricks = self.cleaned_data.get("tricks")
        if tricks is None:
            raise forms.ValidationError("Tap how many tricks North-South took, 0 to 13.", code="required")
        try:
            return check_tricks(tricks)
        except ScoringError as error:
            raise forms.ValidationError(str(error), code="tricks") from error

    def facts(self) -> Facts:
        return Facts(game="whist", tricks=self.cleaned_data["tricks"], trumps=self.cleaned_data["trumps"])

    @staticmethod
    def initial_from(result: Result) -> dict[str, Any]:
        return {"trumps": result.trumps, "tricks": result.tricks}


class EntryMixin(forms.Form):
    """Which board, round and pairs a new result is for, checked against this table's movement."""

    request_key = forms.UUIDField(
        widget=forms.HiddenInput,
        error_messages={"invalid": "This page is out of date: reload it and enter again."},
    )
    round = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=1,
        max_value=999,
        error_messages=dict.fromkeys(
            ("invalid", "required", "min_value", "max_value"),
            "Which round? Go back to the table's page and tap the board again.",
        ),
    )
    board = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=1,
        max_value=999,
        error_messages={"invalid": "Which board? Go back and tap it."},
    )
    ns = forms.CharField(widget=forms.HiddenInput, max_length=8)
    ew = forms.CharField(widget=forms.HiddenInput, max_length=8)

    table: Table
    seatings: dict[int, Seating]
    boards: dict[int, Board]
    open_rounds: set[int]
    seating: Seating | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "round" in self.errors:
            return data  # the round's own error says what is wrong
        seating = self.seatings.get(data.get("round") or 0)
        if seating is None:
            self.add_error("round", f"Table {self.table.number} does not play a round {data.get('round')}.")
            return data
        if seating.round not in self.open_rounds:
            self.add_error(
                "round",
                f"Round {seating.round} is not open yet: enter every board of the rounds before it first.",
            )
            return data
        self.seating = seating
        for name, pair in (("ns", seating.ns), ("ew", seating.ew)):
            if name in data and data[name] != pair.label:
                self.add_error(
                    name,
                    f"Pair {data.get(name)} is not at table {self.table.number} in round {seating.round}: "
                    f"{'N-S' if name == 'ns' else 'E-W'} here is pair {pair.label}.",
                )
        number = data.get("board")
        if number is not None and number not in seating.board_numbers:
            boards = ", ".join(str(n) for n in seating.board_numbers)
            self.add_error(
                "board",
                f"Board {number} is not played at table {self.table.number} in round {seating.round}: "
                f"this table plays boards {boards}.",
            )
        return data

    def board_for_facts(self) -> Board | None:
        return self.boards.get(self.cleaned_data.get("board") or 0)


class ReasonMixin(forms.Form):
    """Why a table corrects its own entry: kept in the audit log."""

    reason = forms.CharField(
        label="Why is it corrected?",
        max_length=limits.REASON,
        widget=forms.TextInput(
            attrs={"placeholder": "e.g. typed 8 tricks instead of 9", "autocomplete": "off"}
        ),
        error_messages={
            "required": "Say why the result is corrected: the reason is kept in the audit log.",
            **limits.max_length_message("The reason"),
        },
    )


class AuctionEntryForm(EntryMixin, AuctionFactsForm):
    pass


class WhistEntryForm(EntryMixin, WhistFactsForm):
    pass


class AuctionCorrectionForm(AuctionFactsForm, ReasonMixin):
    pass


class WhistCorrectionForm(WhistFactsForm, ReasonMixin):
    pass


class DisputeForm(forms.Form):
    reason = forms.CharField(
        label="What is wrong? (optional)",
        max_length=limits.REASON,
        error_messages=limits.max_length_message("The reason"),
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": "e.g. we won 9 tricks, not 8"}),
    )


EntryForm: TypeAlias = "AuctionEntryForm | WhistEntryForm | ContractEntryForm"
CorrectionForm: TypeAlias = "AuctionCorrectionForm | WhistCorrectionForm | ContractCorrectionForm"


def entry_form(
    data: Any,
    *,
    table: Table,
    seatings: dict[int, Seating],
    boards: dict[int, Board],
    open_rounds: set[int],
    initial: dict[str, Any] | None = None,
) -> EntryForm:
    """The form for a new result at this table: Auction, Whist or Contract as the event is played."""
    event = table.section.event
    form_class = games.of(event).table_entry_form()
    form = form_class(data, event=event, initial={"request_key": uuid.uuid4(), **(initial or {})})
    form.table, form.seatings, form.boards, form.open_rounds = table, seatings, boards, open_rounds
    return form


def correction_form(data: Any, *, result: Result) -> CorrectionForm:
    """The form for a table to correct its own entry, filled with what it entered."""
    event = result.section.event
    form_class = games.of(event).table_correction_form()
    form = form_class(data, event=event, initial=form_class.initial_from(result))
    form.deal_board = result.board  # a form that counts honours from the cards reads them there
    return form
