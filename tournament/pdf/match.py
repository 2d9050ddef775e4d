"""The team match sheet (Law G): per deal both tables, each team's gross and the swing.

Team totals are sums of gross scores (reading R-6). When the teams have an odd number of
pairs each team adds the average of the pairs seated opposite its odd pair, rounded to the
nearest whole number (R-5, R-7); when the rounded totals tie, the fraction decides and the
match is won "by the fraction of a point". The sheet prints those figures only when they
apply, and ends with the engine's own lines. A contract bridge match prints both tables'
contracts and N-S scores on every board, the net, each team's IMPs (or board-a-match or total
points) and the running total, then the totals and Victory Points (Law 78B; spec §3.4, §3.5):
each game's sheet is its own (``games.of(event).match_story``).
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from .. import games
from ..models import Event
from ..reports import MatchRow, MatchSummary, match_rows, match_summary
from ..scores.types import SectionScores
from .base import INK, PdfRenderer, contract_markup, plain, signed, trumps_markup


def totals_block(renderer: PdfRenderer, summary: MatchSummary) -> list[Flowable]:
    """Each team's gross, the odd-pair average where it applies, the totals and the winner (Law G)."""
    odd = any(team.average is not None for team in (summary.first, summary.second))
    fractions = any(team.exact != team.total for team in (summary.first, summary.second))
    head = ["Team", f"Gross {summary.unit}"]
    widths: list[float] = [0.4, 0.2]
    if odd:
        head += ["Odd pair sits", "Average added"]
        widths = [0.28, 0.14, 0.14, 0.16]
    head.append("Total")
    widths.append(0.14 if odd else 0.2)
    if fractions:
        head.append("Exactly")
        widths.append(0.14 if odd else 0.2)
    body: list[list[str]] = [head]
    for team in (summary.first, summary.second):
        row = [team.name, str(team.gross)]
        if odd:
            average = (
                "" if team.average is None else f"{team.average_rounded} (exactly {plain(team.average)})"
            )
            row += [team.odd_direction, average]
        row.append(str(team.total))
        if fractions:
            row.append(plain(team.exact))
        body.append(row)
    story: list[Flowable] = [
        renderer.text("Team totals (Law G)", "heading"),
        renderer.table(body, [w / sum(widths) for w in widths], numeric=range(1, len(head))),
        renderer.gap(),
        renderer.text(summary.text, "subheading"),
    ]
    if odd:
        story.append(
            renderer.text(
                "The teams have an odd number of pairs, so each adds, as though won by it, the average score "
                "of all pairs seated opposite its odd pair; fractions are disregarded and the nearest whole "
                "number taken (Law G; readings R-5, R-7).",
                "note",
            )
        )
    if summary.by_fraction:
        story.append(
            renderer.text(
                "The rounded totals tie, so the fraction is taken into account to avoid a tie: the match is "
                "won by the fraction of a point (Law G).",
                "note",
            )
        )
    return story


class MatchPdf(PdfRenderer):
    """The team match sheet: every deal at both tables, gross, swing, totals and the engine's lines."""

    slug = "match"
    title = "Team match sheet"
    description = "Per deal both tables, each team's gross and the swing; the totals by Law G."

    @classmethod
    def unavailable(cls, event: Event) -> str:
        return "" if event.is_teams else "This event is a pair contest: it has no team match sheet (Law G)."

    def story(self) -> list[Flowable]:
        story: list[Flowable] = []
        game = games.of(self.event)
        for sheet in self.sheets:
            story += game.match_story(self, sheet)
        return story

    def match_sheet(self, sheet: SectionScores) -> list[Flowable]:
        """A team match of gross scores (Law G): every deal at both tables, the totals, the lines."""
        summary = match_summary(sheet)
        if summary is None:
            return [
                self.text(f"Team match — {self.event.name}", "title"),
                self.text("No deal has been played at every table yet: the sheet fills in then (Law G)."),
            ]
        first, second = summary.first.name, summary.second.name
        story: list[Flowable] = [
            self.text(f"{first} v {second}", "title"),
            self.text(
                f"Gross {summary.unit} of each team's pairs on every deal. The swing is the gain (plus) "
                f"or loss (minus) of {first} on the deal; the running swing adds them up.",
                "small",
            ),
        ]
        story += [self.gap(2 * mm), self.deals(match_rows(sheet), first, second)]
        story += totals_block(self, summary)
        story += [self.text("How the match was scored", "heading"), *self.notes(summary.lines)]
        return story

    def deals(self, rows: list[MatchRow], first: str, second: str) -> Flowable:
        declares = games.of(self.event).declares
        unit = "pts" if declares else "tricks"
        what = ["Contract", "By", "Tricks"] if declares else ["Trumps"]
        head: list[object] = [
            "Deal",
            "Tbl",
            "N-S",
            "E-W",
            *what,
            f"N-S {unit}",
            f"E-W {unit}",
            self.text(first, "cell_head_right"),
            self.text(second, "cell_head_right"),
            "Swing",
            "Running",
        ]
        widths: tuple[float, ...]
        if declares:
            widths = (0.05, 0.04, 0.06, 0.06, 0.1, 0.05, 0.07, 0.08, 0.08, 0.11, 0.11, 0.09, 0.1)
        else:
            widths = (0.06, 0.05, 0.07, 0.07, 0.08, 0.1, 0.1, 0.12, 0.12, 0.11, 0.12)
        deal_columns = (0, len(head) - 4, len(head) - 3, len(head) - 2, len(head) - 1)
        body: list[list[object]] = [head]
        extra: list[tuple[object, ...]] = []
        for row in rows:
            top = len(body)
            for index, table in enumerate(row.tables):
                if declares:
                    tricks = "" if table.tricks is None else str(table.tricks)
                    played = [self.para(contract_markup(table.contract), "cell"), table.declarer, tricks]
                else:
                    played = [self.para(trumps_markup(table.contract), "cell_center")]
                deal = [
                    str(row.first_points),
                    str(row.second_points),
                    signed(row.swing),
                    signed(row.running_swing),
                ]
                body.append(
                    [
                        str(row.deal) if index == 0 else "",
                        str(table.table),
                        table.ns,
                        table.ew,
                        *played,
                        str(table.ns_points),
                        str(table.ew_points),
                        *(deal if index == 0 else ["", "", "", ""]),
                    ]
                )
            bottom = len(body) - 1
            if bottom > top:
                extra += [("SPAN", (column, top), (column, bottom)) for column in deal_columns]
            extra.append(("LINEABOVE", (0, top), (-1, top), 0.9, INK))
        first_number = len(what) + 3  # tricks and every figure after them
        return self.table(
            body,
            widths,
            numeric=range(first_number, len(head)),
            centred=(0, 1, 2, 3),
            stripes=False,
            extra=extra,
        )
