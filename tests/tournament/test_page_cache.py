"""The standings are rendered once per change and kept under their ETag in Django's cache
(``views.public``); no page that holds a form is kept.

That no kept page is ever stale after a write through any service is shown with every other page
in ``test_score_cache`` (the event page, the standings fragment and the running view are read
there after each write); here: rendered once, kept apart for whoever reads it differently, never
kept when the facts moved while it was made, no CSRF token ever kept, and drawn as django-tables2
draws a table.
"""

from __future__ import annotations

from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.core.cache import cache
from django.template.loader import get_template, render_to_string
from django.urls import NoReverseMatch, reverse

from scoring.contests.pairs import signed_text
from scoring.contests.ranking import Place
from scoring.shared.numbers import round_half_away
from tests.tournament.factories import make_club, make_event, make_member, play_all
from tests.tournament.test_score_cache import Night, _record_missing
from tournament import tables
from tournament.games.contract import pages as contract_pages
from tournament.games.contract.reports import ContractStandingRow
from tournament.games.contract.tables import ContractStandingsTable
from tournament.models import Event, Pair, Result
from tournament.reports import StandingRow, recap_rows, standings_rows, traveller_rows
from tournament.scores import cache as score_cache
from tournament.scores.standings import score_section
from tournament.services import events as event_service
from tournament.services import results
from tournament.tables import Base, Links, RecapTable, StandingsTable, TravellerTable
from tournament.views import live, public

pytestmark = pytest.mark.django_db


def _published() -> Night:
    night = Night()
    night.event = event_service.set_status(event=night.event, user=night.director, published=True)
    return night


def _count_renderings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = public._standings_of

    def counted(event, sections, is_member):
        context = real(event, sections, is_member)
        calls.extend(section.pk for section in sections)
        return context

    monkeypatch.setattr(public, "_standings_of", counted)
    return calls


def test_the_standings_are_rendered_once_per_change_for_the_page_and_the_poll(client, monkeypatch):
    night = _published()
    calls = _count_renderings(monkeypatch)
    args = [night.club.slug, night.event.pk]
    for _ in range(2):
        assert client.get(reverse("event", args=args)).status_code == 200
        assert client.get(reverse("standings_fragment", args=args)).status_code == 200
    assert calls == [night.section.pk]
    _record_missing(night)
    page = client.get(reverse("event", args=args))
    fragment = client.get(reverse("standings_fragment", args=args))
    assert calls == [night.section.pk, night.section.pk]
    assert fragment.content.decode().strip() in page.content.decode()


def test_a_visitor_never_gets_the_standings_kept_for_a_club_member(client):
    night = _published()
    results.set_status(
        result=night.result(), status=Result.Status.DISPUTED, table=night.result().seating.table
    )
    address = reverse("event", args=[night.club.slug, night.event.pk])
    client.force_login(night.director)
    assert "Waiting for a ruling" in client.get(address).content.decode()  # kept for the club's people
    client.logout()
    page = client.get(address).content.decode()
    assert 'id="section-A"' in page and "Waiting for a ruling" not in page


def test_standings_made_while_a_write_moved_the_version_are_shown_but_not_kept(client, monkeypatch):
    night = _published()
    calls = _count_renderings(monkeypatch)
    real = public.score_section

    def scored_after_a_write(section):
        if len(calls) == 0:
            score_cache.changed(section)  # a result stored between reading the versions and scoring
        return real(section)

    monkeypatch.setattr(public, "score_section", scored_after_a_write)
    address = reverse("standings_fragment", args=[night.club.slug, night.event.pk])
    first = client.get(address)
    assert first.status_code == 200 and 'id="section-A"' in first.content.decode()
    # Made from the new version: not kept under the ETag of the version read before.
    assert cache.get(live.key("standings", first["ETag"], night.club.slug)) is None
    second = client.get(address)
    assert second["ETag"] != first["ETag"]
    assert cache.get(live.key("standings", second["ETag"], night.club.slug)) is not None
    client.get(address)
    assert len(calls) == 2  # the first, not kept; the second, at the new version, kept and read


# The tables, drawn in one pass ------------------------------------------------------------


