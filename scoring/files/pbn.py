"""PBN 2.1 files: the hand records dealing machines and hand-record programs write.

A PBN file is a list of games separated by blank lines; a game is a list of tag pairs,
``[Board "3"]``, some followed by section lines (an ``Auction``, a ``ScoreTable``). Text
from ``;`` to the end of a line and between ``{`` and ``}`` is commentary; a line that
starts with ``%`` is an escape line (``% PBN 2.1``). A tag value of ``#`` repeats the
value the previous game gave the tag (PBN 2.1 §3.3). Files come in ISO-8859-1 (the PBN
standard) or UTF-8, with CRLF or LF line ends.

This module reads every game's tags (:func:`read_games`), so that scored files with a
``ScoreTable`` can be read by the same reader; :func:`read_hand_records` takes the deals
(``Board``, ``Dealer``, ``Vulnerable``, ``Deal``) and :func:`write_hand_records` writes
them back. :func:`deal_from_seed` deals boards reproducibly from a seed, each a valid
fifty-two card deal (Law B), dealt one card at a time from the dealer's left so the
dealer's last card is the one a whist dealer turns up (Whist law 42, seed S003).
"""

from __future__ import annotations

import enum
import random
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..shared.cards import RANKS, SUITS, Card, Hands
from ..shared.errors import PbnError, ScoringError, quoted
from ..shared.seats import SEATS, Seat

MOST_BOARDS = 999
"""No club night deals more boards; a larger Board number is a typing slip."""

SECTION_TAGS = frozenset({"Auction", "Play", "Note"})
"""Tags that a section of lines may follow; so may every table tag (its name ends in Table)."""

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_BOM = "\ufeff"


