"""The facts of a club duplicate night. Scores are never stored: ``scoring`` derives them.

A club has people with roles, players, and events. An event has sections; a section has
its movement (tables, rounds, who sits where, which boards), its pairs (and teams), its
boards, and the results recorded at the tables. Directors' rulings and every change to a
result are kept, with who, when, before, after and why.
"""

from __future__ import annotations

import secrets
import uuid
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from . import limits
from .querysets import (
    AuditEntryQuerySet,
    EventQuerySet,
    MembershipQuerySet,
    PairQuerySet,
    PlayerQuerySet,
    RecapSendQuerySet,
    ResultQuerySet,
    RulingQuerySet,
    SeatingQuerySet,
    TableQuerySet,
)


def new_table_secret() -> str:
    return secrets.token_urlsafe(16)


def new_table_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


# What a name never holds (limits.one_line makes each a space): a line break or a tab.
NOT_IN_A_NAME = ("\n", "\r", "\t", "\u2028", "\u2029")


def one_line_name(name: str) -> models.CheckConstraint:
    """A name kept on one line, whatever path wrote it: a recap, a cell, a PBN tag print it so."""
    condition = Q()
    for character in NOT_IN_A_NAME:
        condition &= ~Q(name__contains=character)
    return models.CheckConstraint(
        condition=condition,
        name=name,
        violation_error_message="A name is one line: write it without line breaks or tabs.",
    )


SEAT_CHOICES = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]
SIDE_CHOICES = [("NS", "N-S"), ("EW", "E-W")]


class Club(models.Model):
    class PaperSize(models.TextChoices):
        A4 = "A4", "A4"
        LETTER = "LETTER", "Letter"

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    paper_size = models.CharField(max_length=6, choices=PaperSize.choices, default=PaperSize.A4)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]
        constraints = [one_line_name("club_name_one_line")]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A person's role in a club. Directors run nights; scorers enter results."""

    class Role(models.TextChoices):
        ADMIN = "admin", "Club admin"
        DIRECTOR = "director", "Director"
        SCORER = "scorer", "Scorer"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices)

    objects = MembershipQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_role_per_person_per_club")]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_role_display()} · {self.club}"

    @property
    def can_direct(self) -> bool:
        return self.role in (self.Role.ADMIN, self.Role.DIRECTOR)


