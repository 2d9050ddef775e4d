"""Every printed document, rendered and read back with poppler's tools.

The expected figures come from the engine (``score_section`` and the scoring values it
holds), never from the renderer: the text of the PDF must carry the same pairs and the same
numbers, the page count must match "page x of y" in the footer, and the fonts with the suit
symbols must be embedded.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from scoring.auction.honours import honours_held
from scoring.auction.rubber import PadStyle
from scoring.contests.movements import boards_text
from scoring.contests.pairs import natural_key
from scoring.shared.cards import Hands
from scoring.shared.seats import Side
from tests.tournament.factories import (
    PLAYED_DEAL,
    make_club,
    make_event,
    make_member,
    make_played_night,
    play_all,
)
from tests.tournament.pdf_text import plain, read_pdf, shown, shown_rounded
from tournament.models import Club, Event, Seating
from tournament.pdf import DOCUMENTS, DocumentUnavailable, documents_for, renderer_for
from tournament.pdf.base import PdfRenderer
from tournament.pdf.match import totals_block
from tournament.pdf.pads import four_hand_rubber, three_hand_rubber, whist_rubber
from tournament.reports import MatchSummary, TeamLine
from tournament.scores.facts import contract_of
from tournament.scores.standings import score_section
from tournament.scores.types import SectionScores

pytestmark = pytest.mark.django_db

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "R": "R♠", "NT": "NT"}


def render(event: Event, doc: str):
    # the site's address, for the documents that print links (the table cards)
    filename, content_type, content = renderer_for(event, doc, base_url="http://testserver/").render()
    assert content_type == "application/pdf"
    assert filename.endswith(f"-{doc}.pdf")
    return read_pdf(content)


def sheet_of(event: Event) -> SectionScores:
    return score_section(event.sections.get())


def symbols(contract: str) -> str:
    """ "3HX" as the sheets print it: 3♥X."""
    if not contract or not contract[0].isdigit():
        return contract
    strain = "NT" if contract[1:].startswith("NT") else contract[1]
    return contract[0] + SYMBOLS[strain] + contract[1 + len(strain) :]


def row_pattern(*cells: str) -> re.Pattern[str]:
    """A printed table row: the cells in order, separated by spaces only."""
    return re.compile(
        r"^\s*" + r"\s+".join(re.escape(cell) for cell in cells if cell) + r"\s*$", re.MULTILINE
    )


# --- every document ---------------------------------------------------------------------------


@pytest.fixture
def match_night() -> Event:
    return make_played_night(tables=2, form=Event.Form.TEAMS)


def test_a_team_match_offers_every_document_and_a_pair_contest_all_but_the_match_sheet(match_night):
    pairs_night = make_played_night(tables=3)

    assert [r.slug for r in documents_for(match_night)] == list(DOCUMENTS)
    assert "match" not in [r.slug for r in documents_for(pairs_night)]
    with pytest.raises(DocumentUnavailable, match="Law G"):
        renderer_for(pairs_night, "match")
    with pytest.raises(DocumentUnavailable, match="choose one of"):
        renderer_for(pairs_night, "scorecards")


@pytest.mark.parametrize("doc", list(DOCUMENTS))
def test_every_page_has_the_header_and_page_x_of_y_in_the_footer(match_night, doc):
    read = render(match_night, doc)

    assert read.page_count == len(read.pages) >= 1
    for number, page in enumerate(read.pages, start=1):
        assert f"page {number} of {read.page_count}" in page
        assert match_night.club.name in page
        assert match_night.name in page
        assert "Thursday" in page or f"{match_night.date:%B %Y}" in page


@pytest.mark.parametrize("doc", list(DOCUMENTS))
def test_every_document_embeds_the_dejavu_fonts_with_the_suit_symbols(match_night, doc):
    read = render(match_night, doc)

    assert read.fonts, "no font listed"
    assert all(embedded == "yes" for _, embedded in read.fonts), read.fonts
    assert any(name.endswith("+DejaVuSans") for name, _ in read.fonts)
    assert all("DejaVu" in name for name, _ in read.fonts), read.fonts


@pytest.mark.parametrize(
    ("paper", "size"), [(Club.PaperSize.A4, "(A4)"), (Club.PaperSize.LETTER, "(letter)")]
)
def test_documents_print_on_the_paper_the_club_chose(paper, size):
    event = make_played_night(tables=3)
    Club.objects.filter(pk=event.club_id).update(paper_size=paper)
    event.refresh_from_db()

    assert size in render(event, "standings").page_size


def test_the_same_night_always_prints_the_same_bytes():
    event = make_played_night(tables=3)

    assert renderer_for(event, "recaps").render() == renderer_for(event, "recaps").render()


# --- standings --------------------------------------------------------------------------------


def test_standings_print_every_pair_per_direction_and_overall_with_the_engines_figures():
    event = make_played_night(tables=3)
    contest = sheet_of(event).contest
    pairs = sheet_of(event).pairs
    read = render(event, "standings")

    assert contest is not None
    assert any(s.score.denominator != 1 for s in contest.standings), "the night should need fractions"
    for heading, standings in (
        ("North-South", contest.ns_standings),
        ("East-West", contest.ew_standings),
        ("Overall", contest.standings),
    ):
        ranks = [s.rank for s in standings]
        block = read.text.split(heading, 1)[1]
        for standing in standings:
            rank = f"{standing.rank}=" if ranks.count(standing.rank) > 1 else str(standing.rank)
            exact = shown(standing.score) if standing.score.denominator != 1 else ""
            cells = (rank, standing.pair, pairs[standing.pair].names, str(standing.deals))
            assert row_pattern(*cells, shown_rounded(standing.score), exact).search(block), (
                heading,
                standing,
            )


def test_standings_mark_a_shared_rank_with_an_equals_sign():
    club = make_club()
    event = make_event(club, make_member(club), game=Event.Game.WHIST)
    play_all(event, lambda seating, board: "H 7")  # every table the same: every pair level at 0
    read = render(event, "standings")

    assert "± tricks" in read.text
    # six pairs: three in each direction's table, six overall
    assert len(re.findall(r"^\s*1=\s+\d(NS|EW)\s", read.text, re.MULTILINE)) == 3 + 3 + 6
    assert "Exactly" not in read.text  # no fraction to show


def test_standings_of_a_match_print_the_team_totals_and_the_winner(match_night):
    match = sheet_of(match_night).match
    read = render(match_night, "standings")

    assert match is not None
    for team in (match.first, match.second):
        assert row_pattern(team.team, str(team.gross), str(team.total)).search(read.text)
        for pair in team.pairs:
            assert re.search(
                rf"{re.escape(team.team)}\s+{pair.pair}\s.*\s{pair.points}\s*$", read.text, re.MULTILINE
            )
    assert f"{match.winner} win by" in read.text


def test_standings_before_any_result_say_so():
    club = make_club()
    event = make_event(club, make_member(club))

    assert "No result is scored yet" in render(event, "standings").text


# --- recaps -----------------------------------------------------------------------------------


def test_recaps_give_each_pair_its_own_page_with_every_deal_average_and_running_total():
    event = make_played_night(tables=3)
    sheet = sheet_of(event)
    read = render(event, "recaps")
    assert sheet.contest is not None
    # a Mitchell's N-S pairs first, then its E-W pairs, each in table order
    real = [p.label for p in sheet.pairs.values() if not p.is_phantom]
    labels = sorted(real, key=lambda label: (label[-2:] != "NS", natural_key(label)))

    assert read.page_count == len(labels)  # six deals a pair fit one page
    for number, label in enumerate(labels, start=1):
        page = read.pages[number - 1]
        assert f"Recap — pair {label}" in page
        assert sheet.pairs[label].names in page
        scores = {s.deal: s for s in sheet.contest.pair_scores(label)}
        running = Fraction(0)
        for scored in sorted(
            sheet.for_pair(label), key=lambda s: (s.result.seating.round, s.result.board.number)
        ):
            result = scored.result
            score = scores[str(result.board.number)]
            running += score.difference
            assert re.search(
                rf"^\s*{result.seating.round}\s+{result.seating.table.number}\s+{result.board.number}\*?\s+"
                rf"{score.direction.label}\s+{score.opponents}\s+{re.escape(symbols(result.contract_text))}\s+"
                rf"{result.declarer}\s+{result.tricks}\s+{re.escape(plain(score.score))}\s+"
                rf"{re.escape(plain(score.average))}\s+{re.escape(shown(score.difference))}\s+"
                rf"{re.escape(shown(running))}\s*$",
                page,
                re.MULTILINE,
            ), (label, result.board.number)
        assert "± points deal by deal" in page  # the chart's heading
        assert "Board number, in the order played" in page  # and its axis


def test_a_recap_prints_the_rulings_that_touched_the_pair_with_their_law():
    event = make_played_night(tables=3)
    sheet = sheet_of(event)
    read = render(event, "recaps")
    ruled = next(s for s in sheet.results if s.rulings)
    result = ruled.result

    for label in (result.ns.label, result.ew.label):
        page = read.pages[read.page_of(f"Recap — pair {label}\n") - 1]
        where = (
            f"Board {result.board.number} (round {result.seating.round}, table {result.seating.table.number})"
        )
        assert f"{where}: Law F: Out of turn." in page
    untouched = next(
        p.label
        for p in sheet.pairs.values()
        if all(p.label not in (s.result.ns.label, s.result.ew.label) for s in sheet.results if s.rulings)
    )
    assert "Law F" not in read.pages[read.page_of(f"Recap — pair {untouched}\n") - 1]


def test_recaps_of_a_match_print_each_pairs_gross_and_its_team(match_night):
    match = sheet_of(match_night).match
    read = render(match_night, "recaps")

    assert match is not None
    for team in (match.first, match.second):
        for pair in team.pairs:
            page = read.pages[read.page_of(f"Recap — pair {pair.pair}\n") - 1]
            assert f"Plays {pair.direction.label} for {team.team}: {pair.points} points gross" in page
            assert re.search(rf"\s{pair.points}\s*$", page, re.MULTILINE)  # the last running gross


# --- travellers -------------------------------------------------------------------------------


def test_travellers_print_every_table_with_the_hand_diagram_and_the_honours():
    event = make_played_night(tables=3)
    sheet = sheet_of(event)
    read = render(event, "travellers")
    assert sheet.contest is not None

    for traveller in sheet.contest.travellers:
        board = int(traveller.deal)
        start = read.text.index(f"Board {board} · dealer")
        end = read.text.find(" · dealer", start + 20)
        block = read.text[start : end if end > 0 else None]
        cards = block.replace(" ", "")  # pdftotext drops some of the narrow spaces between cards
        assert "♠AKQJ10" in cards and "♦AKQ" in cards  # North's hand of the deal
        assert "Honours held, by declaration played" in block
        hands = Hands.parse(PLAYED_DEAL)
        for strain in {contract_of(s.result).strain for s in sheet.by_board()[board]}:
            held = zip("NESW", honours_held(hands, strain), strict=True)
            counts = ",".join(f"{seat}{count}" for seat, count in held if count)
            assert f"{strain.noun.replace(' ', '')}:{counts}" in cards
        for line in traveller.lines:
            assert line.split(":")[0] in block
        for scored in sheet.by_board()[board]:
            r = scored.result
            engine = next(row for row in traveller.rows if row.ns == r.ns.label)
            assert scored.score is not None
            assert re.search(
                rf"^\s*{r.seating.round}\s+{r.seating.table.number}\*?\s+{r.ns.label}\s+{r.ew.label}\s+"
                rf"{re.escape(symbols(r.contract_text))}\s+{r.declarer}\s+{r.tricks}\s+{scored.score.ns.total}\s+"
                rf"{scored.score.ew.total}\s+{re.escape(plain(scored.score.net_ns))}\s+"
                rf"{re.escape(shown(engine.ns_difference))}\s+{re.escape(shown(engine.ew_difference))}\s*$",
                block,
                re.MULTILINE,
            ), (board, r.seating.table.number)


def test_whist_travellers_print_the_tricks_each_side_took():
    event = make_played_night(tables=3, game=Event.Game.WHIST)
    sheet = sheet_of(event)
    read = render(event, "travellers")
    assert sheet.contest is not None

    assert "N-S tricks" in read.text and "E-W tricks" in read.text
    for traveller in sheet.contest.travellers:
        for row in traveller.rows:
            assert re.search(
                rf"\s{row.ns}\s+{row.ew}\s+♥\s+{row.ns_score}\s+{row.ew_score}\s+"
                rf"{re.escape(shown(row.ns_difference))}\s+{re.escape(shown(row.ew_difference))}\s*$",
                read.text,
                re.MULTILINE,
            )


def test_travellers_of_a_match_give_each_deals_swing(match_night):
    match = sheet_of(match_night).match
    read = render(match_night, "travellers")
    assert match is not None

    words = " ".join(read.text.split())  # the side column wraps its lines
    for deal in match.deals:
        assert (
            f"{match.first.team} {deal.first_points}, {match.second.team} {deal.second_points}: "
            f"swing {shown(deal.swing)} to {match.first.team}"
        ) in words


# --- the match sheet --------------------------------------------------------------------------


def test_the_match_sheet_prints_both_tables_each_teams_gross_and_the_swing(match_night):
    match = sheet_of(match_night).match
    read = render(match_night, "match")
    assert match is not None

    running = 0
    for deal in match.deals:
        running += deal.swing
        # the deal's figures span its tables' rows, so they print on a line of their own
        assert re.search(
            rf"^\s*{deal.deal}\s+{deal.first_points}\s+{deal.second_points}\s+"
            rf"{re.escape(shown(deal.swing))}\s+{re.escape(shown(running))}\s*$",
            read.text,
            re.MULTILINE,
        ), deal.deal
        for table in deal.tables:
            assert re.search(
                rf"\s{table.ns}\s+{table.ew}\s.*\s{table.ns_points}\s+{table.ew_points}\s*$",
                read.text,
                re.MULTILINE,
            )
    assert f"{match.first.team} v {match.second.team}" in read.text
    for line in match.lines:
        assert line in read.text.replace("\n    ", " ")
    assert "Average added" not in read.text  # even teams: no odd pair


def test_the_match_sheet_adds_the_odd_pair_average_when_the_teams_have_odd_pairs():
    event = make_played_night(tables=3, form=Event.Form.TEAMS)
    match = sheet_of(event).match
    read = render(event, "match")
    assert match is not None

    assert "Odd pair sits" in read.text and "Average added" in read.text
    for team in (match.first, match.second):
        assert team.average is not None and team.odd_direction is not None
        assert re.search(
            rf"{re.escape(team.team)}\s+{team.gross}\s+{team.odd_direction.label}\s+{team.average_rounded} "
            rf"\(exactly {re.escape(plain(team.average))}\)\s+{team.total}",
            read.text,
        )


def test_a_match_won_by_the_fraction_of_a_point_says_so(match_night):
    teams = [
        TeamLine("Royals", 100, "N-S", Fraction(301, 3), 100, 200, Fraction(601, 3)),
        TeamLine("Lilies", 100, "E-W", Fraction(299, 3), 100, 200, Fraction(599, 3)),
    ]
    summary = MatchSummary(teams[0], teams[1], "Royals", Fraction(2, 3), True, "points", ())

    words = " ".join(
        f.getPlainText()
        for f in totals_block(PdfRenderer(match_night), summary)
        if hasattr(f, "getPlainText")
    )

    assert "Royals win by the fraction of a point (2/3) (Law G)." in words
    assert "won by the fraction of a point (Law G)" in words


# --- guide cards ------------------------------------------------------------------------------


def test_guide_cards_tell_each_table_and_each_pair_where_to_sit_whom_to_meet_and_which_boards():
    club = make_club()
    event = make_event(club, make_member(club), pairs=7)  # a Mitchell of 4 tables with a sit-out
    read = render(event, "guide")
    seatings = list(Seating.objects.filter(section__event=event).select_related("table", "ns", "ew"))
    rounds = max(s.round for s in seatings)

    tables = read.text[: read.text.index("Pair guide cards")]
    for seating in seatings:
        assert re.search(
            rf"^\s*{seating.round}\s+{seating.ns.label}\s+{seating.ew.label}\s+{boards_text(seating.board_numbers)}",
            tables[tables.index(f"Table {seating.table.number}\n") :],
            re.MULTILINE,
        )
    pairs = read.text[read.text.index("Pair guide cards") :]
    for seating in seatings:
        for pair, side, other in ((seating.ns, Side.NS, seating.ew), (seating.ew, Side.EW, seating.ns)):
            line = rf"{seating.round}\s+{seating.table.number}\s+{side.label}\s+{other.label}\s+" + re.escape(
                boards_text(seating.board_numbers)
            )
            assert re.search(line, pairs), (pair.label, seating.round)
    sitting_out = {p.label for p in event.sections.get().pairs.filter(is_phantom=False)}
    for round_ in range(1, rounds + 1):
        seated = {p.label for s in seatings if s.round == round_ for p in (s.ns, s.ew)}
        assert len(sitting_out - seated) == 1  # one real pair meets the phantom each round
    assert pairs.count("sits out this round") == rounds


def table_cards(text: str) -> dict[int, str]:
    """Each table guide card's text, by table number."""
    parts = re.split(r"^\s*Table (\d+)$", text[: text.index("Pair guide cards")], flags=re.MULTILINE)
    return {int(number): card for number, card in zip(parts[1::2], parts[2::2], strict=True)}


