"""Score a real session again from its raw table results, as the program that wrote it did.

``python -m scoring rescore FILE`` (specs/scoring-cli.md) reads a PBN 2.1 file with score
tables or a USEBIO 1.2 file (:func:`read_session`), and :func:`rescore` scores it again:

* from the raw results only — each line's score from N-S's side, or, where the file gives
  none, the score of its contract, declarer and tricks (Law 77); the artificial scores
  the file writes (``A+``, ``A5050``, ``A6040``); a pair's ``Bye`` row. The file's own
  matchpoints, IMPs, VPs, totals, percentages and places are never read to make a figure:
  a check compares against them;
* by the method the file names (:meth:`.session.Method.of`: PBN ``[Scoring]``, USEBIO
  ``EVENT_TYPE``) — matchpoints (:mod:`.rescore_pairs`), Butler or cross-IMPs, or teams
  on Victory Points (:mod:`.rescore_imps`);
* with the conventions of the program family that wrote it (:class:`.rescored.Family`,
  from the file's Generator, Application or PROGRAM_NAME).

A file that holds one session of several is scored as that session: its own figures. The
figures of several sessions together are :func:`cumulative`. Matchpoints a director set
by hand on a line cannot come from the raw scores; a caller who knows them passes them as
``director_set`` and they are used for that line alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..contests.ranking import competition_ranks
from ..contract.board import vulnerability as board_vulnerability
from ..contract.deal import score_board
from ..shared.errors import ScoringError
from ..shared.numbers import fraction_text
from ..shared.seats import Side
from .pbn_session import read_pbn_session
from .rescore_imps import rescore_imp_pairs, rescore_teams
from .rescore_pairs import rescore_matchpoints
from .rescored import Family, Rescore, RescoreError, Standing, decimal_of
from .session import Method, Session
from .usebio import read_usebio

__all__ = ["cumulative", "read_session", "rescore", "rescore_json"]

DirectorSet = Mapping[tuple[int, str, str], tuple[Fraction, Fraction]]
"""Figures a director set by hand: (board, N-S pair, E-W pair) → (N-S's, E-W's)."""


def read_session(data: bytes) -> Session:
    """Read a results file as a session: USEBIO when it is XML, else PBN (spec §6).

    A file that is neither is a :class:`RescoreError`; a broken one is the reader's error
    (:class:`~scoring.shared.errors.PbnError`, :class:`~scoring.shared.errors.UsebioError`)
    naming its line.
    """
    if not isinstance(data, bytes | bytearray):
        raise RescoreError("A results file is read as bytes, as it was saved.")
    head = bytes(data[:4096]).lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith((b"<", b"\xff\xfe", b"\xfe\xff")):
        return read_usebio(bytes(data))
    if head.startswith((b"%", b"[", b"{", b";")):
        return read_pbn_session(bytes(data))
    raise RescoreError(
        'This file is neither PBN nor USEBIO: a PBN file starts with % PBN or a [Tag "value"] line, '
        "a USEBIO file with <?xml or <USEBIO."
    )


def rescore(
    session: Session,
    *,
    boards_per_match: int | None = None,
    director_set: DirectorSet | None = None,
) -> Rescore:
    """Score the session again from its raw results, by its method and its producer's conventions.

    ``boards_per_match`` gives a teams file's boards per match when the file does not.
    """
    method = session.method
    if method is None:
        raise RescoreError(
            f"The file does not say how the session was scored in words this engine knows "
            f"({session.event.scoring or session.event.event_type or 'nothing'}): matchpoints, Butler, "
            "cross-IMPs or teams."
        )
    family = Family.of(session.event)
    if method is Method.TEAMS:
        return rescore_teams(session, family, boards_per_match)
    scores = _raw_scores(session)
    overrides = _overrides(session, director_set or {})
    if method is Method.MATCHPOINTS:
        return rescore_matchpoints(session, family, scores, overrides)
    return rescore_imp_pairs(session, method, family, scores, overrides)


def _raw_scores(session: Session) -> dict[int, int]:
    """Each line's N-S score by index: as the file gives it, or from its contract (Law 77)."""
    scores: dict[int, int] = {}
    for index, line in enumerate(session.lines):
        if line.score is not None:
            scores[index] = line.score
            continue
        if line.adjusted is not None or line.bye or not line.contract:
            continue
        if line.contract == "PASS":
            scores[index] = 0
            continue
        board = session.board(line.board)
        vulnerable = board.vulnerability if board is not None and board.vulnerability is not None else None
        if line.declarer is None or line.tricks is None:
            raise RescoreError(
                f"Board {line.board}, {line.ns} against {line.ew}: the line gives the contract "
                f"{line.contract} but no score, and no declarer or tricks to score it by (Law 77)."
            )
        try:
            result = score_board(
                line.board,
                line.contract,
                line.declarer,
                line.tricks,
                vulnerable or board_vulnerability(line.board),
            )
        except ScoringError as error:
            raise RescoreError(f"Board {line.board}, {line.ns} against {line.ew}: {error}") from error
        scores[index] = result.score_ns
    return scores


