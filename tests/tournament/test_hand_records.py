"""Hand records: import, deal from a seed, export; honours from the cards; a whist board's trump once."""

from __future__ import annotations

import pytest

from scoring.auction.core import Strain
from scoring.auction.deal import score_deal
from scoring.auction.honours import honours_held
from scoring.files.pbn import deal_from_seed, read_hand_records, write_hand_records
from scoring.shared.cards import Hands
from scoring.shared.seats import Seat
from tests.tournament.factories import make_club, make_event, make_member, make_result
from tournament.models import AuditEntry, Board, Event, Result, Seating
from tournament.scores.facts import deal_of, options_for, score_of
from tournament.services import hand_records
from tournament.services.double_dummy import tricks_table
from tournament.services.hand_records import HandRecordRefused
from tournament.services.result_facts import ResultRefused

pytestmark = pytest.mark.django_db


def _night(**kwargs: object) -> tuple[Event, object]:
    club = make_club()
    director = make_member(club)
    return make_event(club, director, **kwargs), director


def _pbn(seed: int, boards: range, dealer_shift: int = 0) -> bytes:
    return write_hand_records(deal_from_seed(seed, boards)).encode("latin-1")


def _snapshot(event: Event) -> list[tuple[object, ...]]:
    boards = Board.objects.filter(section__event=event).order_by("number")
    return [
        *boards.values_list("number", "hands", "double_dummy", "trumps", "turned"),
        AuditEntry.objects.filter(event=event).count(),
    ]


def test_dealing_from_a_seed_gives_every_board_its_deal_and_double_dummy_table() -> None:
    event, director = _night()
    stored = hand_records.deal_boards(event=event, seed=7, user=director)
    boards = list(Board.objects.filter(section__event=event).order_by("number"))
    expected = {r.board: r.hands for r in deal_from_seed(7, range(1, len(boards) + 1))}
    assert stored.boards == len(boards) == 6
    assert all(Hands.parse(b.hands) == expected[b.number] for b in boards)
    assert all(sorted(b.double_dummy) == ["E", "N", "S", "W"] for b in boards)
    assert boards[0].double_dummy == tricks_table(Hands.parse(boards[0].hands))
    entry = AuditEntry.objects.get(event=event, subject="Hand records of section A")
    assert entry.action == AuditEntry.Action.EVENT and entry.user == director
    assert entry.before["Board 1"] == "" and entry.after["Board 1"] == boards[0].hands


def test_double_dummy_tricks_by_seat_in_clubs_diamonds_hearts_spades_nt_order() -> None:
    # The modern spec's PBN example (§6.1): N-S make nine tricks in hearts and in spades, eight at NT.
    hands = Hands.parse("N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94")
    assert tricks_table(hands) == {
        "N": [7, 6, 9, 9, 8],
        "E": [6, 7, 4, 3, 4],
        "S": [7, 6, 9, 9, 8],
        "W": [6, 7, 4, 3, 4],
    }


def test_an_imported_file_with_latin1_and_crlf_stores_the_deals() -> None:
    event, director = _night()
    records = deal_from_seed(99, range(1, 7))
    data = write_hand_records(records, event="Soirée").encode("latin-1")
    assert b"\r\n" in data
    hand_records.import_deals(event=event, data=data, user=director)
    stored = {b.number: Hands.parse(b.hands) for b in Board.objects.filter(section__event=event)}
    assert stored == {r.board: r.hands for r in records}


def test_export_reads_back_to_the_same_deals() -> None:
    event, director = _night()
    hand_records.deal_boards(event=event, seed=3, user=director)
    name, data = hand_records.export_deals(event.sections.get())
    assert name == f"deals-{event.pk}.pbn"
    assert [(r.board, r.dealer, r.hands) for r in read_hand_records(data)] == [
        (r.board, r.dealer, r.hands) for r in deal_from_seed(3, range(1, 7))
    ]


