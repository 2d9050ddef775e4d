"""``manage.py make_synthetic_event``: a played, confirmed, agreed and locked night, or one in play with no
result (``--unplayed``); bad sizes refused."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournament.models import AuditEntry, Board, Club, Event, Pair, Result, Seating, Table
from tournament.synthetic import shape, synthetic_movement

pytestmark = pytest.mark.django_db


def run(*args: str) -> list[str]:
    out = io.StringIO()
    call_command("make_synthetic_event", *args, stdout=out)
    return out.getvalue().splitlines()


def test_a_small_night_is_fully_played_confirmed_agreed_and_published(client):
    lines = run("--tables", "3", "--boards", "6", "--publish")
    event = Event.objects.get()
    assert event.club.name == "Synthetic Club"
    assert lines[0] == "Note: there was no club at /c/synthetic-club/; created Synthetic Club."
    assert event.status == Event.Status.LOCKED and event.published
    assert Pair.objects.filter(section__event=event).count() == 6
    results = Result.objects.filter(section__event=event)
    assert results.count() == 3 * 6
    assert set(results.values_list("status", flat=True)) == {Result.Status.CONFIRMED}
    seatings = Seating.objects.filter(section__event=event)
    assert seatings.count() == 2 * 3  # 2 rounds of 3 boards at 3 tables
    assert not seatings.filter(agreed_at=None).exists()
    audit = AuditEntry.objects.filter(event=event)
    assert audit.filter(action=AuditEntry.Action.CREATE).count() == 18
    assert audit.filter(action=AuditEntry.Action.CONFIRM).count() == 18
    assert audit.filter(action=AuditEntry.Action.AGREE).count() == 6
    assert audit.filter(action=AuditEntry.Action.EVENT, subject="Event state").count() == 1
    assert lines[-1] == event.get_absolute_url()
    assert client.get(lines[-1]).status_code == 200


def test_without_publish_the_night_is_locked_and_not_published():
    run("--tables", "4", "--boards", "8")
    event = Event.objects.get()
    assert event.is_locked and not event.published


def test_a_club_slug_that_is_missing_is_created_with_a_note():
    lines = run("--tables", "2", "--boards", "4", "--club", "riverside")
    assert lines[0] == "Note: there was no club at /c/riverside/; created riverside."
    assert Event.objects.get().club == Club.objects.get(slug="riverside")
    run("--tables", "2", "--boards", "4", "--club", "riverside")
    assert Club.objects.filter(slug="riverside").count() == 1
    assert Event.objects.count() == 2


def test_the_same_seed_gives_the_same_results():
    def played(seed: str) -> list[tuple]:
        run("--tables", "3", "--boards", "6", "--seed", seed)
        event = Event.objects.latest("pk")
        return list(
            Result.objects.filter(section__event=event)
            .order_by("seating__round", "seating__table__number", "board__number")
            .values_list("board__number", "level", "strain", "doubling", "declarer", "tricks")
        )

    assert played("7") == played("7")
    assert played("7") != played("8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--tables", "0", "--boards", "6"), "--tables must be between 2 and 250, not 0."),
        (("--tables", "3", "--boards", "0"), "--boards must be between 1 and 108, not 0."),
        (("--tables", "100000", "--boards", "6"), "--tables must be between 2 and 250"),
        (("--tables", "3", "--boards", "-4"), "--boards must be between 1 and 108, not -4."),
        (("--tables", "3", "--boards", "6", "--club", "Not a slug!"), "is not a web address"),
    ],
)
def test_bad_arguments_are_refused_with_a_message(args, message):
    with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(".", r"\.")):
        run(*args)
    assert not Event.objects.exists()


def test_the_dry_run_changes_nothing():
    assert run("--tables", "30", "--boards", "27", "--dry-run") == [
        "Would make a night of 30 tables, 60 pairs, 9 rounds of 3 boards (810 results)."
    ]
    assert not Event.objects.exists() and not Club.objects.exists()


@pytest.mark.parametrize("tables", [2, 3, 4, 5, 7, 30])
@pytest.mark.parametrize("boards", [1, 2, 5, 6, 7, 16, 27, 36])
def test_every_size_makes_a_movement_that_passes_its_checks(tables, boards):
    plan = shape(tables, boards)
    assert plan.boards == boards and plan.rounds <= tables
    movement = synthetic_movement(tables, boards)
    assert movement.tables == tables and movement.board_count == boards


def test_an_unplayed_night_is_in_play_with_no_result_and_its_tables_links_open(client):
    lines = run("--tables", "4", "--boards", "6", "--unplayed", "--publish")
    event = Event.objects.get()
    assert lines[-2].startswith("Made 4-table pairs, 6 boards (seed 1913) at Synthetic Club:")
    assert "(24 results to enter), in play, published." in lines[-2]
    assert event.status == Event.Status.RUNNING and event.published
    assert (
        Pair.objects.filter(section__event=event).filter(player1__isnull=False, player2__isnull=False).count()
        == 8
    )
    assert not Result.objects.filter(section__event=event).exists()
    seatings = Seating.objects.filter(section__event=event)
    assert seatings.count() == 2 * 4 and not seatings.exclude(agreed_at=None).exists()
    assert not Board.objects.filter(section__event=event, hands="").exists()
    assert client.get(lines[-1]).status_code == 200
    for table in Table.objects.filter(section__event=event):
        page = client.get(reverse("table_home", args=[table.secret]))
        assert page.status_code == 200
        first = Seating.objects.get(table=table, round=1)
        assert page.context["shown"].missing == list(first.board_numbers)
        board = client.get(reverse("table_board", args=[table.secret, 1, first.board_numbers[0]]))
        assert board.status_code == 200 and 'id="entry"' in board.content.decode()


def test_an_unplayed_night_has_the_played_nights_deals_for_the_same_seed():
    run("--tables", "3", "--boards", "6", "--unplayed")
    run("--tables", "3", "--boards", "6", "--club", "other")
    unplayed, played = Event.objects.order_by("pk")
    assert not unplayed.published
    assert list(
        Board.objects.filter(section__event=unplayed).order_by("number").values_list("hands")
    ) == list(Board.objects.filter(section__event=played).order_by("number").values_list("hands"))
    results_audited = [AuditEntry.Action.CREATE, AuditEntry.Action.CONFIRM, AuditEntry.Action.AGREE]
    assert not AuditEntry.objects.filter(event=unplayed, action__in=results_audited).exists()
