"""Hand records: the deal of every board, imported from PBN, dealt from a seed, or exported.

Every write goes through :func:`store`: it checks the records against the section (the same
boards, the same dealers, no deal replaced unless asked), stores the deals in one transaction
with one audit entry (their double-dummy tables and par follow, analysed in the background by
``services.analyses``), and reports every result
whose typed honours (or, at whist, typed trumps) disagree with the cards. Where a board
has its deal the honours that score are counted from it (``facts.honours_of``).

At Duplicate Whist the trump is a fact of the board, the suit of the dealer's last card
turned up (Whist law 42): :func:`claim_trumps` records it once, from the turned card when
known or from the first table that enters the board, and refuses a different trump later.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from scoring.auction.core import Contract, Strain
from scoring.auction.honours import honours_held
from scoring.files.pbn import HandRecord, Vulnerability, deal_from_seed, read_hand_records, write_hand_records
from scoring.shared.cards import SUITS, Card, Hands
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat

from .. import games
from ..models import AuditEntry, Board, Event, Result, Section
from ..scores import versions
from ..scores.facts import contract_of, parsed_hands
from . import analyses

MOST_BYTES = 1_000_000
"""A PBN file of a club night's boards is a few kilobytes; a megabyte is far beyond any."""

SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class HandRecordRefused(Exception):
    """Hand records that cannot be stored; the message says why, and nothing was changed."""


class TrumpConflict(Exception):
    """A whist entry whose trump is not the board's (Whist law 42)."""


@dataclass(frozen=True)
class Disagreement:
    """A result whose typed honours (or whist trumps) differ from what the board's cards give."""

    result: Result
    typed: str
    derived: str

    @property
    def text(self) -> str:
        seating = self.result.seating
        return (
            f"Board {self.result.board.number}, round {seating.round}, table {seating.table.number} "
            f"({self.result.contract_text or self.result.trumps}): typed {self.typed}; "
            f"the hand record gives {self.derived}, which is what scores."
        )


@dataclass(frozen=True)
class Stored:
    """What :func:`store` did (or, on a dry run, would do)."""

    section: Section
    boards: int
    replaced: list[int]
    disagreements: list[Disagreement] = field(default_factory=list)
    dry_run: bool = False

    @property
    def summary(self) -> str:
        verb = "Would store" if self.dry_run else "Stored"
        text = f"{verb} the deals of {self.boards} boards in section {self.section.letter}"
        if self.replaced:
            text += f", replacing boards {_numbers(self.replaced)}"
        flagged = len(self.disagreements)
        if flagged:
            plural = "s" if flagged != 1 else ""
            text += f"; {flagged} result{plural} typed honours or trumps that the cards contradict"
        return text + "."


def section_of(event: Event, letter: str | None = None) -> Section:
    """The event's section by letter; the only one when the event has one and no letter is given."""
    sections = list(event.sections.all())
    if letter:
        found = [s for s in sections if s.letter.upper() == letter.strip().upper()]
        if not found:
            letters = ", ".join(s.letter for s in sections)
            raise HandRecordRefused(f"This event has no section {letter!r}: its sections are {letters}.")
        return found[0]
    if len(sections) != 1:
        raise HandRecordRefused("This event has several sections: say which one the deals are for.")
    return sections[0]


def read_upload(data: bytes) -> tuple[HandRecord, ...]:
    """The hand records of an uploaded PBN file, bounded in size; a clear message if it is not PBN."""
    if len(data) > MOST_BYTES:
        raise HandRecordRefused(
            f"The file is {len(data) // 1000:,} kB; a PBN hand record is a few kB (at most "
            f"{MOST_BYTES // 1000:,} kB). Choose the .pbn file of tonight's boards."
        )
    try:
        return read_hand_records(data)
    except ScoringError as error:
        raise HandRecordRefused(f"{error} Nothing was imported.") from error


def import_deals(
    *,
    event: Event,
    data: bytes,
    user: Any,
    section: str | None = None,
    replace: bool = False,
    dry_run: bool = False,
) -> Stored:
    """Store the deals of a PBN file for a section's boards (see :func:`store`)."""
    return store(
        section=section_of(event, section),
        records=read_upload(data),
        user=user,
        source="a PBN file",
        replace=replace,
        dry_run=dry_run,
    )


