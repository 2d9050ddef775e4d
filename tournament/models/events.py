"""An event and how it is scored; its sections, teams and pairs, and who substituted for whom."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from .. import limits
from ..querysets import EventQuerySet, PairQuerySet
from .clubs import Club, Player
from .common import one_line_name


class Event(models.Model):
    """A night of one of three games (Duplicate Contract Bridge, Duplicate Auction or Duplicate
    Whist) for pairs or teams: its state and how it is scored. ``games.of(event)`` reads its game."""

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
        default=False,
        help_text="Auction: the dealer may say 'no bid'; spades are always royals (note to Law H).",
    )
    royals_distinct = models.BooleanField(
        "spades and royals are different declarations for Law 46",
        default=True,
        help_text="Auction: recommended reading R-9.",
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
        help_text="The highest and the lowest scores left out of the datum; empty: one at "
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
        "to the full movement, as Compscore, ACBLscore and Magic Contest print it; "
        "percentages and places are unchanged.",
    )
    award_imps = models.DecimalField(
        "IMP pairs: IMPs for Average plus",
        max_digits=3,
        decimal_places=1,
        default=Decimal("3.0"),
        help_text="Law 12C2 scored in IMPs: Average plus wins this, Average minus loses it, Average is 0 "
        "(Ruter gives 1.5 a comparison).",
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
        from ..games import of

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
        "under it (tournament.scores) and every write of a fact raises it.",
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
