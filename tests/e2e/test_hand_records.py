"""A phone enters a board of a night that has its hand records: no honour boxes, and the score the
phone shows is the engine's, with the honours counted from the deal.

The director deals the boards from a seed; the table's phone opens its link, taps the contract,
declarer and tricks, sees the honours from the hand record for the strain it tapped, saves, and
reads the score. The expected score is computed here by the engine from the stored deal.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from scoring.auction.core import Contract, Strain
from scoring.auction.deal import Deal, Options, SlamScale, score_deal
from scoring.auction.honours import honours_held
from scoring.shared.cards import Hands
from scoring.shared.seats import Seat
from tests.e2e.conftest import Director
from tests.e2e.test_club_night import assert_fits, tap
from tests.tournament.factories import make_event
from tournament.models import Board, Event, Seating
from tournament.services import hand_records
from tournament.services.events import set_status

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_phone_enters_a_board_with_its_hand_record(director: Director, open_device: Any) -> None:
    event = make_event(director.club, director.user, pairs=6)
    hand_records.deal_boards(event=event, seed=2026, user=director.user)
    set_status(event=event, user=director.user, status=Event.Status.RUNNING)
    seating = Seating.objects.select_related("table").get(section__event=event, round=1, table__number=1)
    number = seating.board_numbers[0]
    hands = Hands.parse(Board.objects.get(section__event=event, number=number).hands)
    strain = Strain.parse("H")
    held = honours_held(hands, strain)
    assert sum(held) == 5  # seed 2026 deals every heart honour: the honour column is at stake
    expected = score_deal(
        Deal(contract=Contract(3, strain), declarer=Seat.S, tricks=8, honours=held),
        Options(slams=SlamScale.parse(event.slams), duplicate=True),
    )

    phone = open_device("phone")
    phone.goto(seating.table.get_absolute_url())
    phone.locator("#to-enter a", has_text=re.compile(rf"^Board {number}$")).tap()
    phone.wait_for_url(re.compile(rf"/round/1/board/{number}/$"))
    expect(phone.locator("select[name^=honours], input[name^=honours]")).to_have_count(0)
    tap(phone, "level", "3")
    tap(phone, "strain", "H")
    tap(phone, "declarer", "S")
    tap(phone, "tricks", "8")
    shown = ", ".join(f"{seat} {n}" for seat, n in zip("NESW", held, strict=True) if n) or "no honours"
    expect(phone.locator('#card-honours li[data-strains="H"]')).to_have_text(f"♥: {shown}")
    expect(phone.locator('#card-honours li[data-strains="C"]')).to_be_hidden()
    assert_fits(phone)
    phone.locator("#save").tap()
    phone.wait_for_url(re.compile(r"/results/\d+/$"))
    expect(phone.locator("#net-ns")).to_have_text(str(expected.net_ns))
    expect(phone.locator("#ns-honour")).to_have_text(str(expected.ns.honour))
    expect(phone.locator("#ew-honour")).to_have_text(str(expected.ew.honour))
    expect(phone.locator("#facts")).to_contain_text(f"Honours from the hand record: {shown}")