class Markup(HTMLParser):
    """Tags, attributes and text in order, whitespace between them ignored."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str, ...]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.items.append(("<", tag, *sorted(f"{k}={v or ''}" for k, v in attrs)))

    def handle_endtag(self, tag):
        self.items.append((">", tag))

    def handle_data(self, data):
        if data.split():
            self.items.append(("text", " ".join(data.split())))


def _as_django_tables2_draws_it(table) -> list[tuple[str, ...]]:
    table.context = {}
    try:
        return Markup(get_template(table.template_name).render({"table": table})).items
    finally:
        del table.context


def test_every_table_of_an_auction_night_is_drawn_as_django_tables2_draws_it(monkeypatch):
    night = Night()
    sheet = score_section(night.section)
    links = Links.of(sheet.section)
    pair = night.pair()
    drawn = [
        StandingsTable(standings_rows(sheet, None), links),
        TravellerTable(traveller_rows(sheet, 1), links),
        RecapTable(recap_rows(sheet, pair.label), links),
    ]
    monkeypatch.setattr(Base, "_by_template", lambda self: pytest.fail("drawn by the template"))
    for table in drawn:
        assert len(table.rows) > 2
        assert Markup(table.html()).items == _as_django_tables2_draws_it(table)


def test_a_contract_nights_tables_are_drawn_as_django_tables2_draws_them(monkeypatch):
    night = Night(game=Event.Game.CONTRACT)
    sheet = score_section(night.section)
    pair = next(p for p in sheet.pairs.values() if p.pk == night.pair().pk)
    drawn = [table for _, _, table in contract_pages.standings_panels(sheet)]
    drawn.append(contract_pages.recap_table(sheet, pair)[1])
    monkeypatch.setattr(Base, "_by_template", lambda self: pytest.fail("drawn by the template"))
    for table in drawn:
        assert len(table.rows) > 2
        assert Markup(table.html()).items == _as_django_tables2_draws_it(table)


@pytest.mark.django_db(transaction=True)
def test_polls_that_miss_at_the_same_moment_wait_for_one_scoring_and_get_the_same_standings(monkeypatch):
    """After a result every phone's poll misses at once: a worker's threads score the night once."""
    import threading
    import time

    from django.db import connections
    from django.test import Client

    from tournament.scores import standings

    night = _published()
    scorings: list[int] = []
    real = standings.rescore_section

    def slow_scoring(section):  # slow enough that every thread arrives while it runs
        scorings.append(section.pk)
        time.sleep(0.3)
        return real(section)

    monkeypatch.setattr(standings, "rescore_section", slow_scoring)
    cache.clear()
    score_cache.forget_in_process()
    fragment = reverse("standings_fragment", args=[night.club.slug, night.event.pk])
    barrier = threading.Barrier(6)
    bodies: list[bytes] = []

    def poll() -> None:
        try:
            barrier.wait(timeout=10)
            bodies.append(Client().get(fragment).content)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=poll) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert len(bodies) == 6 and len(set(bodies)) == 1
    assert scorings == [night.section.pk]


# The standings body, byte for byte --------------------------------------------------------

GOLDEN_STANDINGS = Path(__file__).parent / "golden" / "standings_body.html"


def _one_table_differs(seating, board: int) -> str:
    return "2S N 8" if (board, seating.table.number) == (1, 1) else "1S N 7"


def _standings_body() -> str:
    """The standings fragment of a night with ties, thirds, a pair with no names and a name with
    markup in it, its club, event and pair numbers written as names so the text is the same on
    every database."""
    club = make_club()
    director = make_member(club)
    event = make_event(club, director)
    pairs = {p.label: p for p in Pair.objects.filter(section__event=event, is_phantom=False)}
    named = [("1NS", "<b>Ann</b>", "Bo & Co"), ("2NS", "Cy", "Di"), ("1EW", "Ed", "Flo")]
    named.append(("3EW", "Gus", "Hal"))
    event_service.name_pairs(
        event=event, names=[(pairs[label], first, second) for label, first, second in named], user=director
    )
    play_all(event, _one_table_differs)
    event = event_service.set_status(event=event, user=director, published=True)
    body = render_to_string(
        "tournament/public/_standings.html", public._standings_of(event, list(event.sections.all()), True)
    )
    for label, pair in pairs.items():
        body = body.replace(f'"{reverse("recap", args=[club.slug, event.pk, pair.pk])}"', f'"RECAP-{label}"')
    return body.replace(reverse("event", args=[club.slug, event.pk]), "/EVENT/")


def test_the_standings_body_is_drawn_byte_for_byte_as_before():
    body = _standings_body()
    assert body.count('<tr class="') == 12  # 6 pairs overall, 3 in each direction
    assert "2=" in body and " 1/3<" in body and "(names to come)" in body
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; Bo &amp; Co" in body
    assert body == GOLDEN_STANDINGS.read_text(encoding="utf-8")


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
    _row(4, "3EW", Fraction(0), pair_pk=12),
    _row(5, "5NS", Fraction(-5, 2), pair_pk=123456789),
    _row(6, "6NS", Fraction(-181, 3), pair_pk=8),
]


def test_the_standings_rows_are_written_as_each_columns_render_method_writes_them(monkeypatch):
    """Ties, whole and exact scores both ways, a pair with no link or no names, markup escaped."""
    links = Links("club-1", 12, "A")
    fast = [StandingsTable(STANDINGS, links).html(), StandingsTable(STANDINGS[1:], links).html()]
    monkeypatch.setattr(StandingsTable, "_rows", Base._rows)
    links = Links("club-1", 12, "A")
    assert fast == [StandingsTable(STANDINGS, links).html(), StandingsTable(STANDINGS[1:], links).html()]
    assert (
        "&lt;i&gt;Cy&lt;/i&gt; &amp; &quot;Di&quot;" in fast[0] and "<td>&lt;b&gt;2&lt;/b&gt;</td>" in fast[0]
    )


@pytest.mark.parametrize("rows", [STANDINGS, STANDINGS[2:], STANDINGS[:1], []])
def test_the_standings_drawn_without_a_table_are_the_tables_own(rows):
    """``StandingsTable.draw``, as the standings page draws its lists, writes what the table writes:
    with the links it is given (two sections' pairs link apart), and with no row at all."""
    for links in (Links("club-1", 12, "A"), Links("other-club", 7, "B")):
        drawn = StandingsTable.draw(rows, links)
        assert drawn == StandingsTable(rows, Links(links.club, links.event, links.section)).html()
        assert ("/c/other-club/e/7/" in drawn) == (links.club == "other-club" and bool(rows))


def test_a_row_of_another_kind_is_drawn_by_a_table_made_for_it(monkeypatch):
    """Rows that are not the report's standings rows are drawn cell by cell, as the table draws them."""

    class Row:
        def __init__(self, row: StandingRow) -> None:
            for name in StandingRow.__slots__:
                setattr(self, name, getattr(row, name))
            self.rank_text = row.rank_text

    rows = [Row(row) for row in STANDINGS]
    expected = StandingsTable(rows, Links("club-1", 12, "A")).html()
    monkeypatch.setattr(tables, "_standing_tail", lambda *args: pytest.fail("drawn as standings rows"))
    assert StandingsTable.draw(rows, Links("club-1", 12, "A")) == expected
    assert "&lt;i&gt;Cy&lt;/i&gt;" in expected


def test_a_standings_table_of_other_columns_is_drawn_cell_by_cell(monkeypatch):
    table = StandingsTable(STANDINGS, Links("club-1", 12, "A"), exclude=("names",))
    monkeypatch.setattr(tables, "_standing_tail", lambda *args: pytest.fail("drawn as the whole table"))
    assert Markup(table.html()).items == _as_django_tables2_draws_it(table)


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


def _line(place: Place, pair: str, total: Fraction, unit: str = "MP", **kwargs) -> ContractStandingRow:
    kwargs.setdefault("pair_pk", 7)
    kwargs.setdefault("names", "Ann & Bo")
    kwargs.setdefault("top", Fraction(24) if unit == "MP" else None)
    kwargs.setdefault("percent", total / 24 * 100 if unit == "MP" else None)
    return ContractStandingRow(place, pair, total=total, unit=unit, boards=12, direction=None, **kwargs)


def _contract_lines(unit: str) -> list[ContractStandingRow]:
    figures = [Fraction(121, 2), Fraction(40, 3), Fraction(40, 3), Fraction(0), Fraction(-17, 3)]
    if unit == "MP":
        figures = [abs(figure) for figure in figures]
    return [
        _line(Place(1, 1), "4", figures[0], unit, names='<i>Cy</i> & "Di"'),
        _line(Place(2, 3), "<b>2</b>", figures[1], unit, pair_pk=None, names=""),
        _line(Place(2, 3), "1", figures[2], unit, top=None, percent=None),
        _line(Place(4, 4), "3", figures[3], unit, pair_pk=123456789),
        _line(Place(5, 5), "5", figures[4], unit),
    ]


@pytest.mark.parametrize("unit", ["MP", "IMP"])
def test_a_contract_nights_standings_rows_are_written_as_the_render_methods_write_them(monkeypatch, unit):
    lines = _contract_lines(unit)
    fast = ContractStandingsTable(lines, Links("club-1", 12, "A"), unit).html()
    monkeypatch.setattr(ContractStandingsTable, "_rows", Base._rows)
    assert fast == ContractStandingsTable(lines, Links("club-1", 12, "A"), unit).html()
    assert "&lt;i&gt;Cy&lt;/i&gt; &amp; &quot;Di&quot;" in fast and "<td>2=</td>" in fast