class Player(models.Model):
    """A member of the club's player list: pairs are named from it, recaps are emailed to it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=limits.NAME)
    number = models.CharField("membership number", max_length=limits.MEMBER_NUMBER, blank=True)
    email = models.EmailField("email address", max_length=limits.EMAIL, blank=True, default="")

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="player_name_unique_in_club"),
            one_line_name("player_name_one_line"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.club.slug, self.pk])


class Event(models.Model):
    class Game(models.TextChoices):
        AUCTION = "auction", "Duplicate Auction"
        WHIST = "whist", "Duplicate Whist"
        CONTRACT = "contract", "Duplicate Contract Bridge"

    class Form(models.TextChoices):
        PAIRS = "pairs", "Pairs"
        TEAMS = "teams", "Teams"

    class Slams(models.TextChoices):
        AMERICAN = "american", "American (20 / 40)"
        ENGLISH = "english", "English (50 / 100)"

    class Method(models.TextChoices):
        """How a contract bridge event is scored (spec §2-§3; Laws 78A, 78B, 78C)."""

        MATCHPOINTS = "matchpoints", "Matchpoints (pairs)"
        BUTLER = "butler", "IMPs against a datum (Butler pairs)"
        CROSS_IMPS = "cross_imps", "Cross-IMPs (pairs)"
        TEAM_IMPS = "team_imps", "IMPs (teams)"
        BOARD_A_MATCH = "board_a_match", "Board-a-match (teams)"
        TOTAL_POINTS = "total_points", "Total points (teams)"

    class Scale(models.TextChoices):
        """Matchpoints for each score beaten and tied (Law 78A; spec §2.1)."""

        EUROPEAN = "european", "European: 2 a score beaten, 1 a tie"
        ACBL = "acbl", "ACBL: 1 a score beaten, ½ a tie"

    class DatumRounding(models.TextChoices):
        """How a Butler datum is rounded to ten when the mean ends in a five (Law 78B)."""

        NEAREST10 = "nearest10", "To the nearest ten, a five away from zero"
        EVEN5 = "even5", "To the even ten, a five either way (ACBLscore)"
        NONE = "none", "Not rounded: the exact mean"

    class CrossImps(models.TextChoices):
        """Cross-IMPs kept as the sum of every comparison, or that sum over the others (Law 78B)."""

        SUM = "sum", "Total of every comparison"
        AVERAGE = "average", "Average a comparison"

    class VictoryPoints(models.TextChoices):
        NONE = "", "No Victory Points"
        WBF = "wbf", "WBF continuous 20-VP scale"

    class Status(models.TextChoices):
        SETUP = "setup", "Being set up"
        RUNNING = "running", "In play"
        LOCKED = "locked", "Closed"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=120)
    date = models.DateField(default=timezone.localdate)
    game = models.CharField(max_length=10, choices=Game.choices, default=Game.AUCTION)
    form = models.CharField(max_length=10, choices=Form.choices, default=Form.PAIRS)
    slams = models.CharField(max_length=10, choices=Slams.choices, default=Slams.AMERICAN)
    english_rule = models.BooleanField(
        default=False, help_text="The dealer may say 'no bid'; spades are always royals (note to Law H)."
    )
    royals_distinct = models.BooleanField(
        "spades and royals are different declarations for Law 46",
        default=True,
        help_text="Recommended reading R-9.",
    )
    # Duplicate Contract Bridge: how the event is scored. Other games ignore these settings.
    method = models.CharField(
        "scoring method", max_length=16, choices=Method.choices, default=Method.MATCHPOINTS
    )
    scale = models.CharField("matchpoint scale", max_length=10, choices=Scale.choices, default=Scale.EUROPEAN)
    neuberg = models.BooleanField(
        "Neuberg for boards with fewer results", default=True, help_text="Spec §2.2 (Law 78A)."
    )
    datum_drop = models.PositiveSmallIntegerField(
        "Butler: scores dropped at each end",
        null=True,
        blank=True,
        help_text="The highest and the lowest scores left out of the datum (spec §3.2); empty: one at "
        "each end when a board has more than four scores, else none.",
    )
    datum_rounding = models.CharField(
        "Butler: datum rounding",
        max_length=10,
        choices=DatumRounding.choices,
        default=DatumRounding.NEAREST10,
    )
    cross_imps = models.CharField(
        "Cross-IMPs kept as", max_length=10, choices=CrossImps.choices, default=CrossImps.SUM
    )
    victory_points = models.CharField(
        "Victory Points", max_length=4, choices=VictoryPoints.choices, default=VictoryPoints.NONE, blank=True
    )
    average_plus = models.PositiveSmallIntegerField(
        "Average plus, %", default=60, help_text="Law 12C2: a side in no way at fault."
    )
    average = models.PositiveSmallIntegerField(
        "Average, %", default=50, help_text="Law 12C2: partly at fault."
    )
    average_minus = models.PositiveSmallIntegerField(
        "Average minus, %", default=40, help_text="Law 12C2: a side directly at fault."
    )
    scale_sit_outs = models.BooleanField(
        "Sit-outs: scale a pair's total to the boards the others played",
        default=False,
        help_text="A pair that played fewer boards (a sit-out, a board it missed) has its total scaled up "
        "to the full movement, as Compscore, ACBLscore and Magic Contest print it (spec §5.8); "
        "percentages and places are unchanged.",
    )
    award_imps = models.DecimalField(
        "IMP pairs: IMPs for Average plus",
        max_digits=3,
        decimal_places=1,
        default=Decimal("3.0"),
        help_text="Law 12C2 scored in IMPs: Average plus wins this, Average minus loses it, Average is 0 "
        "(spec §3.3; Ruter gives 1.5 a comparison).",
    )
    awards_per_table = models.BooleanField(
        "Summed cross-IMPs: an award counts once for every other table",
        default=False,
        help_text="Off: once for each other real score on the board; on: for each other table, adjusted "
        "ones too, as Ruter counts it.",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    published = models.BooleanField(default=False)
    reopened = models.BooleanField(
        default=False,
        help_text="Closed, then reopened for corrections: its public pages say the scores are provisional.",
    )
    created = models.DateTimeField(default=timezone.now)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            one_line_name("event_name_one_line"),
            models.CheckConstraint(
                condition=Q(average_plus__lte=100) & Q(average__lte=100) & Q(average_minus__lte=100),
                name="artificial_scores_at_most_100_percent",
            ),
            models.CheckConstraint(
                condition=Q(average_minus__lte=models.F("average"))
                & Q(average__lte=models.F("average_plus")),
                name="average_minus_below_average_below_plus",
            ),
            models.CheckConstraint(condition=Q(datum_drop__lte=10), name="datum_drop_at_most_10"),
            models.CheckConstraint(
                condition=Q(award_imps__gte=0) & Q(award_imps__lte=24), name="award_imps_0_to_24"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    def get_absolute_url(self) -> str:
        return reverse("event", args=[self.club.slug, self.pk])

    @property
    def is_locked(self) -> bool:
        return self.status == self.Status.LOCKED

    @property
    def is_whist(self) -> bool:
        return self.game == self.Game.WHIST

    @property
    def is_teams(self) -> bool:
        return self.form == self.Form.TEAMS

    @property
    def is_contract(self) -> bool:
        return self.game == self.Game.CONTRACT

    @property
    def agreement_law(self) -> str:
        """The law under which the opponents agree a board's result (its game's)."""
        from .games import of

        return of(self).agreement_law

    @property
    def correction_law(self) -> str:
        """The law under which an agreed score is corrected, by the director only once the round is
        agreed: Law 79C at contract bridge (an error in the score), Law E at Foster's auction."""
        return "Law 79C" if self.is_contract else "Law E"

    @property
    def uses_imps(self) -> bool:
        """A contract event whose boards are scored in IMPs: Butler, cross-IMPs or a team match."""
        return self.is_contract and self.method in (
            self.Method.BUTLER,
            self.Method.CROSS_IMPS,
            self.Method.TEAM_IMPS,
        )


