import pytest
from django.urls import reverse
from tests.tournament.factories import make_club, make_event, make_member
from tournament.models import Result, Seating

pytestmark = pytest.mark.django_db

def test_pages(client):
    club = make_club(); d = make_member(club); e = make_event(club, d)
    client.force_login(d)
    s = e.sections.get()
    for name, args in [("dashboard", []), ("event_create", [club.slug]), ("event_pairs", [club.slug, e.pk]),
                       ("event_run", [club.slug, e.pk]), ("table_links", [club.slug, e.pk]),
                       ("traveller_entry", [club.slug, e.pk, "A", 1]), ("audit_log", [club.slug, e.pk]),
                       ("ruling_irregular", [club.slug, e.pk, "A", 1])]:
        r = client.get(reverse(name, args=args))
        assert r.status_code == 200, (name, r.content[:2000])
    r = client.post(reverse("event_create", args=[club.slug]), {"name": "X", "date": "2024-01-02", "game": "auction", "form": "pairs", "pairs": 8, "boards_per_round": 2, "movement": "howell", "slams": "american", "preview": "1"})
    assert r.status_code == 200
    print(r.content.decode()[-6000:])
    seating = Seating.objects.filter(section=s, round=1).first()
    n = seating.board_numbers[0]
    r = client.get(reverse("entry_preview", args=[club.slug, e.pk]), {"board": n, "entry": "3HX N 9", "honours_n": 2, "seating": seating.pk})
    print(r.json())
    r = client.get(reverse("traveller_entry", args=[club.slug, e.pk, "A", n]))
    html = r.content.decode()
    import re
    key = re.search(r'name="request_key" value="([^"]+)"', html).group(1)
    r = client.post(reverse("traveller_entry", args=[club.slug, e.pk, "A", n]), {"seating": seating.pk, "request_key": key, "entry": "3HX N 9", "honours_n": "2"})
    assert r.status_code == 302, r.content.decode()[-3000:]
    r = client.get(r.url)
    print(r.content.decode()[r.content.decode().find('id="entry"'):][:4000])
    res = Result.objects.get()
    r = client.get(reverse("result_edit", args=[club.slug, e.pk, res.pk]))
    assert r.status_code == 200
    r = client.post(reverse("ruling_add", args=[club.slug, e.pk, res.pk]), {"ruling-preset": "declaration_out_of_turn", "ruling-side": "EW", "ruling-seat": "S"})
    assert r.status_code == 302, r.content.decode()
    r = client.get(reverse("result_edit", args=[club.slug, e.pk, res.pk]))
    h = r.content.decode(); print(h[h.find('id="rulings"'):][:3000])
    r = client.get(reverse("event_run", args=[club.slug, e.pk]))
    h = r.content.decode(); print(h[h.find('run-grid'):][:1500])
    r = client.get(reverse("audit_log", args=[club.slug, e.pk]))
    h = r.content.decode(); print(h[h.find('audit-log'):][:3000])
