"""Contract bridge hand records: the par score and contract(s) beside the double-dummy table, the
vulnerability a file gives kept where it differs from the board number's, and no honours flags."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.files.pbn import deal_from_seed, write_hand_records
from tests.tournament.contract_night import make_contract_event, make_contract_result
from tests.tournament.factories import rule_the_missing_not_played
from tournament.games.contract.reports import board_par
from tournament.models import Board, Event, Seating
from tournament.services import analyses, hand_records
from tournament.services.events import set_status

pytestmark = pytest.mark.django_db

# The spec's PBN example (§6.1): N-S make nine tricks in hearts and in spades, eight at NT.
DEAL = "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"


def test_dealing_a_contract_night_caches_each_boards_par() -> None:
    event = make_contract_event()
    director = event.club.memberships.get().user
    hand_records.deal_boards(event=event, seed=11, user=director)
    boards = list(Board.objects.filter(section__event=event).order_by("number"))
    assert all(b.par is not None and "score" in b.par and b.par["contracts"] for b in boards)
    assert all(b.vulnerability == "" for b in boards)  # a dealt board keeps its number's vulnerability


def test_par_of_the_specs_deal_nine_tricks_in_a_major() -> None:
    event = make_contract_event()
    Board.objects.filter(section__event=event, number=1).update(hands=DEAL)
    assert analyses.analyse() == len(Board.objects.filter(section__event=event).exclude(hands=""))
    par = board_par(Board.objects.get(section__event=event, number=1))
    assert par is not None and par.score_ns == 140
    assert par.contracts == ("2S N +1", "2S S +1", "2H N +1", "2H S +1")
    assert par.text == "Par: N-S +140, 2♠+1 by N or S; 2♥+1 by N or S"


def test_a_file_that_says_otherwise_keeps_its_vulnerability() -> None:
    event = make_contract_event()
    director = event.club.memberships.get().user
    records = deal_from_seed(3, range(1, 7))
    text = write_hand_records(records).replace('[Vulnerable "None"]', '[Vulnerable "All"]', 1)
    hand_records.import_deals(event=event, data=text.encode(), user=director)
    board = Board.objects.get(section__event=event, number=1)
    assert board.vulnerability == "All"
    seating = next(
        s
        for s in Seating.objects.filter(section__event=event).select_related("table", "ns", "ew")
        if 1 in s.board_numbers
    )
    result = make_contract_result(seating, 1, "4H N =")
    from tournament.games.contract.facts import contract_score

    assert contract_score(result).score_ns == 620  # vulnerable, as the file says
    exported = hand_records.export_deals(event.sections.get())[1].decode()
    assert '[Vulnerable "All"]' in exported


def test_the_traveller_shows_the_par_and_the_double_dummy_table_once_analysed(client) -> None:
    event = make_contract_event()
    director = event.club.memberships.get().user
    Board.objects.filter(section__event=event, number=1).update(hands=DEAL)
    rule_the_missing_not_played(event, director)
    set_status(event=event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True)
    address = reverse("traveller", args=[event.club.slug, event.pk, "A", 1])
    page = client.get(address).content.decode()
    assert "Double-dummy analysis coming." in page  # the page never works it out itself
    assert 'id="par"' not in page and 'id="double-dummy"' not in page
    analyses.analyse()
    page = client.get(address).content.decode()
    assert 'id="par"' in page and "Par: N-S +140" in page
    assert 'id="double-dummy"' in page
    assert "Honours held" not in page
