"""The public pages of a contract bridge night: standings, a traveller, a recap, the match, one result.

``views.public`` finds the event and scores the section (a fixed number of queries) and hands
contract bridge sections here; these functions only shape the rows of
``tournament.games.contract.reports`` into the tables and templates.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_tables2 import Table

from ...models import Board, Event, Pair
from ...reports import hand_diagram, not_played_by_pair, not_played_rows, rulings_rows
from ...scores.types import SectionScores
from ...tables import Links
from . import reports as rows
from .game import CONTRACT
from .tables import ContractMatchTable, ContractRecapTable, ContractStandingsTable, ContractTravellerTable


def _unit(sheet: SectionScores, absent: str) -> str:
    """What the contest's figures count ("MP", "IMPs", "VPs"), or ``absent`` before it is run."""
    return sheet.payload.unit if sheet.payload is not None else absent


def standings_panels(sheet: SectionScores, links: Links | None = None) -> list[tuple[str, str, Table]]:
    """(key, heading, table) for each standings list: the field, or N-S and E-W of a two-winner Mitchell."""
    contest = sheet.payload
    if contest is None or not contest.standings:
        return []
    links, letter = links or Links.of(sheet.section), sheet.section.letter
    if contest.two_winner:
        lists = [("ns", "N-S pairs", "NS"), ("ew", "E-W pairs", "EW")]
    else:
        lists = [("overall", "Overall", None)]
    return [
        (
            f"{letter}-{key}",
            heading,
            ContractStandingsTable(rows.contract_standings_rows(sheet, side), links, contest.unit),
        )
        for key, heading, side in lists
    ]


def traveller_table(sheet: SectionScores, number: int) -> tuple[list[rows.ContractTravellerLine], Table]:
    lines = rows.contract_traveller_rows(sheet, number)
    unit = _unit(sheet, "MP")
    hidden = CONTRACT.traveller_hidden(sheet.event.is_teams)
    return lines, ContractTravellerTable(lines, Links.of(sheet.section), unit, exclude=hidden)


def traveller_page(
    request: HttpRequest, event: Event, sheet: SectionScores, board: Board, lines: Any, table: Table
) -> HttpResponse:
    context = {
        "event": event,
        "game": CONTRACT,
        "sheet": sheet,
        "board": board,
        "table": table,
        "rows": lines,
        "heading": rows.board_heading(sheet, board),
        "diagram": hand_diagram(board),
        "rulings": [ruling for ruling in rulings_rows(sheet) if ruling.board == board.number],
        "not_played": [row for row in not_played_rows(sheet) if row.board == board.number],
    }
    return render(request, "tournament/public/contract_traveller.html", context)


def recap_table(sheet: SectionScores, pair: Pair) -> tuple[list[rows.ContractRecapLine], Table]:
    lines = rows.contract_recap_rows(sheet, pair.label)
    unit = _unit(sheet, "MP")
    hidden = CONTRACT.recap_hidden(sheet.event.is_teams, lines)
    return lines, ContractRecapTable(lines, Links.of(sheet.section), unit, exclude=hidden)


def recap_page(
    request: HttpRequest, event: Event, sheet: SectionScores, pair: Pair, lines: Any, table: Table
) -> HttpResponse:
    standing = sheet.payload.standing(pair.label) if sheet.payload is not None else None
    context = {
        "event": event,
        "sheet": sheet,
        "pair": pair,
        "table": table,
        "standing": standing,
        "unit": _unit(sheet, ""),
        "ruled": [line for line in lines if line.rulings or line.adjusted],
        "not_played": not_played_by_pair(not_played_rows(sheet)).get(pair.label, []),
    }
    return render(request, "tournament/public/contract_recap.html", context)


def match_table(sheet: SectionScores) -> Table | None:
    match = sheet.payload.match if sheet.payload is not None else None
    if match is None:
        return None
    return ContractMatchTable(
        rows.contract_match_rows(sheet), Links.of(sheet.section), match.home, match.away
    )


def explain_page(
    request: HttpRequest, event: Event, sheet: SectionScores, detail: Any, is_member: bool
) -> HttpResponse:
    context = {"event": event, "sheet": sheet, "detail": detail, "is_member": is_member}
    return render(request, "tournament/public/contract_explain.html", context)