def test_export_of_boards_without_deals_is_refused() -> None:
    event, _ = _night()
    with pytest.raises(HandRecordRefused, match="Boards 1, 2, 3, 4, 5, 6 have no deal yet"):
        hand_records.export_deals(event.sections.get())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            _pbn(1, range(1, 5)),
            "The file has 4 boards but section A plays 6 (boards 1 to 6): boards 5, 6 are missing",
        ),
        (_pbn(1, range(1, 9)), "boards 7, 8 are not played in it"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a PBN file"),
        (b"x" * 1_000_001, "The file is 1,000 kB"),
        (
            _pbn(1, range(1, 7)).replace(b'[Dealer "E"]', b'[Dealer "W"]', 1),
            "Board 2 (line 12): the file says West dealt, but board 2 is dealt by East",
        ),
        (
            _pbn(1, range(1, 7)).replace(b'[Board "3"]', b'[Board "2"]'),
            "Board 2 is given twice",
        ),
    ],
    ids=["too few", "too many", "not pbn", "too big", "wrong dealer", "board twice"],
)
def test_a_bad_file_changes_nothing_and_says_why(data: bytes, message: str) -> None:
    event, director = _night()
    before = _snapshot(event)
    with pytest.raises(HandRecordRefused) as caught:
        hand_records.import_deals(event=event, data=data, user=director)
    assert message in str(caught.value)
    assert _snapshot(event) == before


def test_a_board_with_a_deal_is_replaced_only_when_asked_and_audited_before_and_after() -> None:
    event, director = _night()
    hand_records.deal_boards(event=event, seed=1, user=director)
    before = _snapshot(event)
    with pytest.raises(HandRecordRefused, match="Boards 1, 2, 3, 4, 5, 6 already have their deals"):
        hand_records.deal_boards(event=event, seed=2, user=director)
    assert _snapshot(event) == before
    old = Board.objects.get(section__event=event, number=1).hands
    stored = hand_records.deal_boards(event=event, seed=2, user=director, replace=True)
    assert stored.replaced == [1, 2, 3, 4, 5, 6]
    entry = AuditEntry.objects.filter(event=event, subject="Hand records of section A").first()
    assert entry is not None and entry.before["Board 1"] == old
    assert entry.after["Board 1"] == Board.objects.get(section__event=event, number=1).hands != old


def test_the_same_deals_again_is_not_a_replacement() -> None:
    event, director = _night()
    hand_records.deal_boards(event=event, seed=5, user=director)
    assert hand_records.deal_boards(event=event, seed=5, user=director).replaced == []


def test_a_dry_run_reports_and_changes_nothing() -> None:
    event, director = _night()
    before = _snapshot(event)
    stored = hand_records.deal_boards(event=event, seed=5, user=director, dry_run=True)
    assert stored.dry_run and stored.boards == 6 and stored.summary.startswith("Would store")
    assert _snapshot(event) == before


def test_a_closed_event_keeps_its_hand_records() -> None:
    event, director = _night()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.LOCKED)
    event.refresh_from_db()
    with pytest.raises(HandRecordRefused, match="closed"):
        hand_records.deal_boards(event=event, seed=5, user=director)


def _seating_for(event: Event, number: int) -> Seating:
    return next(
        s for s in Seating.objects.filter(section__event=event).order_by("round") if number in s.board_numbers
    )


def test_deals_stored_after_results_flag_every_typed_honour_that_disagrees_and_score_the_derived() -> None:
    event, director = _night()
    (record,) = deal_from_seed(11, [1])
    true = honours_held(record.hands, Strain.parse("H"))
    wrong = (0, 0, 0, 0) if sum(true) else (1, 0, 0, 0)
    result = make_result(_seating_for(event, 1), 1, "2H N 8", honours=wrong)
    typed = score_of(Result.objects.select_related("board").get(pk=result.pk), event)
    stored = hand_records.deal_boards(event=event, seed=11, user=director)
    assert [d.result.pk for d in stored.disagreements] == [result.pk]
    assert "the hand record gives" in stored.disagreements[0].text
    assert hand_records.disagreements_in(event.sections.get())[0].result.pk == result.pk
    result = Result.objects.select_related("board").get(pk=result.pk)
    assert result.honours == wrong  # the typed facts are kept, the derived ones score
    assert deal_of(result).honours == true
    assert score_of(result, event) == score_deal(deal_of(result), options_for(event)) != typed


