import pytest

from tests.tournament.factories import make_club, make_event, make_member
from tournament.models import Board, Event, Pair, Seating, Table

pytestmark = pytest.mark.django_db


def test_a_three_table_mitchell_lays_out_tables_pairs_boards_and_seatings():
    club = make_club()
    event = make_event(club, make_member(club), pairs=6, boards_per_round=2)
    section = event.sections.get()
    assert Table.objects.filter(section=section).count() == 3
    assert Pair.objects.filter(section=section).count() == 6
    assert Board.objects.filter(section=section).count() == 6
    assert Seating.objects.filter(section=section).count() == 9


def test_a_team_match_has_two_teams_of_two_pairs():
    club = make_club()
    event = make_event(club, make_member(club), form=Event.Form.TEAMS, movement="teams", pairs=2, boards=8)
    assert sorted(event.teams.values_list("label", flat=True)) == ["A", "B"]
    assert Pair.objects.filter(section__event=event, team__isnull=False).count() == 4
