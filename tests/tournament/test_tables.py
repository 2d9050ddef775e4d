"""The tables of the public pages: the standings lists drawn from each row's cells, the links they
hold, and the columns each game shows."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest
from django.urls import NoReverseMatch, reverse

from scoring.contests.pairs import signed_text
from scoring.contests.ranking import Place
from scoring.shared.numbers import round_half_away
from tournament import games
from tournament.games.contract.reports import ContractStandingRow
from tournament.games.contract.tables import (
    ContractRecapTable,
    ContractStandingsTable,
    ContractTravellerTable,
)
from tournament.reports import StandingRow
from tournament.tables import Links, RecapTable, StandingsTable, TravellerTable


def _row(rank: int, pair: str, score: Fraction, **kwargs) -> StandingRow:
    kwargs.setdefault("tied", False)
    kwargs.setdefault("pair_pk", 7)
    kwargs.setdefault("names", "Ann & Bo")
    kwargs.setdefault("deals", 26)
    exact = "" if score.denominator == 1 else signed_text(score)
    return StandingRow(
        rank=rank, pair=pair, score=score, rounded=round_half_away(score), exact=exact, **kwargs
    )


STANDINGS = [
    _row(1, "4NS", Fraction(121, 2), names='<i>Cy</i> & "Di"', deals=1000),
    _row(2, "1EW", Fraction(1, 3), tied=True),
    _row(2, "<b>2</b>", Fraction(1, 3), tied=True, pair_pk=None, names=""),
    _row(4, "3EW", Fraction(-181, 3), pair_pk=12),
]


def test_a_standings_list_is_drawn_row_by_row_with_its_links_ties_and_markup_escaped():
    recap = reverse("recap", args=["club-1", 12, 7])
    twelve = reverse("recap", args=["club-1", 12, 12])
    html = StandingsTable(STANDINGS, Links("club-1", 12, "A")).html()
    assert html == (
        '<div class="table-container"><table class="standings"><thead><tr><th>Rank</th><th>Pair</th>'
        '<th>Names</th><th class="num">Score</th><th class="num">Exact</th><th class="num">Deals</th>'
        "</tr></thead><tbody>"
        f'<tr class="even"><td>1</td><td><a href="{recap}">4NS</a></td>'
        "<td>&lt;i&gt;Cy&lt;/i&gt; &amp; &quot;Di&quot;</td>"
        f'<td class="num"><a href="{recap}">+61</a></td><td class="num">+60 1/2</td>'
        '<td class="num">1000</td></tr>'
        f'<tr class="odd"><td>2=</td><td><a href="{recap}">1EW</a></td><td>Ann &amp; Bo</td>'
        f'<td class="num"><a href="{recap}">0</a></td><td class="num">+1/3</td><td class="num">26</td></tr>'
        '<tr class="even"><td>2=</td><td>&lt;b&gt;2&lt;/b&gt;</td><td></td><td class="num">0</td>'
        '<td class="num">+1/3</td><td class="num">26</td></tr>'
        f'<tr class="odd"><td>4</td><td><a href="{twelve}">3EW</a></td><td>Ann &amp; Bo</td>'
        f'<td class="num"><a href="{twelve}">−60</a></td><td class="num">−60 1/3</td>'
        '<td class="num">26</td></tr>'
        "</tbody></table></div>"
    )


def test_a_column_left_out_is_left_out_of_the_heading_and_of_every_row():
    html = StandingsTable(STANDINGS, Links("club-1", 12, "A"), exclude=("names", "exact")).html()
    assert "<th>Names</th>" not in html and "Exact" not in html and "Cy" not in html
    assert html.count("<td") == 4 * len(STANDINGS)


def test_an_empty_list_is_drawn_with_its_heading_only():
    html = StandingsTable([], Links("club-1", 12, "A")).html()
    assert "<th>Rank</th>" in html and "<tbody></tbody>" in html


def _line(place: Place, pair: str, total: Fraction, unit: str = "MP", **kwargs) -> ContractStandingRow:
    kwargs.setdefault("pair_pk", 7)
    kwargs.setdefault("names", "Ann & Bo")
    kwargs.setdefault("top", Fraction(24) if unit == "MP" else None)
    kwargs.setdefault("percent", total / 24 * 100 if unit == "MP" else None)
    return ContractStandingRow(place, pair, total=total, unit=unit, boards=12, direction=None, **kwargs)


def test_a_contract_list_by_matchpoints_shows_the_top_and_percentage_to_two_decimals():
    lines = [
        _line(Place(1, 1), "4", Fraction(121, 2), names='<i>Cy</i> & "Di"'),
        _line(Place(2, 3), "<b>2</b>", Fraction(40, 3), pair_pk=None, names=""),
        _line(Place(2, 3), "1", Fraction(40, 3), top=None, percent=None),
    ]
    html = ContractStandingsTable(lines, Links("club-1", 12, "A"), "MP").html()
    recap = reverse("recap", args=["club-1", 12, 7])
    assert '<table class="standings contract">' in html
    assert '<th class="num">MP</th><th class="num">Top</th><th class="num">%</th>' in html
    assert (
        f'<tr class="even"><td>1</td><td><a href="{recap}">4</a></td>'
        "<td>&lt;i&gt;Cy&lt;/i&gt; &amp; &quot;Di&quot;</td>"
        f'<td class="num"><a href="{recap}">60 1/2</a></td><td class="num">24</td>'
        '<td class="num">252.08</td><td class="num">12</td></tr>'
    ) in html
    assert (
        '<tr class="odd"><td>2=</td><td>&lt;b&gt;2&lt;/b&gt;</td><td></td><td class="num">13 1/3</td>' in html
    )
    assert '">13 1/3</a></td><td class="num"></td><td class="num"></td><td class="num">12</td>' in html


def test_a_contract_list_by_imps_heads_its_column_imp_and_leaves_out_the_top_and_percentage():
    lines = [
        _line(Place(1, 1), "4", Fraction(17, 3), "IMP"),
        _line(Place(2, 2), "1", Fraction(-17, 3), "IMP"),
    ]
    html = ContractStandingsTable(lines, Links("club-1", 12, "A"), "IMP").html()
    assert '<th class="num">IMP</th><th class="num">Boards</th>' in html
    assert "Top" not in html and "%" not in html
    assert ">+5 2/3</a></td>" in html and ">−5 2/3</a></td>" in html


@pytest.mark.parametrize("number", [1, 9, 10, 27, 100, 123456789])
def test_links_are_the_urls_django_reverses(number):
    links = Links("club-1", 12, "B")
    links.recap(3), links.traveller(3), links.explain(3)  # each kind made once before
    assert links.recap(number) == reverse("recap", args=["club-1", 12, number])
    assert links.traveller(number) == reverse("traveller", args=["club-1", 12, "B", number])
    assert links.explain(number) == reverse("explain", args=["club-1", 12, number])


def test_a_number_no_url_takes_is_refused_as_django_refuses_it():
    with pytest.raises(NoReverseMatch):
        Links("club-1", 12, "B").recap(1_000_000_000)


# The columns each game shows ----------------------------------------------------------------

AVERAGES = ("ns_average", "ns_difference", "ew_average", "ew_difference")


@pytest.mark.parametrize(
    ("game", "teams", "hidden"),
    [
        ("auction", False, ()),
        ("auction", True, AVERAGES),
        ("whist", False, ("net_ns", "declarer")),
        ("whist", True, (*AVERAGES, "net_ns")),
        ("contract", False, ()),
        ("contract", True, ("ns_figure", "ew_figure")),
    ],
)
def test_each_game_leaves_its_own_columns_out_of_the_traveller(game, teams, hidden):
    assert games.of(game).traveller_hidden(teams) == hidden


def _recap_line(net: int | None, score: Fraction | None) -> SimpleNamespace:
    return SimpleNamespace(net=net, score=score)


PLAYED = [_recap_line(50, Fraction(50)), _recap_line(-20, Fraction(-20))]
CREDITED = [*PLAYED, _recap_line(None, Fraction(30))]  # Law B (3): a figure the table did not make


@pytest.mark.parametrize(
    ("game", "teams", "rows", "hidden"),
    [
        ("auction", False, PLAYED, ("score",)),
        ("auction", False, CREDITED, ()),
        ("auction", True, PLAYED, ("score", "average", "difference")),
        ("auction", True, CREDITED, ("average", "difference")),
        ("whist", False, CREDITED, ("declarer", "tricks", "net")),
        ("whist", True, PLAYED, ("declarer", "tricks", "net", "average", "difference")),
        ("contract", False, PLAYED, ()),
        ("contract", True, PLAYED, ("figure", "top", "running")),
    ],
)
def test_each_game_leaves_its_own_columns_out_of_the_recap(game, teams, rows, hidden):
    assert games.of(game).recap_hidden(teams, rows) == hidden


@pytest.mark.parametrize("game", ["auction", "whist", "contract"])
@pytest.mark.parametrize("teams", [False, True])
def test_every_column_a_game_leaves_out_is_a_column_of_its_table(game, teams):
    traveller, recap = (
        (ContractTravellerTable, ContractRecapTable) if game == "contract" else (TravellerTable, RecapTable)
    )
    assert set(games.of(game).traveller_hidden(teams)) <= set(traveller.base_columns)
    assert set(games.of(game).recap_hidden(teams, CREDITED)) <= set(recap.base_columns)