def _overrides(session: Session, director_set: DirectorSet) -> dict[int, tuple[Fraction, Fraction]]:
    found: dict[int, tuple[Fraction, Fraction]] = {}
    for (board, ns, ew), figures in director_set.items():
        index = next(
            (
                i
                for i, line in enumerate(session.lines)
                if line.board == board and line.ns == ns and line.ew == ew
            ),
            None,
        )
        if index is None:
            raise RescoreError(f"Board {board} has no line of {ns} against {ew} to set matchpoints on.")
        found[index] = (Fraction(figures[0]), Fraction(figures[1]))
    return found


def cumulative(results: Sequence[Rescore]) -> tuple[Standing, ...]:
    """The standings of several sessions together: totals added, percentage over every board played.

    A participant's cumulative percentage is its total over the sum of its tops (for
    matchpoints); places are shared on the exact figure (spec §7). Ruter carries session 1
    into session 2 so (checked on the 2014 Finnish championship, 105 boards).
    """
    if not results:
        raise RescoreError("There is no session to add up.")
    Key = tuple[str, Side | None, str]
    totals: dict[Key, Fraction] = {}
    tops: dict[Key, Fraction] = {}
    boards: dict[Key, int] = {}
    for result in results:
        for standing in result.standings:
            key = (standing.id, standing.direction, standing.section)
            totals[key] = totals.get(key, Fraction(0)) + standing.total
            boards[key] = boards.get(key, 0) + standing.boards
            if standing.top is not None:
                tops[key] = tops.get(key, Fraction(0)) + standing.top
    percents = {key: 100 * totals[key] / tops[key] for key in totals if tops.get(key)}
    rank_on = percents if len(percents) == len(totals) else totals
    places = competition_ranks(rank_on)
    standings = [
        Standing(
            key[0], totals[key], percents.get(key), places[key], boards[key], key[1], tops.get(key), key[2]
        )
        for key in totals
    ]
    return tuple(sorted(standings, key=lambda s: (s.place.first, s.id)))


def rescore_json(result: Rescore) -> dict[str, object]:
    """The command line's answer (specs/scoring-cli.md, ``rescore``): method and participants.

    ``total`` and ``percent`` are JSON numbers rounded as the producer shows them; the
    exact figures follow as reduced-fraction strings (``exact_total``, ``exact_percent``),
    with the place as standings write it (``"25="``) and the list a pair is ranked in.
    """
    participants = []
    for standing in result.standings:
        entry: dict[str, object] = {
            "id": standing.id,
            "total": decimal_of(standing.total, result.total_places, result.halves_up),
            "percent": None
            if standing.percent is None
            else decimal_of(standing.percent, result.percent_places, result.halves_up),
            "rank": standing.place.first,
            "place": standing.place.text,
            "exact_total": fraction_text(standing.total),
            "exact_percent": None if standing.percent is None else fraction_text(standing.percent),
            "boards": standing.boards,
        }
        if standing.direction is not None:
            entry["direction"] = standing.direction.value
        if standing.section:
            entry["section"] = standing.section
        participants.append(entry)
    answer: dict[str, object] = {
        "scoring": result.scoring,
        "convention": result.family.value,
        "participants": participants,
    }
    if result.notes:
        answer["notes"] = list(result.notes)
    return answer
