"""The standings sheet for the notice board: per direction and overall, or the team totals.

Pair contests (Law H): each pair's plus or minus against the average of the pairs who held
the same cards in the same direction, rounded half away from zero, with the
exact fraction where rounding hides it and "2=" for a shared rank. Duplicate Whist prints
the same in tricks (Foster's compass scoring). Team matches (Law G): each team's gross, the
odd-pair average where it applies, the totals and who won, with the engine's lines.
Duplicate Contract Bridge prints matchpoints with the top and percentage, or IMPs, per list
(N-S and E-W for a two-winner Mitchell), and a team match's IMPs and VPs: each game's story is
its own (``games.of(event).standings_story``).
"""

from __future__ import annotations

from reportlab.platypus import Flowable, KeepTogether

from scoring.shared.seats import Side

from .. import games
from ..reports import StandingRow, match_summary, not_played_rows, standings_rows
from ..scores.types import SectionScores
from .base import PdfRenderer, rounded, signed
from .match import totals_block

WIDTHS = (0.08, 0.09, 0.47, 0.08, 0.13, 0.15)


class StandingsPdf(PdfRenderer):
    """Standings: N-S, E-W and overall for a pair contest; team totals for a match."""

    slug = "standings"
    title = "Standings"
    description = (
        "Per direction and overall, ranks with ties, the exact fraction where rounding hides it; "
        "matchpoints and percentages or IMPs at contract bridge."
    )

    def story(self) -> list[Flowable]:
        story: list[Flowable] = [self.text(f"Standings — {self.event.name}", "title")]
        game = games.of(self.event)
        for sheet in self.sheets:
            title = self.section_title(sheet.section)
            if title:
                story.append(self.text(title, "heading"))
            story += game.standings_story(self, sheet)
            story += self.not_played(sheet)
            story += self.problems(sheet)
        return story

    # -- a pair contest --

    @property
    def unit(self) -> str:
        return games.of(self.event).unit

    def contest(self, sheet: SectionScores) -> list[Flowable]:
        overall = standings_rows(sheet)
        if not overall:
            return [self.text("No result is scored yet: the standings appear with the first scored deal.")]
        if not games.of(self.event).declares:
            how = (
                "Compass whist: each side scores the tricks it took on every deal, and a pair's figure is "
                "its tricks less the average of the pairs who held the same cards in the same direction."
            )
        else:
            how = (
                "A pair's score on each deal is its net score less the average of the pairs who held the "
                "same cards in the same direction (Law H)."
            )
        story: list[Flowable] = [
            self.text(how, "small"),
            self.text(
                f"Scores are plus or minus {self.unit}, rounded half away from zero; the exact "
                "figure is printed where rounding hides it. A rank marked = is shared.",
                "small",
            ),
        ]
        for heading, rows in (
            ("North-South", standings_rows(sheet, Side.NS)),
            ("East-West", standings_rows(sheet, Side.EW)),
            ("Overall", overall),
        ):
            if rows:
                story.append(KeepTogether([self.text(heading, "heading"), self.standings_table(rows)]))
        return story

    def standings_table(self, rows: list[StandingRow]) -> Flowable:
        """Rank, pair, players, deals, the rounded score and, where rounding hides it, the exact one."""
        exact = any(row.exact for row in rows)
        body: list[list[object]] = [
            ["Rank", "Pair", "Players", "Deals", f"± {self.unit}", *(["Exactly"] if exact else [])]
        ]
        for row in rows:
            cells = [
                row.rank_text,
                row.pair,
                self.text(row.names, "cell"),
                str(row.deals),
                rounded(row.score),
            ]
            body.append(cells + ([signed(row.score) if row.exact else ""] if exact else []))
        widths = WIDTHS if exact else (*WIDTHS[:2], WIDTHS[2] + WIDTHS[5], *WIDTHS[3:5])
        return self.table(body, widths, numeric=range(3, len(body[0])), centred=(0, 1))

    # -- a team match --

    def match(self, sheet: SectionScores) -> list[Flowable]:
        summary = match_summary(sheet)
        match = games.of(self.event).team_match(sheet)
        if summary is None or match is None:
            return [
                self.text("No deal has been played at every table yet: the match totals appear then (Law G).")
            ]
        story = totals_block(self, summary)
        pairs: list[list[object]] = [["Team", "Pair", "Players", "Sits", summary.unit.capitalize()]]
        for team in (match.first, match.second):
            for total in team.pairs:
                pair = sheet.pairs.get(total.pair)
                pairs.append(
                    [
                        team.team,
                        total.pair,
                        self.text(pair.names if pair else "", "cell"),
                        total.direction.label,
                        str(total.points),
                    ]
                )
        story += [
            self.text("Each pair's gross", "heading"),
            self.table(pairs, (0.22, 0.08, 0.48, 0.08, 0.14), numeric=(4,), centred=(1, 3)),
            self.text("How the match was scored", "heading"),
            *self.notes(summary.lines),
        ]
        return story

    def not_played(self, sheet: SectionScores) -> list[Flowable]:
        """The boards a table did not play, and the ruling that scores each (Laws 12C2, 78A, B (3))."""
        rows = not_played_rows(sheet)
        if not rows:
            return []
        return [self.text("Boards not played", "heading"), *self.notes([row.text for row in rows])]

    def problems(self, sheet: SectionScores) -> list[Flowable]:
        if not sheet.problems:
            return []
        return [
            self.text("For the director: results not yet counted", "heading"),
            *self.notes(sheet.problems),
        ]