class Section(models.Model):
    class Movement(models.TextChoices):
        MITCHELL = "mitchell", "Mitchell"
        SKIP_MITCHELL = "skip_mitchell", "Mitchell with a skip"
        RELAY_MITCHELL = "relay_mitchell", "Mitchell with a relay and bye stand"
        HOWELL = "howell", "Complete Howell"
        TWO_TABLE = "two_table", "Two-table duplicate"
        TEAMS = "teams", "Team match"
        CUSTOM = "custom", "Entered by the director"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    letter = models.CharField(max_length=4, default="A")
    session = models.PositiveSmallIntegerField(
        default=1, help_text="Which session of the event the section played: 1, or 2 and on for later ones."
    )
    movement = models.CharField(max_length=20, choices=Movement.choices, default=Movement.MITCHELL)
    tables = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField()
    boards_per_round = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="Counts the changes to what the section's scores are made of; the scores are cached "
        "under it (services.score_cache) and every service that changes a fact raises it.",
    )

    class Meta:
        ordering = ["letter"]
        constraints = [
            models.UniqueConstraint(fields=["event", "letter"], name="section_letter_unique_in_event"),
            models.CheckConstraint(condition=Q(tables__gte=1), name="section_has_tables"),
            models.CheckConstraint(condition=Q(boards_per_round__gte=1), name="section_has_boards"),
            models.CheckConstraint(condition=Q(session__gte=1), name="section_session_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.event.name} · section {self.letter}"


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=80)
    label = models.CharField(max_length=4, help_text="A or B, as the laws of team matches speak of them.")

    class Meta:
        ordering = ["label"]
        constraints = [
            models.UniqueConstraint(fields=["event", "label"], name="team_label_unique_in_event"),
            one_line_name("team_name_one_line"),
        ]

    def __str__(self) -> str:
        return self.name


class Pair(models.Model):
    """A pair of players under the label the movement gives it ("3", "4E", ...)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairs")
    label = models.CharField(max_length=8)
    player1 = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    player2 = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, null=True, blank=True, related_name="pairs")
    is_phantom = models.BooleanField(default=False)
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The pair left the session before this round."
    )
    lineup_note = models.CharField(
        max_length=limits.NOTE,
        blank=True,
        default="",
        help_text="Who played which rounds, in words: a cache the substitution service rewrites.",
    )

    objects = PairQuerySet.as_manager()

    class Meta:
        ordering = ["section", "id"]
        constraints = [
            models.UniqueConstraint(fields=["section", "label"], name="pair_label_unique_in_section"),
            models.CheckConstraint(
                condition=Q(player1__isnull=True, player2__isnull=True)
                | Q(player1__isnull=False, player2__isnull=False),
                name="pair_has_two_players_or_none",
            ),
            models.CheckConstraint(condition=~Q(player1=models.F("player2")), name="pair_players_differ"),
        ]

    def __str__(self) -> str:
        return f"Pair {self.label}"

    @property
    def names(self) -> str:
        if self.is_phantom:
            return "Sit-out"
        names = " & ".join(p.name for p in (self.player1, self.player2) if p is not None)
        notes = [self.lineup_note] if self.lineup_note else []
        if self.withdrawn_from_round is not None:
            notes.append(f"withdrew from round {self.withdrawn_from_round}")
        return (names or "(names to come)") + (f" ({'; '.join(notes)})" if notes else "")


class Substitution(models.Model):
    """A player of a pair replaced by another from a round on: who played which rounds."""

    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="substitutions")
    from_round = models.PositiveSmallIntegerField()
    player_out = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_in = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=limits.REASON, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["from_round", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(from_round__gte=1), name="substitution_round_positive"),
            models.CheckConstraint(
                condition=~Q(player_out=models.F("player_in")), name="substitute_is_another_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_in} for {self.player_out} from round {self.from_round}"


VULNERABILITY_CHOICES = [
    ("", "By the board number"),
    ("None", "None"),
    ("NS", "N-S"),
    ("EW", "E-W"),
    ("All", "All"),
]


class Board(models.Model):
    """A board: its number, dealer and, when known, the deal itself (PBN).

    Contract bridge: the vulnerability comes from the board number (spec §1.3) unless a hand
    record or an imported file says otherwise; then ``vulnerability`` holds what it said.
    """

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    hands = models.CharField("deal (PBN)", max_length=80, blank=True)
    double_dummy = models.JSONField(
        null=True,
        blank=True,
        help_text="Cache of the deal's double-dummy tricks by seat (♣ ♦ ♥ ♠ NT); rebuilt with the deal.",
    )
    trumps = models.CharField(
        max_length=1,
        blank=True,
        help_text="Whist: the trump suit turned up on this board (S H D C), recorded once for every table.",
    )
    turned = models.CharField(
        "trump card turned up",
        max_length=2,
        blank=True,
        help_text="Whist: the dealer's last card, turned up for trumps (Whist law 42), as H8 or SQ.",
    )
    vulnerability = models.CharField(
        max_length=4,
        choices=VULNERABILITY_CHOICES,
        blank=True,
        help_text="Contract bridge: empty when the board number gives it (spec §1.3); else as the hand "
        "record or imported file said.",
    )
    par = models.JSONField(
        null=True,
        blank=True,
        help_text="Cache of the deal's par score and contracts for its dealer and vulnerability; "
        "rebuilt with the deal.",
    )
    version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="Counts the changes to what the board's scores are made of; its scored results are "
        "cached under it (scores.versions raises it on every write).",
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="board_number_unique_in_section"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
            models.CheckConstraint(
                condition=Q(trumps__in=["", "S", "H", "D", "C"]), name="board_trumps_a_suit"
            ),
            models.CheckConstraint(
                condition=Q(vulnerability__in=["", "None", "NS", "EW", "All"]),
                name="board_vulnerability_known",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"


class Table(models.Model):
    """A table of a section, with the secret and PIN that open its page on a phone."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_set")
    number = models.PositiveSmallIntegerField()
    secret = models.CharField(max_length=32, unique=True, default=new_table_secret)
    pin = models.CharField(max_length=6, default=new_table_pin)

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="table_number_unique_in_section")
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("table_home", args=[self.secret])


