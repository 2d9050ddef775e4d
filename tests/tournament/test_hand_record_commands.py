"""import_deals, deal_boards and export_deals: the hand records from the command line."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.auction.core import Strain
from scoring.auction.honours import honours_held
from scoring.files.pbn import deal_from_seed, read_hand_records, write_hand_records
from scoring.shared.cards import Hands
from tests.tournament.factories import make_club, make_event, make_member, make_result
from tournament.models import AuditEntry, Board, Seating

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def event():
    club = make_club()
    return make_event(club, make_member(club))


def deals(event) -> dict[int, str]:
    return dict(Board.objects.filter(section__event=event).values_list("number", "hands"))


def test_deal_boards_deals_every_board_from_the_seed(event):
    output = run("deal_boards", str(event.pk), "--seed", "12")
    assert "Stored the deals of 6 boards in section A." in output
    expected = {r.board: r.hands for r in deal_from_seed(12, range(1, 7))}
    assert {n: Hands.parse(pbn) for n, pbn in deals(event).items()} == expected
    assert AuditEntry.objects.get(event=event, subject="Hand records of section A").user is None


def test_import_then_export_round_trips_the_file(event, tmp_path):
    source = tmp_path / "night.pbn"
    source.write_bytes(write_hand_records(deal_from_seed(5, range(1, 7))).replace("\r\n", "\n").encode())
    run("import_deals", str(event.pk), str(source))
    target = tmp_path / "out.pbn"
    output = run("export_deals", str(event.pk), "--output", str(target))
    assert f"Wrote {target}: the deals of 6 boards." in output
    assert [r.hands for r in read_hand_records(target.read_bytes())] == [
        r.hands for r in read_hand_records(source.read_bytes())
    ]


def test_import_dry_run_lists_the_flagged_results_and_changes_nothing(event, tmp_path):
    (record,) = deal_from_seed(5, [1])
    aces = honours_held(record.hands, Strain.parse("NT"))
    typed = (0, 0, 0, 0) if sum(aces) else (1, 0, 0, 0)
    seating = next(s for s in Seating.objects.filter(section__event=event) if 1 in s.board_numbers)
    make_result(seating, 1, "1NT N 7", honours=typed)
    source = tmp_path / "night.pbn"
    source.write_bytes(write_hand_records(deal_from_seed(5, range(1, 7))).encode())
    before = deals(event)
    output = run("import_deals", str(event.pk), str(source), "--dry-run")
    assert deals(event) == before
    assert "Would store the deals of 6 boards in section A; 1 result typed honours" in output
    assert f"Flagged: Board 1, round {seating.round}, table {seating.table.number} (1NT)" in output


def test_a_bad_file_is_a_command_error_and_changes_nothing(event, tmp_path):
    source = tmp_path / "bad.pbn"
    text = write_hand_records(deal_from_seed(5, range(1, 7))).replace("A", "K", 1)
    source.write_text(text.replace('[Deal "N:', '[Deal "N:AA', 1), encoding="utf-8")
    with pytest.raises(CommandError, match=r"Board 1 \(line 4\)"):
        run("import_deals", str(event.pk), str(source))
    assert set(deals(event).values()) == {""}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal_boards", "999999", "--seed", "1"], "There is no event 999999"),
        (["import_deals", "{event}", "/nonexistent/file.pbn"], "Cannot read /nonexistent/file.pbn"),
        (["export_deals", "{event}"], "have no deal yet"),
        (["deal_boards", "{event}", "--seed", "1", "--section", "Q"], "no section 'Q'"),
    ],
)
def test_mistakes_are_told_in_a_sentence(event, args, message):
    with pytest.raises(CommandError, match=message):
        run(*[a.replace("{event}", str(event.pk)) for a in args])
