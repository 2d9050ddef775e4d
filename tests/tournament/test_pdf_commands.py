"""The PDF commands: render_pdf prints one document to a file; render_previews renders the demo's."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.tournament.factories import make_played_night, make_user
from tests.tournament.pdf_text import read_pdf
from tournament.demo import DEMO_CLUB, build_demo
from tournament.models import Club, Event

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_render_pdf_writes_the_document_to_the_file_named(tmp_path):
    event = make_played_night(tables=3)
    target = tmp_path / "recaps.pdf"

    output = run("render_pdf", str(event.pk), "--doc", "recaps", "--output", str(target))

    read = read_pdf(target.read_bytes())
    assert f"Wrote {target}" in output
    assert "Recap — pair 1NS" in read.text
    assert f"page 1 of {read.page_count}" in read.text


def test_render_pdf_dry_run_writes_nothing(tmp_path):
    event = make_played_night(tables=3)
    target = tmp_path / "standings.pdf"

    output = run("render_pdf", str(event.pk), "--doc", "standings", "--output", str(target), "--dry-run")

    assert f"Would write {target}" in output
    assert not target.exists()


def test_render_pdf_names_a_missing_event():
    with pytest.raises(CommandError, match="There is no event 999999"):
        run("render_pdf", "999999", "--doc", "standings")


def test_render_pdf_refuses_a_document_the_event_does_not_have():
    event = make_played_night(tables=3)

    with pytest.raises(CommandError, match="no team match sheet"):
        run("render_pdf", str(event.pk), "--doc", "match")


def test_render_pdf_refuses_an_unknown_document():
    event = make_played_night(tables=3)

    with pytest.raises(CommandError, match="invalid choice: 'scorecards'"):
        run("render_pdf", str(event.pk), "--doc", "scorecards")


def test_render_pdf_says_when_it_cannot_write(tmp_path):
    event = make_played_night(tables=3)

    with pytest.raises(CommandError, match="Cannot write"):
        run("render_pdf", str(event.pk), "--doc", "pads", "--output", str(tmp_path / "missing" / "pads.pdf"))


def test_render_previews_renders_each_demo_night_and_a_png_of_every_page(tmp_path):
    build_demo(make_user())
    events = list(Event.objects.filter(club__slug=DEMO_CLUB))

    output = run("render_previews", "--output", str(tmp_path), "--doc", "standings", "--doc", "guide")

    written = [Path(line) for line in output.splitlines() if line.startswith(str(tmp_path))]
    pdfs = [path for path in written if path.suffix == ".pdf"]
    assert len(pdfs) == 2 * len(events) == 10
    for pdf in pdfs:
        pages = read_pdf(pdf.read_bytes()).page_count
        pngs = sorted(pdf.parent.glob(f"{pdf.stem}-*.png"))
        assert len(pngs) == pages
        assert all(png.read_bytes().startswith(b"\x89PNG") for png in pngs)
        assert set(pngs) <= set(written)


def test_render_previews_leaves_the_database_as_it_was_when_the_demo_is_not_loaded(tmp_path):
    output = run("render_previews", "--output", str(tmp_path), "--doc", "standings")

    assert "building it for this run only" in output
    assert len(list(tmp_path.glob("*/standings.pdf"))) == 5
    assert not Club.objects.filter(slug=DEMO_CLUB).exists()


def test_render_previews_dry_run_lists_and_writes_nothing(tmp_path):
    output = run("render_previews", "--output", str(tmp_path / "previews"), "--dry-run")

    assert "recaps.pdf" in output and "match.pdf" in output
    assert not (tmp_path / "previews").exists()