class Seating(models.Model):
    """Who sits where in one round at one table, and which boards they play there."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="seatings")
    round = models.PositiveSmallIntegerField()
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seatings")
    ns = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    board_numbers = models.JSONField(default=list)
    agreed_at = models.DateTimeField(null=True, blank=True)

    objects = SeatingQuerySet.as_manager()

    class Meta:
        ordering = ["round", "table__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round", "table"], name="one_seating_per_table_per_round"
            ),
            models.UniqueConstraint(fields=["section", "round", "ns"], name="ns_pair_at_one_table_per_round"),
            models.UniqueConstraint(fields=["section", "round", "ew"], name="ew_pair_at_one_table_per_round"),
            models.CheckConstraint(condition=~Q(ns=models.F("ew")), name="pair_never_meets_itself"),
        ]

    def __str__(self) -> str:
        return f"Round {self.round}, table {self.table.number}"


class Result(models.Model):
    """What was recorded at one table on one board: the facts, never the score.

    For Duplicate Auction: the final declaration (or a pass-out under the English rule), the
    declarer, the tricks his side won in play, the honours each seat held, the dealer's one
    spade, revokes. For Duplicate Whist: the tricks N-S won (E-W took the rest).
    """

    class Status(models.TextChoices):
        ENTERED = "entered", "Entered, awaiting the opponents' confirmation"
        CONFIRMED = "confirmed", "Confirmed by the opponents"
        DISPUTED = "disputed", "Disputed: the director will rule"

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="results")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="results")
    ns = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    strain = models.CharField(max_length=2, blank=True)
    doubling = models.CharField(max_length=2, blank=True)
    passed_out = models.BooleanField(default=False)
    not_played = models.BooleanField(
        default=False, help_text="The hands were irregular and the deal passed on unplayed (Law B (3))."
    )
    declarer = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    tricks = models.PositiveSmallIntegerField(
        help_text="Auction: tricks won in play by the declaring side. Whist: N-S."
    )
    honours_n = models.PositiveSmallIntegerField(default=0)
    honours_e = models.PositiveSmallIntegerField(default=0)
    honours_s = models.PositiveSmallIntegerField(default=0)
    honours_w = models.PositiveSmallIntegerField(default=0)
    dealers_one_spade = models.BooleanField(default=False)
    revokes = models.JSONField(default=list, blank=True)
    trumps = models.CharField(max_length=2, blank=True, help_text="Whist: the trump suit turned.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTERED)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The director who confirmed it on his own authority; empty when the opponents did.",
    )
    request_key = models.UUIDField(null=True, blank=True, unique=True)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    objects = ResultQuerySet.as_manager()

    class Meta:
        ordering = ["board__number", "seating__table__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["board", "seating"], name="one_result_per_board_per_table_per_round"
            ),
            models.UniqueConstraint(fields=["board", "ns"], name="ns_pair_meets_board_once"),
            models.UniqueConstraint(fields=["board", "ew"], name="ew_pair_meets_board_once"),
            models.CheckConstraint(condition=Q(tricks__range=(0, 13)), name="tricks_0_13"),
            models.CheckConstraint(
                condition=Q(level__isnull=True) | Q(level__range=(1, 7)), name="level_1_7"
            ),
            models.CheckConstraint(
                condition=Q(honours_n__lte=5)
                & Q(honours_e__lte=5)
                & Q(honours_s__lte=5)
                & Q(honours_w__lte=5),
                name="honours_at_most_5_a_seat",
            ),
            models.CheckConstraint(condition=~Q(ns=models.F("ew")), name="result_pair_never_meets_itself"),
        ]

    def __str__(self) -> str:
        return f"Board {self.board.number} at {self.seating}"

    @property
    def honours(self) -> tuple[int, int, int, int]:
        return (self.honours_n, self.honours_e, self.honours_s, self.honours_w)

    @property
    def confirmed_by_director(self) -> bool:
        """Confirmed by a director's act: his confirmation, or his Law B ruling (a deal not played)."""
        return self.status == self.Status.CONFIRMED and (self.confirmed_by_id is not None or self.not_played)

    @property
    def status_text(self) -> str:
        """The state in words, saying who confirmed: the opponents at the table, or the director."""
        return "Confirmed by the director" if self.confirmed_by_director else self.get_status_display()

    @property
    def contract_text(self) -> str:
        if self.not_played:
            return "Not played (Law B)"
        if self.passed_out:
            return "Passed out"
        if self.level is None:
            return ""
        return f"{self.level}{self.strain}{self.doubling}"