def test_results_whose_honours_agree_are_not_flagged() -> None:
    event, director = _night()
    (record,) = deal_from_seed(11, [1])
    make_result(_seating_for(event, 1), 1, "1NT N 7", honours=honours_held(record.hands, Strain.parse("NT")))
    assert hand_records.deal_boards(event=event, seed=11, user=director).disagreements == []


# -- Duplicate Whist: the trump turned up is a fact of the board (Whist law 42) --


def _whist_seatings(event: Event, number: int) -> list[Seating]:
    return [
        s
        for s in Seating.objects.filter(section__event=event).select_related(
            "table", "section__event", "ns", "ew"
        )
        if number in s.board_numbers
    ]


def test_a_second_table_with_another_trump_is_refused() -> None:
    event, _ = _night(game=Event.Game.WHIST)
    first, second = _whist_seatings(event, 1)[:2]
    make_result(first, 1, "H 8")
    assert Board.objects.get(section__event=event, number=1).trumps == "H"
    with pytest.raises(
        ResultRefused, match=r"Board 1's trumps are hearts \(as the first table recorded\), not spades"
    ):
        make_result(second, 1, "S 5")
    assert Result.objects.filter(board__number=1, section__event=event).count() == 1
    make_result(second, 1, "H 5")  # the same trump is accepted
    make_result(_whist_seatings(event, 1)[2], 1, "7")  # the tricks alone take the board's trump
    assert set(
        Result.objects.filter(board__number=1, section__event=event).values_list("trumps", flat=True)
    ) == {"H"}


def test_a_seeded_whist_deal_turns_up_the_dealers_last_card() -> None:
    event, director = _night(game=Event.Game.WHIST)
    hand_records.deal_boards(event=event, seed=4, user=director)
    (record,) = deal_from_seed(4, [1])
    board = Board.objects.get(section__event=event, number=1)
    assert board.turned == str(record.turned) and board.trumps == record.turned.suit
    other = next(s for s in "SHDC" if s != board.trumps)
    with pytest.raises(ResultRefused, match="was turned up"):
        make_result(_whist_seatings(event, 1)[0], 1, f"{other} 6")


def test_a_first_table_trump_must_be_a_suit_the_dealer_holds() -> None:
    event, _ = _night(game=Event.Game.WHIST)
    void = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    Board.objects.filter(section__event=event, number=1).update(hands=void)
    with pytest.raises(ResultRefused, match="North dealt board 1 and holds no hearts"):
        make_result(_whist_seatings(event, 1)[0], 1, "H 8")
    make_result(_whist_seatings(event, 1)[0], 1, "S 8")


def test_the_director_records_the_turned_card_and_results_with_another_trump_are_flagged() -> None:
    event, director = _night(game=Event.Game.WHIST)
    make_result(_whist_seatings(event, 1)[0], 1, "H 8")
    board = Board.objects.get(section__event=event, number=1)
    hand_records.set_turned_card(board=board, card="S9", user=director)
    board.refresh_from_db()
    assert (board.turned, board.trumps) == ("S9", "S")
    (flag,) = hand_records.disagreements_in(event.sections.get())
    assert "typed hearts" in flag.text and "spades as trumps" in flag.text
    assert AuditEntry.objects.filter(event=event, subject="Board 1: trump card turned up").exists()


def test_a_turned_card_not_in_the_dealers_hand_is_refused() -> None:
    event, director = _night(game=Event.Game.WHIST)
    hand_records.deal_boards(event=event, seed=4, user=director)
    board = Board.objects.get(section__event=event, number=1)
    hands = Hands.parse(board.hands)
    card = next(iter(hands.hand(Seat.E).cards))
    with pytest.raises(HandRecordRefused, match="not in North's hand"):
        hand_records.set_turned_card(board=board, card=str(card), user=director)


def test_a_whist_trump_the_dealer_cannot_have_turned_is_flagged_when_the_deal_comes_later() -> None:
    event, _ = _night(game=Event.Game.WHIST)
    make_result(_whist_seatings(event, 1)[0], 1, "H 8")
    void = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    Board.objects.filter(section__event=event, number=1).update(hands=void)
    (flag,) = hand_records.disagreements_in(event.sections.get())
    assert "typed hearts; the hand record gives no hearts for North, the dealer" in flag.text