def deal_boards(
    *,
    event: Event,
    seed: int,
    user: Any,
    section: str | None = None,
    replace: bool = False,
    dry_run: bool = False,
) -> Stored:
    """Deal every board of a section from ``seed`` (the same seed deals the same cards) and store them."""
    target = section_of(event, section)
    numbers = list(target.boards.values_list("number", flat=True))
    try:
        records = deal_from_seed(seed, numbers)
    except ScoringError as error:
        raise HandRecordRefused(str(error)) from error
    return store(
        section=target,
        records=records,
        user=user,
        source=f"dealt from seed {seed}",
        replace=replace,
        dry_run=dry_run,
    )


def store(
    *,
    section: Section,
    records: tuple[HandRecord, ...],
    user: Any,
    source: str,
    replace: bool = False,
    dry_run: bool = False,
) -> Stored:
    """Give every board of the section its deal, in one transaction with one audit entry.

    The records must be exactly the section's boards, each dealt by the seat the board's
    number gives it. A board that already has a different deal is refused unless
    ``replace``. The event must not be closed. At whist a record's turned card sets the
    board's trumps. Nothing is written on a dry run, or when anything is refused.
    """
    event = section.event
    if event.is_locked:
        raise HandRecordRefused("The event is closed: its hand records can no longer be changed.")
    with transaction.atomic():
        boards = {b.number: b for b in Board.objects.select_for_update().filter(section=section)}
        _check_boards(section, boards, records)
        game = games.of(event)
        changed = [r for r in records if _changes(boards[r.board], r, vulnerability=game.keeps_vulnerability)]
        replaced = sorted(r.board for r in changed if boards[r.board].hands)
        if replaced and not replace:
            raise HandRecordRefused(
                f"Boards {_numbers(replaced)} already have their deals. Ask to replace them "
                "(the replace box, or --replace) if this file is the right one; nothing was imported."
            )
        before = _deals(boards.values())
        for record in changed:
            board = boards[record.board]
            board.hands = record.hands.to_pbn()
            board.double_dummy = board.par = None  # analysed anew once stored (services.analyses)
            if game.keeps_vulnerability:
                _keep_vulnerability(board, record)
            whist_card = record.turned if game.turns_trumps else None
            board.turned = str(whist_card) if whist_card is not None else ""
            if whist_card is not None:
                board.trumps = whist_card.suit
        disagreements = disagreements_in(section, boards=list(boards.values()))
        if dry_run:
            transaction.set_rollback(True)
            return Stored(section, len(records), replaced, disagreements, dry_run=True)
        Board.objects.bulk_update(
            [boards[r.board] for r in changed],
            ["hands", "double_dummy", "turned", "trumps", "vulnerability", "par"],
        )
        versions.boards_written(boards[r.board] for r in changed)
        lacking = Board.objects.filter(analyses.lacking(), section=section)
        analyses.request(lacking.values_list("pk", flat=True))
        AuditEntry.objects.create(
            event=event,
            action=AuditEntry.Action.EVENT,
            subject=f"Hand records of section {section.letter}",
            user=user if user is not None and user.is_authenticated else None,
            before=before,
            after=_deals(boards.values()),
            reason=f"Deals {source}; {len(disagreements)} result(s) flagged.",
        )
    return Stored(section, len(records), replaced, disagreements)


def export_deals(section: Section) -> tuple[str, bytes]:
    """The section's deals as a PBN file (UTF-8), and its file name; refused if a board has no deal."""
    event = section.event
    boards = list(section.boards.all())
    missing = [b.number for b in boards if not b.hands]
    if missing:
        raise HandRecordRefused(f"Boards {_numbers(missing)} have no deal yet: deal or import them first.")
    records = [_record_of(board) for board in boards]
    text = write_hand_records(records, event=event.name, site=event.club.name, date=f"{event.date:%Y.%m.%d}")
    letter = f"-{section.letter}" if event.sections.count() > 1 else ""
    return f"deals-{event.pk}{letter}.pbn", text.encode("utf-8")


def disagreements_in(section: Section, boards: list[Board] | None = None) -> list[Disagreement]:
    """Every result of the section whose typed honours (whist: trumps) the board's cards contradict.

    The derived honours are what score (``facts.honours_of``); this list is the director's
    flag that a table typed something else. Two queries (one when ``boards`` are given).
    """
    by_pk = {b.pk: b for b in (boards if boards is not None else section.boards.all())}
    results = list(
        Result.objects.filter(section=section)
        .select_related("seating__table")
        .order_by("board__number", "seating__round", "seating__table__number")
    )
    for result in results:
        result.board = by_pk[result.board_id]
    return disagreements_among(results, section.event)