class BoardPlay(models.Model):
    """One pair's meeting with one board: the database's own proof that no pair plays a board twice."""

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="plays")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="+")
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["board", "pair"], name="pair_never_meets_a_board_twice")
        ]

    def __str__(self) -> str:
        return f"Pair {self.pair_id} on board {self.board_id}"


class Ruling(models.Model):
    """A director's ruling on an irregularity, with the law it applies and what it changes."""

    class Kind(models.TextChoices):
        IRREGULAR_AVERAGE = "irregular_average", "Irregular hand: each pair takes the average (Law B)"
        IRREGULAR_NS_OFFENDED = "irregular_ns", "Irregular hand: N-S partner held the surplus (Law B)"
        IRREGULAR_EW_OFFENDED = "irregular_ew", "Irregular hand: E-W partner held the surplus (Law B)"
        AWARD = "award", "Penalty points to one side's honour column"
        REVOKE = "revoke", "An established revoke (Law 84, Law D)"
        BARRED_BIDDER = "barred", "A player barred from the bidding"
        WITHDRAWN = "withdrawn", "Not played: a pair withdrew; each side takes its average (Law B (3))"
        NOT_PLAYED = (
            "not_played",
            "Not played: no result at the close, scored as the event scores a board not played",
        )
        ARTIFICIAL = "artificial", "Artificial adjusted score (Law 12C2)"
        ASSIGNED = "assigned", "Assigned adjusted score (Law 12C1)"
        FOULED = "fouled", "Fouled board: scored in the group of its version (Law 87B)"
        NOTE = "note", "Note for the record"

    class Average(models.TextChoices):
        """An artificial adjusted score for one side (Law 12C2): the event sets the percentages."""

        PLUS = "A+", "Average plus"
        AVERAGE = "A", "Average"
        MINUS = "A-", "Average minus"

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="rulings")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    law = models.CharField(max_length=40)
    side = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    points = models.PositiveIntegerField(default=0)
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    revoke_penalty = models.CharField(
        max_length=6, choices=[("points", "100 points"), ("tricks", "three tricks")], blank=True
    )
    ns_average = models.CharField(
        "N-S artificial score", max_length=2, choices=Average.choices, blank=True, help_text="Law 12C2."
    )
    ew_average = models.CharField(
        "E-W artificial score", max_length=2, choices=Average.choices, blank=True, help_text="Law 12C2."
    )
    assigned = models.CharField(
        "assigned result",
        max_length=limits.ASSIGNED,
        blank=True,
        help_text="Law 12C1: the result the director assigns, as a traveller writes it: 4HX N = or PASS.",
    )
    reason = models.CharField(max_length=limits.NOTE)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(default=timezone.now)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ns_average__in=["", "A+", "A", "A-"]) & Q(ew_average__in=["", "A+", "A", "A-"]),
                name="ruling_average_a_known_award",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.law}"

    @property
    def active(self) -> bool:
        return self.undone_at is None


