from __future__ import annotations

import pytest

from tests.tournament.factories import make_club, make_event, make_member
from tests.tournament.pdf_text import read_pdf
from tournament.pdf import renderer_for

pytestmark = pytest.mark.django_db


def test_smoke():
    club = make_club()
    event = make_event(club, make_member(club), pairs=7)
    _, _, content = renderer_for(event, "tablecards", base_url="http://testserver/").render()
    open("/tmp/i9cards/smoke.pdf", "wb").write(content)
    print(read_pdf(content).text)