def disagreements_among(results: Iterable[Result], event: Event) -> list[Disagreement]:
    """The disagreements of results whose boards (and seatings' tables) are already loaded."""
    found = (disagreement_of(result, result.board, event) for result in results)
    return [disagreement for disagreement in found if disagreement is not None]


def disagreement_of(result: Result, board: Board, event: Event) -> Disagreement | None:
    """How ``result``'s typed facts differ from ``board``'s cards, or None when they agree."""
    game = games.of(event)
    if game.turns_trumps:
        if board.trumps and result.trumps and result.trumps != board.trumps:
            return Disagreement(result, SUIT_WORDS[result.trumps], f"{SUIT_WORDS[board.trumps]} as trumps")
        if result.trumps in SUITS and board.hands and not board.turned:
            try:
                _check_dealer_holds(board, result.trumps)
            except TrumpConflict:
                dealer = Seat.parse(board.dealer).name_word
                return Disagreement(
                    result,
                    SUIT_WORDS[result.trumps],
                    f"no {SUIT_WORDS[result.trumps]} for {dealer}, the dealer",
                )
        return None
    if result.not_played or not game.scores_honours:
        return None  # a game that scores no honours: nothing typed can disagree with the cards
    contract = contract_of(result)
    derived = honours_from_cards(board, contract)
    if derived is None or derived == result.honours:
        return None
    return Disagreement(result, honours_text(result.honours), honours_text(derived))


def honours_from_cards(board: Board, contract: Contract | None) -> tuple[int, int, int, int] | None:
    """The honours each seat holds in the contract's strain, counted from the board's deal; None
    when the deal is unknown (the table's typed honours stand) or there is no contract."""
    if contract is None or not board.hands:
        return None
    try:
        return honours_held(parsed_hands(board.hands), contract.strain)
    except ScoringError:
        return None


def honours_by_strain(board: Board) -> list[tuple[str, str]]:
    """For an entry form: each strain's code(s) and the honours held in it, "N 2, S 1"; [] without a deal."""
    if not board.hands:
        return []
    try:
        hands = parsed_hands(board.hands)
    except ScoringError:
        return []
    return [
        (codes, honours_text(honours_held(hands, Strain.parse(codes.split()[0]))))
        for codes in ("C", "D", "H", "S R", "NT")
    ]


def claim_trumps(board: Board, trumps: str, *, result: Result | None = None) -> str:
    """The board's whist trump after an entry says ``trumps`` (Whist law 42); recorded once a board.

    An empty ``trumps`` takes the board's (if any). The first entry of a board with no trump yet
    records it (it must be a suit the dealer holds when the deal is known); a later entry
    with another trump raises :class:`TrumpConflict`, unless it corrects the only result
    of the board and no card was turned up on record. Call inside the entry's transaction.
    """
    current = Board.objects.select_for_update().filter(pk=board.pk).values_list("trumps", "turned").get()
    fixed, turned = current
    if not trumps:
        return fixed  # the board's trump, or none yet: the traveller may give the tricks alone
    if trumps not in SUITS:
        raise TrumpConflict(f"{trumps!r} is not a suit: trumps are S, H, D or C.")
    others = Result.objects.filter(board_id=board.pk).exclude(trumps="")
    if result is not None:
        others = others.exclude(pk=result.pk)
    if fixed and trumps != fixed and (turned or others.exists()):
        source = f"the {Card.parse(turned).name} was turned up" if turned else "as the first table recorded"
        raise TrumpConflict(
            f"Board {board.number}'s trumps are {SUIT_WORDS[fixed]} ({source}), not {SUIT_WORDS[trumps]}. "
            "Every table plays a board with the same trump; ask the director if the board was turned wrong."
        )
    if trumps != fixed:
        _check_dealer_holds(board, trumps)
        Board.objects.filter(pk=board.pk).update(trumps=trumps)
        versions.boards_written([board.pk])
        board.trumps = trumps
    return trumps


