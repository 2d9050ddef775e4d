"""``manage.py export_standings``: writes the file it is asked for, refuses bad input with a message."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.core.management import CommandError, call_command

from tests.tournament.factories import make_played_night
from tournament import reports
from tournament.scores.standings import score_section

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("export_standings", *args, stdout=out)
    return out.getvalue()


def test_it_writes_the_workbook_and_says_so_in_one_line(tmp_path):
    event = make_played_night(3)
    target = tmp_path / "night.xlsx"
    output = run(str(event.pk), "--format", "xlsx", "--output", str(target))
    assert output.count("\n") == 1
    assert output.startswith(f"Wrote {event.name} standings to {target} (") and output.rstrip().endswith(
        "xlsx)."
    )
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == ["Standings A", "Matrix A", "Travellers A", "Rulings"]


def test_it_writes_the_csv_the_output_name_asks_for(tmp_path):
    event = make_played_night(3)
    target = tmp_path / "night.csv"
    run(str(event.pk), "--output", str(target))
    rows = list(csv.reader(io.StringIO(target.read_text(encoding="utf-8-sig"))))
    standings = reports.standings_rows(score_section(event.sections.get()))
    assert [row[1] for row in rows[1:]] == [row.pair for row in standings]


def test_without_an_output_it_writes_the_exports_own_name_in_the_current_directory(tmp_path, monkeypatch):
    event = make_played_night(3)
    monkeypatch.chdir(tmp_path)
    run(str(event.pk), "--format", "csv")
    assert [path.name for path in tmp_path.iterdir()] == [
        f"{event.club.slug}-{event.date:%Y-%m-%d}-tuesday-pairs-standings.csv"
    ]


def test_a_dry_run_writes_nothing(tmp_path):
    event = make_played_night(3)
    target = tmp_path / "night.xlsx"
    assert run(str(event.pk), "--output", str(target), "--dry-run").startswith("Would write")
    assert not target.exists()


def test_an_unknown_event_is_refused_with_a_message(tmp_path):
    with pytest.raises(CommandError, match="There is no event 999999"):
        run("999999", "--output", str(tmp_path / "x.xlsx"))


def test_an_event_that_is_not_a_number_is_refused(tmp_path):
    with pytest.raises(CommandError, match="invalid int value"):
        run("tuesday", "--output", str(tmp_path / "x.xlsx"))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"format": "pdf"}, "'pdf' is not an export format"),
        ({"output": "standings.pdf"}, "Cannot tell the format from 'standings.pdf'"),
    ],
    ids=["format", "suffix"],
)
def test_an_unknown_format_is_refused_with_a_message(options, message, tmp_path, monkeypatch):
    event = make_played_night(3)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CommandError, match=message):
        call_command("export_standings", str(event.pk), stdout=io.StringIO(), **options)
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_format_on_the_command_line_is_refused_by_its_choices(tmp_path):
    event = make_played_night(3)
    with pytest.raises(CommandError, match="invalid choice: 'pdf'"):
        run(str(event.pk), "--format", "pdf", "--output", str(tmp_path / "x.pdf"))


@pytest.mark.parametrize(
    "where", ["missing-directory/night.xlsx", "."], ids=["no-such-directory", "a-directory"]
)
def test_a_path_that_cannot_be_written_is_refused_with_a_message(where, tmp_path):
    event = make_played_night(3)
    with pytest.raises(CommandError, match="Cannot write"):
        run(str(event.pk), "--format", "xlsx", "--output", str(tmp_path / where))
