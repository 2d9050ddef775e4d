"""The places a closed contract bridge night keeps per pair, for the player's page: "58.33 % (14 MP)"
or "+12 IMPs" of its list's pairs, or the match's result (Laws 78A, 78B). The answer of
``Contract.kept_places``, imported when asked.
"""

from __future__ import annotations

from scoring.contests.pairs import signed_text
from scoring.shared.numbers import mixed_text

from ...models import PairStanding
from ...reports.common import percent_text
from ...scores.types import SectionScores


def contract_places(sheet: SectionScores) -> list[PairStanding]:
    """A contract bridge night's kept places: "58.33 % (14 MP)" or "+12 IMPs", of its list's pairs;
    a team match's pairs keep the match's result."""
    contest = sheet.payload
    if contest is None:
        return []
    kept = []
    for pair in sheet.pairs.values():
        line = contest.standing(pair.label)
        if line is not None:
            of = len(contest.direction_standings(line.direction) if contest.two_winner else contest.standings)
            if line.percent is not None:
                score = f"{percent_text(line.percent)} % ({mixed_text(line.total)} {contest.unit})"
            else:
                score = f"{signed_text(line.total)} {contest.unit}"
            kept.append(PairStanding(pair=pair, rank=line.place.text, of=of, score=score[:120]))
        elif not pair.is_phantom:
            match, text = contest.match, ""
            if match is not None:
                home, away = mixed_text(match.home_total), mixed_text(match.away_total)
                text = f"{match.home} {home}, {match.away} {away} ({match.unit})"
            kept.append(PairStanding(pair=pair, score=text[:120]))
    return kept