def set_turned_card(*, board: Board, card: str, user: Any) -> Board:
    """Record the whist trump card the dealer turned up (Whist law 42): one of the dealer's cards when
    the deal is known; every result with another trump is then listed as a disagreement. Audited."""
    event = board.section.event
    if event.is_locked:
        raise HandRecordRefused("The event is closed: its hand records can no longer be changed.")
    try:
        turned = Card.parse(card)
        if board.hands:
            HandRecord(
                board.number,
                Seat.parse(board.dealer),
                Vulnerability.for_board(board.number),
                Hands.parse(board.hands),
                turned=turned,
            )
    except ScoringError as error:
        raise HandRecordRefused(str(error)) from error
    with transaction.atomic():
        before = _facts(board)
        board.turned, board.trumps = str(turned), turned.suit
        board.save(update_fields=["turned", "trumps"])
        AuditEntry.objects.create(
            event=event,
            action=AuditEntry.Action.EVENT,
            subject=f"Board {board.number}: trump card turned up",
            user=user if user is not None and user.is_authenticated else None,
            before=before,
            after=_facts(board),
        )
    return board


def _check_dealer_holds(board: Board, trumps: str) -> None:
    if not board.hands:
        return
    dealer = Seat.parse(board.dealer)
    held = Hands.parse(board.hands).hand(dealer).holding(trumps)
    if not held:
        raise TrumpConflict(
            f"{dealer.name_word} dealt board {board.number} and holds no {SUIT_WORDS[trumps]}, so "
            f"{SUIT_WORDS[trumps]} cannot be the trump turned up: the trump card is the dealer's last "
            "card (Whist law 42)."
        )


def _check_boards(section: Section, boards: dict[int, Board], records: tuple[HandRecord, ...]) -> None:
    numbers = sorted(r.board for r in records)
    if numbers != sorted(boards):
        extra = sorted(set(numbers) - set(boards))
        missing = sorted(set(boards) - set(numbers))
        details = []
        if extra:
            details.append(f"boards {_numbers(extra)} are not played in it")
        if missing:
            details.append(f"boards {_numbers(missing)} are missing")
        raise HandRecordRefused(
            f"The file has {len(numbers)} boards but section {section.letter} plays {len(boards)} "
            f"(boards 1 to {max(boards, default=0)}): {'; '.join(details)}. Nothing was imported."
        )
    for record in records:
        board = boards[record.board]
        if record.dealer.value != board.dealer:
            raise HandRecordRefused(
                f"Board {record.board} (line {record.line}): the file says {record.dealer.name_word} dealt, "
                f"but board {record.board} is dealt by {Seat.parse(board.dealer).name_word} "
                "(North deals board 1, East board 2, and round). Nothing was imported."
            )


def _changes(board: Board, record: HandRecord, *, vulnerability: bool = False) -> bool:
    if not board.hands:
        return True
    if vulnerability and _record_of(board).vulnerable is not record.vulnerable:
        return True
    try:
        return Hands.parse(board.hands) != record.hands
    except ScoringError:
        return True


def _keep_vulnerability(board: Board, record: HandRecord) -> None:
    """Contract bridge: the record's vulnerability where it differs from the board number's (Law 2);
    the deal's par for it and the dealer follows with the double-dummy analysis."""
    by_number = Vulnerability.for_board(board.number)
    board.vulnerability = "" if record.vulnerable is by_number else record.vulnerable.value


def _record_of(board: Board) -> HandRecord:
    vulnerable = Vulnerability.parse(board.vulnerability) if board.vulnerability else None
    return HandRecord(
        board.number,
        Seat.parse(board.dealer),
        vulnerable or Vulnerability.for_board(board.number),
        Hands.parse(board.hands),
    )


def _facts(board: Board) -> dict[str, str]:
    return {"deal": board.hands, "turned": board.turned, "trumps": board.trumps}


def _deals(boards: Iterable[Board]) -> dict[str, str]:
    """The audit log's before/after: each board's deal in words, "Board 3": "N:AKQ... (H8 turned up)"."""
    return {
        f"Board {b.number}": b.hands + (f" ({b.turned} turned up)" if b.turned else "")
        for b in sorted(boards, key=lambda b: b.number)
    }


def honours_text(counts: tuple[int, int, int, int]) -> str:
    """ "N 2, S 1": the seats that hold honours and how many; "no honours" when none does."""
    held = ", ".join(f"{seat} {count}" for seat, count in zip("NESW", counts, strict=True) if count)
    return held or "no honours"


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)