class AuditEntry(models.Model):
    """Every change to a result or ruling: who (person or table device), when, before, after, why."""

    class Action(models.TextChoices):
        CREATE = "create", "Entered"
        UPDATE = "update", "Corrected"
        DELETE = "delete", "Deleted"
        CONFIRM = "confirm", "Confirmed"
        DISPUTE = "dispute", "Disputed"
        AGREE = "agree", "Round agreed"
        RULING = "ruling", "Ruling recorded"
        UNDO = "undo", "Ruling undone"
        EVENT = "event", "Event changed"
        PLAYERS = "players", "Players changed"
        RECAPS = "recaps", "Recaps sent"

    # A change to the club's player list belongs to no event: it names its club instead.
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="audit_entries"
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, null=True, blank=True, related_name="audit_entries"
    )
    result = models.ForeignKey(Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit")
    action = models.CharField(max_length=10, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    table = models.ForeignKey(Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    subject = models.CharField(
        max_length=120, help_text="What changed, in words: 'Board 4, round 2, table 3'."
    )
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=limits.NOTE, blank=True)  # a ruling's note, or a reason
    at = models.DateTimeField(default=timezone.now)
    request_id = models.UUIDField(default=uuid.uuid4, editable=False)

    objects = AuditEntryQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=False) | Q(club__isnull=False),
                name="audit_entry_of_an_event_or_club",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.subject}"

    @property
    def actor(self) -> str:
        if self.user_id is not None and self.user is not None:
            return self.user.get_username()
        if self.table_id is not None and self.table is not None:
            return f"Table {self.table.number} device"
        return "system"