def test_guide_cards_name_the_movement_on_every_card_and_the_relay_and_bye_stand_where_they_are():
    club = make_club()
    event = make_event(club, make_member(club), pairs=8, movement="relay_mitchell")
    text = render(event, "guide").text

    assert text.count("Movement: Mitchell with a relay and bye stand.") == 4 + 8  # every card
    cards = table_cards(text)
    stand = "Bye stand between tables 2 and 3: boards 5-6 in round 1; boards 7-8 in round 2;"
    assert [table for table, card in cards.items() if stand in card] == [2, 3]
    assert "In rounds 2-4 its boards come from the bye stand." in cards[2]
    assert "After rounds 1-3 its boards go to the bye stand." in cards[3]
    assert "Relay: shares its boards with table 4 in every round" in cards[1]
    assert "Relay: shares its boards with table 1 in every round" in cards[4]


def test_guide_cards_of_a_skip_mitchell_say_after_which_round_the_ew_pairs_skip():
    club = make_club()
    event = make_event(club, make_member(club), pairs=8, movement="skip_mitchell")
    text = render(event, "guide").text
    assert text.count("Movement: Mitchell with a skip.") == 4 + 8
    skip = "After round 2 the E-W pairs skip a table: they move up two tables instead of one."
    assert all(skip in card for card in table_cards(text).values())


# --- score pads -------------------------------------------------------------------------------


def test_score_pads_print_the_engines_sample_rubbers_and_blank_pads(match_night):
    read = render(match_night, "pads")
    rubber = four_hand_rubber()
    three = three_hand_rubber().rubber
    whist = whist_rubber()

    assert read.page_count == 5
    assert rubber.value().text in read.text
    for style in PadStyle:
        total = next(row for row in rubber.pad(style) if row.kind.name == "TOTAL")
        assert row_pattern(*(cell for cell in total.cells if cell)).search(read.text), style
    for payment in three.settlement().payments:
        assert payment.text in read.text
    assert row_pattern("Total", *(str(three.totals()[player]) for player in three.players)).search(read.text)
    assert f"win a rubber worth {whist.value()} points" in read.text
    assert "Four-hand Auction: blank pads" in read.pages[3]
    assert "Three-hand Auction and Whist: blank pads" in read.pages[4]