class Vulnerability(enum.Enum):
    """Who is vulnerable on a board, as PBN's ``Vulnerable`` tag says (unused by Auction scoring)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    @classmethod
    def parse(cls, text: object) -> Vulnerability:
        """Read None/Love/-, NS, EW, All/Both (PBN 2.1 §3.4.9); anything else is a :class:`PbnError`."""
        if isinstance(text, Vulnerability):
            return text
        if isinstance(text, str):
            key = _VULNERABLE_WORDS.get(text.strip().upper())
            if key is not None:
                return cls(key)
        raise PbnError(f"{quoted(text)} is not a vulnerability: PBN writes None, NS, EW or All.")

    @classmethod
    def for_board(cls, number: int) -> Vulnerability:
        """The standard rotation of sixteen boards: 1 None, 2 NS, 3 EW, 4 All, 5 NS ..."""
        k = (number - 1) % 16
        return (cls.NONE, cls.NS, cls.EW, cls.ALL)[(k + k // 4) % 4]


_VULNERABLE_WORDS = {
    "NONE": "None",
    "LOVE": "None",
    "-": "None",
    "NS": "NS",
    "EW": "EW",
    "ALL": "All",
    "BOTH": "All",
}


def dealer_for(number: int) -> Seat:
    """Board 1 is dealt by North, 2 by East, 3 by South, 4 by West, and round again."""
    return SEATS[(number - 1) % 4]


@dataclass(frozen=True, slots=True)
class Tag:
    """One tag pair, the line it is on, and the section lines that follow it (a table's rows).

    ``section_lines`` holds the file's line number of each section line, for messages.
    """

    name: str
    value: str
    line: int
    section: tuple[str, ...] = ()
    section_lines: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a PBN file: its tags in file order, and the line it starts on."""

    tags: tuple[Tag, ...]
    line: int

    def tag(self, name: str) -> Tag | None:
        """The first tag of that name, or None."""
        return next((tag for tag in self.tags if tag.name == name), None)

    def value(self, name: str) -> str | None:
        tag = self.tag(name)
        return None if tag is None else tag.value

    def where(self) -> str:
        """How an error names this game: "Board 3 (line 14)", or "The game at line 14"."""
        board = self.value("Board")
        if board and board.strip().isascii() and board.strip().isdecimal():
            return f"Board {int(board)} (line {self.line})"
        return f"The game at line {self.line}"


@dataclass(frozen=True, slots=True)
class HandRecord:
    """The deal of one board: its number, dealer, vulnerability and the four hands.

    ``turned`` is the card the dealer turned up at whist (his last card), when known.
    ``line`` is where the record was read, for messages; it is not part of the deal.
    """

    board: int
    dealer: Seat
    vulnerable: Vulnerability
    hands: Hands
    turned: Card | None = None
    line: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if (
            isinstance(self.board, bool)
            or not isinstance(self.board, int)
            or not 1 <= self.board <= MOST_BOARDS
        ):
            raise PbnError(f"Board {quoted(self.board)} is not a board number from 1 to {MOST_BOARDS}.")
        if self.turned is not None and self.turned not in self.hands.hand(self.dealer).cards:
            raise PbnError(
                f"Board {self.board}: {self.turned.name} is not in {self.dealer.name_word}'s hand, "
                "but the trump card turned up is the dealer's last card (Whist law 42)."
            )


def decode(data: bytes) -> str:
    """The text of a PBN file: UTF-8 when it decodes as UTF-8 (a BOM dropped), else ISO-8859-1."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.removeprefix(_BOM)


def read_games(source: bytes | str) -> tuple[Game, ...]:
    """Every game of a PBN file, its tags in order (PBN 2.1 §2-3).

    Commentary and escape lines are dropped; a ``#`` value takes the previous game's value
    of the same tag. A line that is neither a tag, a comment nor a section line that a
    section tag allows is a :class:`PbnError` naming the line.
    """
    text = decode(source) if isinstance(source, bytes) else source.removeprefix(_BOM)
    if "\x00" in text:
        raise PbnError("This is not a PBN file: it holds binary data. Upload the .pbn text file.")
    games: list[Game] = []
    tags: list[Tag] = []
    sections: dict[int, list[tuple[int, str]]] = {}
    start = 0
    previous: dict[str, str] = {}
    in_comment = False

    def close() -> None:
        nonlocal tags
        if tags:
            for index, rows in sections.items():
                tag = tags[index]
                tags[index] = Tag(
                    tag.name,
                    tag.value,
                    tag.line,
                    tuple(text for _, text in rows),
                    tuple(number for number, _ in rows),
                )
            game = Game(tuple(tags), start)
            games.append(game)
            previous.update((tag.name, tag.value) for tag in game.tags)
            tags = []
            sections.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            if not in_comment:
                close()
            continue
        if not in_comment and raw.startswith("%"):
            continue
        line, in_comment = _strip_commentary(raw, in_comment, number)
        line = line.strip()
        if not line:
            continue
        if line.startswith("["):
            if not tags:
                start = number
            tags.extend(_tags_on(line, number, previous))
        elif tags and _takes_section(tags[-1].name):
            sections.setdefault(len(tags) - 1, []).append((number, line))
        else:
            raise PbnError(
                f"Line {number} is not PBN: {quoted(line)} is neither a tag such as "
                '[Board "1"] nor a comment.'
            )
    if in_comment:
        raise PbnError("A comment opened with { is never closed with }; the file ends inside it.")
    close()
    return tuple(games)


def read_hand_records(source: bytes | str) -> tuple[HandRecord, ...]:
    """The deals of a PBN file, one a board, in file order.

    Every game with a ``Deal`` needs a ``Board`` number, a full deal of fifty-two different
    cards, thirteen a hand (Law B), and a known ``Dealer``; a board may appear once. A game
    with neither ``Board`` nor ``Deal`` (a file's header) is skipped. Errors name the board
    and line; a file with no deal at all is refused.
    """
    records: list[HandRecord] = []
    seen: dict[int, int] = {}
    for game in read_games(source):
        if game.tag("Deal") is None and game.tag("Board") is None:
            continue
        record = _hand_record(game)
        if record.board in seen:
            raise PbnError(
                f"Board {record.board} is given twice, at lines {seen[record.board]} and {game.line}; "
                "a hand record gives each board once."
            )
        seen[record.board] = game.line
        records.append(record)
    if not records:
        raise PbnError('This file holds no deal: a PBN hand record has [Board "1"] and [Deal "N:..."] tags.')
    return tuple(records)


def write_hand_records(
    records: Iterable[HandRecord], *, event: str = "", site: str = "", date: str = ""
) -> str:
    """A PBN 2.1 file of the deals, in board order, that :func:`read_hand_records` reads back.

    ``date`` is PBN's ``YYYY.MM.DD``. Each game carries Event, Site, Date, Board, Dealer,
    Vulnerable and Deal; the deal is written from the dealer, as dealing machines do.
    """
    lines = ["% PBN 2.1", "% EXPORT", ""]
    for record in sorted(records, key=lambda r: r.board):
        for name, value in (
            ("Event", event),
            ("Site", site),
            ("Date", date),
            ("Board", str(record.board)),
            ("Dealer", record.dealer.value),
            ("Vulnerable", record.vulnerable.value),
            ("Deal", record.hands.to_pbn(first=record.dealer)),
        ):
            lines.append(f'[{name} "{escape(value)}"]')
        lines.append("")
    return "\r\n".join(lines)


def deal_from_seed(seed: int, numbers: Iterable[int]) -> tuple[HandRecord, ...]:
    """Deal the boards reproducibly: the same seed and board number always give the same deal.

    Each board is shuffled by its own ``random.Random`` seeded with the seed and the board
    number, so adding boards leaves the earlier deals alone. The pack is dealt one card at a
    time, beginning on the dealer's left (Whist law 33), so each hand holds thirteen and the
    dealer's last card is the one turned up for trumps at whist (Whist law 42).
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PbnError(f"The seed {quoted(seed)} is not a whole number.")
    pack = [Card(suit, rank) for suit in SUITS for rank in RANKS]
    records = []
    for number in sorted(set(numbers)):
        dealer = dealer_for(number)
        shuffled = list(pack)
        random.Random(f"duplicate-deal:{seed}:{number}").shuffle(shuffled)
        held: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
        for index, card in enumerate(shuffled):
            held[dealer.rotated(index % 4 + 1)].append(card)
        hands = Hands.from_cards(held[seat] for seat in SEATS)
        records.append(
            HandRecord(number, dealer, Vulnerability.for_board(number), hands, turned=shuffled[-1])
        )
    return tuple(records)


def _hand_record(game: Game) -> HandRecord:
    where = game.where()
    board_text = game.value("Board")
    if board_text is None:
        raise PbnError(f"{where} has a deal but no Board tag: say which board it is.")
    board_text = board_text.strip()
    if not (board_text.isascii() and board_text.isdecimal()) or not 1 <= int(board_text) <= MOST_BOARDS:
        raise PbnError(
            f"The game at line {game.line}: Board {quoted(board_text)} is not a board number from 1 to "
            f"{MOST_BOARDS}."
        )
    number = int(board_text)
    deal = game.tag("Deal")
    if deal is None:
        raise PbnError(f"{where} has no Deal tag: a hand record gives the four hands.")
    dealer_text = game.value("Dealer")
    try:
        dealer = dealer_for(number) if not dealer_text else _dealer(dealer_text)
        vulnerable_text = game.value("Vulnerable")
        vulnerable = (
            Vulnerability.for_board(number) if not vulnerable_text else Vulnerability.parse(vulnerable_text)
        )
        hands = Hands.parse(deal.value)
    except ScoringError as error:
        raise PbnError(f"{where}: {error}") from error
    return HandRecord(number, dealer, vulnerable, hands, line=game.line)


def _dealer(text: str) -> Seat:
    if text.strip().upper() in ("N", "E", "S", "W"):
        return Seat.parse(text)
    raise PbnError(f"the Dealer {quoted(text)} is not a seat: PBN writes N, E, S or W.")


def _tags_on(line: str, number: int, previous: dict[str, str]) -> list[Tag]:
    tags = []
    position = 0
    while position < len(line):
        if line[position].isspace():
            position += 1
            continue
        match = _TAG.match(line, position)
        if match is None:
            raise PbnError(
                f"Line {number} is not a PBN tag: {quoted(line[position:])} should read like "
                '[Board "1"], a name and a quoted value in brackets.'
            )
        name, value = match.group(1), _unescape(match.group(2))
        if value == "#":
            value = previous.get(name, "")
        tags.append(Tag(name, value, number))
        position = match.end()
    return tags


def _strip_commentary(line: str, in_comment: bool, number: int) -> tuple[str, bool]:
    """The line without its ``{...}`` and ``;`` commentary; and whether a ``{`` is still open."""
    kept: list[str] = []
    in_string = False
    index = 0
    while index < len(line):
        char = line[index]
        if in_comment:
            if char == "}":
                in_comment = False
        elif in_string:
            kept.append(char)
            if char == "\\" and index + 1 < len(line):
                kept.append(line[index + 1])
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
            kept.append(char)
        elif char == "{":
            in_comment = True
        elif char == ";":
            break
        else:
            kept.append(char)
        index += 1
    if in_string:
        raise PbnError(f"Line {number} opens a quoted value that it never closes: {quoted(line)}.")
    return "".join(kept), in_comment


def _takes_section(name: str) -> bool:
    return name in SECTION_TAGS or name.endswith("Table")


def _unescape(value: str) -> str:
    # PBN 2.1 §3.7 escapes only a quote and the backslash itself; any other backslash is
    # text, as in a table's column formats (MP_NS\4R).
    return re.sub(r'\\([\\"])', r"\1", value)


def one_line(value: str) -> str:
    """``value`` as a PBN tag value or table cell can hold it: on one line (PBN 2.1 §3.7 escapes
    a quote and the backslash only; nothing breaks a line inside a value), so each line break,
    tab or other control character is written as a space."""
    if value.isprintable():  # no control character nor line separator: as it is, and fast
        return value
    return "".join(" " if unicodedata.category(c) in _NOT_ON_A_LINE else c for c in value)


_NOT_ON_A_LINE = frozenset({"Cc", "Zl", "Zp"})


def escape(value: str) -> str:
    """``value`` written inside a tag's quotes (PBN 2.1 §3.7): one line, quotes and backslashes escaped."""
    return one_line(value).replace("\\", "\\\\").replace('"', '\\"')