class SessionFile(models.Model):
    """A scored session imported from the file another program wrote (PBN 2.1 or USEBIO 1.2).

    The facts (pairs, boards, deals, every table's result, the artificial scores as rulings)
    went into the event's sections of that session; the figures the producing program
    computed are kept here, as written, only to be shown beside the product's own scoring:
    ``figures`` holds each participant's total, percentage and place (for the session and,
    in a file of one session of several, cumulatively) and each traveller line's
    matchpoints or IMPs. They are never read to score.
    """

    class Format(models.TextChoices):
        PBN = "pbn", "PBN 2.1"
        USEBIO = "usebio", "USEBIO 1.2"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="session_files")
    session = models.PositiveSmallIntegerField(help_text="The event's session the file's facts went into.")
    name = models.CharField("file name", max_length=120)
    format = models.CharField(max_length=8, choices=Format.choices)
    producer = models.CharField(max_length=120, blank=True, help_text="The program that wrote the file.")
    scoring = models.CharField(
        max_length=120, blank=True, help_text="The scoring method in the file's words."
    )
    digest = models.CharField(max_length=64, help_text="SHA-256 of the file as uploaded.")
    figures = models.JSONField(default=dict)
    notes = models.JSONField(default=list, help_text="What the import did with the file, in sentences.")
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    imported_at = models.DateTimeField(default=timezone.now)
    request_key = models.UUIDField(
        null=True,
        blank=True,
        unique=True,
        editable=False,
        help_text="The import form's key: the same upload sent again finds this file, not a second event.",
    )

    class Meta:
        ordering = ["session"]
        constraints = [
            models.UniqueConstraint(fields=["event", "session"], name="one_file_per_session"),
            models.CheckConstraint(condition=Q(session__gte=1), name="session_file_session_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (session {self.session} of {self.event.name})"


class PairStanding(models.Model):
    """A pair's place in a closed night, as the standings show it: kept when the night is closed.

    A closed (locked) night changes no more, so its standings are worked out once, when it is
    closed, for the player's page, which lists every night a player played in a fixed number of
    queries. Reopening the night drops them; closing it again works them out anew.
    """

    pair = models.OneToOneField(Pair, on_delete=models.CASCADE, related_name="standing")
    rank = models.CharField(max_length=8, blank=True, help_text='"2=" when shared; blank in a team match.')
    of = models.PositiveSmallIntegerField(default=0, help_text="How many pairs were ranked.")
    score = models.CharField(max_length=120, help_text='As the standings show it: "+50 (+49 2/3)".')

    def __str__(self) -> str:
        return f"{self.pair}: {self.rank} {self.score}"


class RecapSend(models.Model):
    """One player's recap emailed after the night is published: pending, sending, sent or failed."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting"
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="recap_sends")
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="recap_sends")
    email = models.EmailField(max_length=limits.EMAIL)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    error = models.CharField(max_length=limits.REASON, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    queued = models.DateTimeField(default=timezone.now)
    sent = models.DateTimeField(null=True, blank=True)

    objects = RecapSendQuerySet.as_manager()

    class Meta:
        ordering = ["player__name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_recap_send_per_player_per_event")
        ]

    def __str__(self) -> str:
        return f"Recap of {self.event} to {self.email}: {self.get_status_display()}"


class PdfJob(models.Model):
    """A printed document made in a server thread and kept until a fact behind it changes: the
    recap sheets or the travellers of a big night, too long to draw while the browser waits.

    One row per event and document, shared by every gunicorn worker and thread: a request while
    it is being made joins it (its page shows the progress), one after finds the file. ``versions``
    are the sections' versions it is made from (services.score_cache): when any section's version
    has moved on, a result changed and the file is stale, so the next request makes it again.
    ``run`` counts the makings; a thread writes only while its run is the current one.

    The finished PDF is kept in the row (a ``BinaryField``), not a file under a data directory:
    the database is already the one store that every worker and every machine of a club shares,
    and it replaces the file and its state in one write; a file would need a shared disk and could
    outlive or lose its row. A night's recap sheets are 1–2 MB, written once a change; a JSON
    backup leaves them out (``backups.LEFT_OUT``): the next request makes them again.
    """

    class Status(models.TextChoices):
        RUNNING = "running", "Being made"
        DONE = "done", "Ready"
        FAILED = "failed", "Failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pdf_jobs")
    document = models.CharField(max_length=20, help_text='The document\'s slug: "recaps".')
    versions = models.JSONField(
        default=dict, help_text="Each section's version (by id) the file is made from."
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    run = models.PositiveIntegerField(default=1)
    done = models.PositiveIntegerField(default=0, help_text="Pairs drawn so far.")
    total = models.PositiveIntegerField(default=0, help_text="Pairs to draw.")
    content = models.BinaryField(blank=True, default=b"")
    filename = models.CharField(max_length=200, blank=True)
    error = models.CharField(max_length=limits.REASON, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    started = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now, help_text="Last heard from its thread.")
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "document"], name="one_pdf_job_per_event_document"),
            models.CheckConstraint(
                condition=Q(done__lte=models.F("total")), name="pdf_job_done_within_total"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.document} of {self.event}: {self.get_status_display()} ({self.done} of {self.total})"


class SessionImportJob(models.Model):
    """A big session's import, made in a server thread while its page shows that it runs.

    A results file of more traveller lines than ``SESSION_IMPORT_IN_BACKGROUND_LINES`` (30 tables'
    results) takes seconds to write as an event: too long for a browser, and a gunicorn thread, to wait on.
    The upload is kept here until the thread has imported it (``services.session_jobs``), then
    dropped; the row keeps what the import said, for the page to show. ``request_key`` is the
    import form's: the same upload sent again finds this job rather than starting a second.
    """

    class Status(models.TextChoices):
        RUNNING = "running", "Being imported"
        DONE = "done", "Imported"
        FAILED = "failed", "Refused"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="session_import_jobs")
    into = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        help_text="The event the file is added to as its next session; none for a new event.",
    )
    name = models.CharField("file name", max_length=120)
    content = models.BinaryField(blank=True, default=b"", help_text="The upload, until it is imported.")
    dry_run = models.BooleanField(default=False)
    request_key = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    event = models.ForeignKey(
        Event, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", help_text="What it made."
    )
    summary = models.CharField(max_length=500, blank=True)
    notes = models.JSONField(default=list)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    started = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.name} for {self.club}: {self.get_status_display()}"
