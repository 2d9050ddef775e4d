"""The registry of games, as the director's side asks it: each game reads its own result line,
writes a stored result back as that line, rules with its own form, and names its own templates;
the director's layer asks the game and never tests which game it is.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.template.loader import get_template

from scoring.auction.core import Contract
from scoring.contract.deal import ContractBid
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat
from tests.tournament.contract_night import make_contract_event, make_contract_result
from tests.tournament.factories import make_club, make_event, make_member, make_result
from tournament import games
from tournament.forms.entry import EntryRowForm
from tournament.forms.rulings import RulingBase, ruling_form
from tournament.models import Event, Seating
from tournament.services.result_facts import Facts

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "tournament"
# The director's side of the night: its forms, pages, writes and PBN/USEBIO interchange.
DIRECTOR_LAYER = [
    *sorted((APP / "forms").glob("*.py")),
    *sorted((APP / "views").glob("director*.py")),
    *(
        APP / "views" / name
        for name in ("hand_records.py", "players.py", "calculator.py", "session_files.py")
    ),
    *(
        APP / "services" / f"{name}.py"
        for name in (
            "changes",
            "closing",
            "clubs",
            "events",
            "hand_records",
            "players",
            "plans",
            "result_facts",
            "results",
            "rulings",
        )
    ),
    *(
        APP / "interchange" / f"{name}.py"
        for name in ("compare", "conventions", "files", "importing", "plan")
    ),
]
DIRECTOR_TEMPLATES = sorted((ROOT / "templates" / "tournament" / "director").rglob("*.html"))


def _event(game: str) -> Event:
    club = make_club()
    if game == "contract":
        return make_contract_event(club, make_member(club))
    return make_event(club, make_member(club), game=game, english_rule=True)


@pytest.mark.parametrize(
    ("game", "line", "extras", "facts"),
    [
        (
            "auction",
            "3HX N 9",
            {"honours_n": 2, "honours_s": 1, "dealers_one_spade": False},
            Facts(contract=Contract.parse("3HX"), declarer=Seat.N, tricks=9, honours=(2, 0, 1, 0)),
        ),
        ("auction", "pass", {}, Facts()),
        ("whist", "H 8", {}, Facts(game="whist", tricks=8, trumps="H")),
        ("whist", "5", {}, Facts(game="whist", tricks=5)),
        (
            "contract",
            "4HX N =",
            {},
            Facts(game="contract", contract=ContractBid(4, "H", "X"), declarer=Seat.N, tricks=10),
        ),
        ("contract", "PASS", {}, Facts(game="contract")),
    ],
)
@pytest.mark.django_db
def test_a_result_line_is_read_by_its_games_laws(game: str, line: str, extras: dict, facts: Facts) -> None:
    event = _event(game)
    played = games.of(event).parse_entry(line, event)
    assert Facts(**games.of(event).entry_facts(played, extras, ())) == facts


@pytest.mark.parametrize(
    ("game", "line"),
    [("auction", "8H N 9"), ("auction", "3H N 14"), ("whist", "NT 8"), ("contract", "8H N =")],
)
@pytest.mark.django_db
def test_a_line_its_game_refuses_is_refused_with_the_law(game: str, line: str) -> None:
    event = _event(game)
    with pytest.raises(ScoringError):
        games.of(event).parse_entry(line, event)


@pytest.mark.parametrize(
    ("game", "line"), [("auction", "3HX N 9"), ("whist", "H 8"), ("contract", "4HX N =")]
)
@pytest.mark.django_db
def test_a_stored_result_written_back_reads_as_the_same_facts(game: str, line: str) -> None:
    event = _event(game)
    seating = Seating.objects.filter(section__event=event).order_by("round", "table__number").first()
    board = seating.board_numbers[0]
    result = (
        make_contract_result(seating, board, line)
        if game == "contract"
        else make_result(seating, board, line)
    )

    written = games.of(event).entry_text(result)
    row = EntryRowForm({"entry": written}, event=event)
    row.is_valid()

    assert written == line
    assert "entry" not in row.errors
    assert row.facts() == Facts(
        **games.of(event).entry_facts(games.of(event).parse_entry(line, event), {}, ())
    )


@pytest.mark.parametrize("game", ["auction", "whist", "contract"])
@pytest.mark.django_db
def test_every_ruling_form_closes_with_the_law_and_what_happened(game: str) -> None:
    form = ruling_form(_event(game))
    assert isinstance(form, RulingBase)
    assert form.prefix == "ruling"
    assert list(form.fields)[-2:] == ["law", "reason"]


@pytest.mark.django_db
def test_only_a_game_that_adjusts_scores_offers_law_12_and_only_the_auction_awards_points() -> None:
    kinds = {
        game: [value for value, _ in ruling_form(_event(game)).fields["kind"].choices] for game in games.GAMES
    }
    assert "artificial" in kinds["contract"] and "award" not in kinds["contract"]
    assert "award" in kinds["auction"] and "artificial" not in kinds["auction"]
    assert kinds["whist"] == ["note"]


def test_only_contract_bridge_nights_are_written_as_session_files() -> None:
    assert games.keys(exchanges_sessions=True) == ["contract"]
    assert sorted(games.keys(scores_honours=True)) == ["auction"]


@pytest.mark.parametrize("game", sorted(games.GAMES))
def test_each_games_director_templates_exist(game: str) -> None:
    for name in games.of(game).director_templates.values():
        get_template(name)


@pytest.mark.parametrize("path", DIRECTOR_LAYER + DIRECTOR_TEMPLATES, ids=lambda path: path.name)
def test_the_director_layer_asks_the_game_rather_than_testing_which_it_is(path: Path) -> None:
    text = path.read_text()
    # ... nor do the facts a result is reported with carry a flag per game: they name their game.
    assert not re.findall(
        r"\bis_contract\b|\bis_whist\b|event\.game\b|Event\.Game\.[A-Z]|\b(?:bridge|whist)=True", text
    )


@pytest.mark.parametrize("path", DIRECTOR_LAYER, ids=lambda path: path.name)
def test_no_module_of_the_director_layer_passes_500_lines(path: Path) -> None:
    assert len(path.read_text().splitlines()) <= 500


@pytest.mark.parametrize(
    "path", [p for p in DIRECTOR_LAYER if p.parent.name == "services"], ids=lambda p: p.name
)
def test_a_write_service_imports_no_report_export_or_pdf(path: Path) -> None:
    imported = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            module = (node.module or "").split(".")
            imported.update([module[0]] if node.module else [alias.name for alias in node.names])
    assert not imported & {"reports", "exports", "pdf"}
