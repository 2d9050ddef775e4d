"""The outputs ask the game (games.of) for its rows, sheets and stories; they never test which game it is."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.template import Context, Template

from tests.tournament.contract_night import make_contract_event, play_contract, varied
from tests.tournament.factories import make_played_night
from tournament import games, reports
from tournament.games.contract.reports import (
    contract_explanation,
    contract_recap_rows,
    contract_standings_rows,
    contract_traveller_rows,
)
from tournament.games.contract.sheets import contract_matrix
from tournament.models import Event
from tournament.scores.standings import score_section

OUTPUTS = Path(__file__).resolve().parents[2] / "tournament"
# Which game a night is at, and the figures the engine ran for it, are the game's to read.
GAME_TESTS = {"is_contract", "is_whist", "bridge", "game"}
SHEET_FIELDS = {"contest", "match", "bridge"}


def output_modules() -> list[Path]:
    found = [
        path for package in ("reports", "exports", "pdf") for path in sorted((OUTPUTS / package).glob("*.py"))
    ]
    return [*found, OUTPUTS / "templatetags" / "duplicate.py"]


def game_tests(path: Path) -> list[str]:
    """Each ``x.is_contract``, ``x.is_whist``, ``x.bridge`` or ``x.game``, and each read of a
    section's figures by the game (``sheet.contest``, ``sheet.match``), as "line: text"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        on_sheet = isinstance(node.value, ast.Name) and node.value.id == "sheet" and node.attr in SHEET_FIELDS
        if node.attr in GAME_TESTS or on_sheet:
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", output_modules(), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_output_module_tests_which_game_a_night_is_at(path: Path) -> None:
    assert game_tests(path) == []


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "unit"), [(Event.Game.AUCTION, "points"), (Event.Game.WHIST, "tricks")])
def test_a_template_asks_the_game_of_an_event_through_the_game_filter(game: str, unit: str) -> None:
    event = make_played_night(3, game=game)
    template = Template(
        "{% load duplicate %}{% with game=event|game %}{{ game.unit }} "
        "{% if game.declares %}declared{% else %}turned{% endif %}{% endwith %}"
    )
    words = "declared" if game == Event.Game.AUCTION else "turned"
    assert template.render(Context({"event": event})) == f"{unit} {words}"


@pytest.mark.django_db
@pytest.mark.parametrize("game", [Event.Game.AUCTION, Event.Game.WHIST])
def test_an_auction_or_whist_night_gives_the_rows_of_a_pair_contest(game: str) -> None:
    sheet = score_section(make_played_night(3, game=game).sections.get())
    played = games.of(sheet.event)
    result = sheet.results[0].result
    assert played.standings_rows(sheet) == reports.standings_rows(sheet) != []
    assert played.traveller_rows(sheet, 1) == reports.traveller_rows(sheet, 1) != []
    assert played.recap_rows(sheet, result.ns.label) == reports.recap_rows(sheet, result.ns.label) != []
    assert played.explanation(sheet, result.pk) == reports.explanation(sheet, result.pk) is not None


@pytest.mark.django_db
def test_a_contract_night_gives_its_own_rows_of_matchpoints() -> None:
    event = make_contract_event()
    play_contract(event, varied)
    sheet = score_section(event.sections.get())
    played = games.of(event)
    result = sheet.results[0].result
    assert played.standings_rows(sheet) == contract_standings_rows(sheet) != []
    assert played.traveller_rows(sheet, 1) == contract_traveller_rows(sheet, 1) != []
    assert played.recap_rows(sheet, result.ns.label) == contract_recap_rows(sheet, result.ns.label) != []
    assert played.explanation(sheet, result.pk) == contract_explanation(sheet, result.pk) is not None
    assert played.pair_contest(sheet) is None and played.team_match(sheet) is None


@pytest.mark.django_db
def test_a_contract_nights_matrix_is_the_same_matrix_as_every_games() -> None:
    event = make_contract_event()
    play_contract(event, varied)
    sheet = score_section(event.sections.get())
    boards, rows = contract_matrix(sheet)
    assert boards == reports.played_boards(sheet)
    assert all(isinstance(row, reports.MatrixRow) for row in rows)
    for row in rows:
        assert row.total == sum((figure for _, figure in row.cells if figure is not None), 0)
        mine = [line for line in contract_standings_rows(sheet) if line.pair == row.pair]
        assert [line.total for line in mine] == [row.total]
