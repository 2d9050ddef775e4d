"""The director's running view, its self-refreshing grid, the event menu on every page, and logging in."""

from __future__ import annotations

import re
import zlib
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from tests.tournament.director_cast import Cast, grid_marks, make_cast
from tests.tournament.factories import make_result
from tournament.models import Event, Result
from tournament.services import results as result_services
from tournament.services.events import set_status

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast() -> Cast:
    cast = make_cast()
    set_status(event=cast.event, user=cast.director, status=Event.Status.RUNNING)
    cast.event.refresh_from_db()
    return cast


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# The running grid -------------------------------------------------------------------------------


def test_each_board_shows_whether_it_is_confirmed_awaiting_the_opponents_disputed_or_missing(
    cast: Cast,
) -> None:
    seating = cast.seating(1, 1)
    first, second = seating.board_numbers
    table = seating.table
    make_result(seating, first, "3H N 9", table=table)
    confirmed = make_result(seating, second, "2S E 8", table=table)
    result_services.set_status(result=confirmed, status=Result.Status.CONFIRMED, table=table)
    other = cast.seating(1, 2)
    by_director = make_result(other, other.board_numbers[0], "1NT S 7", user=cast.director)
    result_services.set_status(result=by_director, status=Result.Status.CONFIRMED, user=cast.director)
    disputed = make_result(other, other.board_numbers[1], "4S E 10", table=other.table)
    result_services.set_status(result=disputed, status=Result.Status.DISPUTED, table=other.table)

    response = cast.clients["director"].get(reverse("event_run", args=cast.url_args()))
    assert grid_marks(response)[(1, 1)] == ["entered", "confirmed"]
    assert grid_marks(response)[(2, 1)] == ["confirmed", "disputed"]
    assert grid_marks(response)[(3, 1)] == ["missing", "missing"]
    counts = {
        kind: int(n) for kind, n in re.findall(r'<span class="badge (\w+)">(\d+) ', response.content.decode())
    }
    assert (counts["in"], counts["confirmed"], counts["entered"], counts["disputed"]) == (3, 2, 1, 1)
    page = text(response)
    assert f"Board {first}: in, awaiting the opponents" in page
    assert f"Board {second}: confirmed" in page
    assert f"Board {other.board_numbers[0]}: confirmed by the director" in page


def test_each_cell_links_to_its_result_or_to_the_traveller_row_still_to_enter(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    entered = make_result(seating, seating.board_numbers[0], "3H N 9", table=seating.table)
    missing = cast.seating(1, 3)
    page = text(cast.clients["director"].get(reverse("event_run", args=cast.url_args())))
    assert reverse("result_edit", args=[*cast.url_args(), entered.pk]) in page
    board = missing.board_numbers[0]
    assert reverse("traveller_entry", args=[*cast.url_args(), "A", board]) + f"#seating-{missing.pk}" in page


def test_the_grid_refreshes_itself_while_play_goes_on(cast: Cast) -> None:
    page = text(cast.clients["director"].get(reverse("event_run", args=cast.url_args())))
    fragment = reverse("event_run_fragment", args=cast.url_args())
    assert f'data-refresh="{fragment}"' in page
    assert "tournament/refresh.js" in page


@pytest.mark.parametrize("status", [Event.Status.SETUP, Event.Status.LOCKED])
def test_the_grid_stays_still_before_and_after_play(cast: Cast, status: str) -> None:
    Event.objects.filter(pk=cast.event.pk).update(status=status)
    page = text(cast.clients["director"].get(reverse("event_run", args=cast.url_args())))
    assert "data-refresh" not in page and "refresh.js" not in page


def test_the_fragment_is_the_grid_as_it_is_now_with_the_events_state(cast: Cast) -> None:
    url = reverse("event_run_fragment", args=cast.url_args())
    before = cast.clients["scorer"].get(url)
    seating = cast.seating(1, 1)
    make_result(seating, seating.board_numbers[0], "3H N 9", table=seating.table)
    after = cast.clients["scorer"].get(url)
    assert before.status_code == after.status_code == 200
    assert (before["X-Event-Status"], after["Cache-Control"]) == ("running", "no-store")
    assert "<html" not in text(after) and 'class="run-grid"' in text(after)
    assert grid_marks(before)[(1, 1)] == ["missing", "missing"]
    assert grid_marks(after)[(1, 1)] == ["entered", "missing"]


@pytest.mark.parametrize(
    ("actor", "status"), [("other_director", 404), ("table_device", 302), ("anonymous", 302)]
)
def test_outsiders_never_get_the_fragment(cast: Cast, actor: str, status: int) -> None:
    response = cast.clients[actor].get(reverse("event_run_fragment", args=cast.url_args()))
    assert response.status_code == status
    if status == 302:
        assert response.url.startswith(reverse("login"))


# The grid's poll: a conditional GET, as the public standings' ---------------------------------------


def test_the_grid_poll_is_answered_not_modified_while_nothing_changes(
    cast: Cast, django_assert_num_queries: Any
) -> None:
    url = reverse("event_run_fragment", args=cast.url_args())
    first = cast.clients["director"].get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    # 1. the session 2. the user 3. the event with its club 4. the user's role 5. the sections
    # with their versions: no scoring, no rendering.
    with django_assert_num_queries(5):
        again = cast.clients["director"].get(url, headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    assert (again["ETag"], again["X-Event-Status"], again["Cache-Control"]) == (etag, "running", "no-store")


def test_the_grid_poll_gets_the_new_grid_after_a_result(cast: Cast) -> None:
    url = reverse("event_run_fragment", args=cast.url_args())
    etag = cast.clients["scorer"].get(url)["ETag"]
    seating = cast.seating(1, 1)
    make_result(seating, seating.board_numbers[0], "3H N 9", table=seating.table)
    response = cast.clients["scorer"].get(url, headers={"if-none-match": etag})
    assert response.status_code == 200 and response["ETag"] != etag
    assert grid_marks(response)[(1, 1)] == ["entered", "missing"]
    assert cast.clients["scorer"].get(url, headers={"if-none-match": response["ETag"]}).status_code == 304


def test_the_running_page_gives_the_poll_the_etag_of_the_grid_it_shows(cast: Cast) -> None:
    page = cast.clients["director"].get(reverse("event_run", args=cast.url_args())).content.decode()
    etag = cast.clients["director"].get(reverse("event_run_fragment", args=cast.url_args()))["ETag"]
    assert f'data-etag="{etag.replace(chr(34), "&quot;")}"' in page


@pytest.mark.parametrize(
    ("actor", "status"), [("other_director", 404), ("table_device", 302), ("anonymous", 302)]
)
def test_an_outsider_holding_the_grids_etag_gets_no_304_and_no_grid(
    cast: Cast, actor: str, status: int
) -> None:
    url = reverse("event_run_fragment", args=cast.url_args())
    etag = cast.clients["director"].get(url)["ETag"]
    response = cast.clients[actor].get(url, headers={"if-none-match": etag})
    assert response.status_code == status
    assert "ETag" not in response and "run-grid" not in response.content.decode()


def _as_text(kept: object) -> str:
    """A kept value as the text it holds: as it is, or compressed; anything else holds no page."""
    if isinstance(kept, str):
        return kept
    if isinstance(kept, bytes):
        try:
            return zlib.decompress(kept).decode(errors="replace")
        except zlib.error:
            return kept.decode(errors="replace")
    return ""


def test_no_page_kept_in_the_cache_holds_a_form_or_a_csrf_token(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared, kept = caches["default"], []
    keep = shared.set
    monkeypatch.setattr(
        shared, "set", lambda key, value, *a, **k: kept.append(value) or keep(key, value, *a, **k)
    )
    seating = cast.seating(1, 1)
    for number in seating.board_numbers:  # the round complete: the grid offers to agree it
        make_result(seating, number, "3H N 9", user=cast.director)
    read = {
        name: cast.clients["director"].get(reverse(name, args=cast.url_args())).content.decode()
        for name in ("event_run", "event_run_fragment", "event", "standings_fragment")
    }
    assert 'class="link agree"' in read["event_run_fragment"]  # the grid offers to agree the round
    assert 'name="csrfmiddlewaretoken"' in read["event_run"]  # through the page's own form
    texts = [_as_text(value) for value in kept]
    assert any('class="section-standings"' in text for text in texts)  # the standings are kept
    assert any('class="card running"' in text for text in texts)  # and so is the grid
    assert not [text for text in texts if "csrfmiddlewaretoken" in text or "<form" in text]


def test_the_grids_agree_buttons_post_with_each_readers_own_csrf_token(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    for number in seating.board_numbers:
        make_result(seating, number, "3H N 9", user=cast.director)
    cast.clients["scorer"].get(reverse("event_run", args=cast.url_args()))  # the grid made for the scorer
    director = Client(enforce_csrf_checks=True)
    director.force_login(cast.director)
    page = director.get(reverse("event_run", args=cast.url_args())).content.decode()
    button = re.search(r'<button class="link agree" form="agree-round" formaction="([^"]+)">', page)
    form = re.search(
        r'<form method="post" id="agree-round" hidden><input type="hidden" name="csrfmiddlewaretoken" '
        r'value="([^"]+)"',
        page,
    )
    assert button is not None and button.group(1).endswith(f"/rounds/{seating.pk}/agree/")
    assert form is not None
    response = director.post(button.group(1), {"csrfmiddlewaretoken": form.group(1)})
    assert response.status_code == 302  # agreed: the token was the director's own, not the scorer's
    assert cast.seating(1, 1).agreed_at is not None


# The menu -----------------------------------------------------------------------------------------


def menu_links(cast: Cast) -> list[str]:
    args = cast.url_args()
    return [
        reverse("event_run", args=args),
        reverse("event_pairs", args=args),
        reverse("traveller_entry", args=[*args, "A", 1]),
        reverse("audit_log", args=args) + "?what=ruling",
        reverse("hand_records", args=args),
        reverse("table_links", args=args),
        reverse("audit_log", args=args),
        reverse("event_run", args=args) + "#event-state",
        reverse("event", args=args),
        reverse("traveller", args=[*args, "A", 1]),
        reverse("guide_cards", args=args),
        *(
            reverse("pdf_document", args=[*args, doc])
            for doc in ("standings", "recaps", "travellers", "guide", "tablecards", "pads")
        ),
        reverse("export_xlsx", args=args),
        reverse("export_csv", args=args),
    ]


def director_pages(cast: Cast) -> list[str]:
    args = cast.url_args()
    seating = cast.seating(1, 1)
    result = make_result(seating, seating.board_numbers[0], "3H N 9", user=cast.director)
    return [
        reverse("event_run", args=args),
        reverse("event_pairs", args=args),
        reverse("traveller_entry", args=[*args, "A", 2]),
        reverse("ruling_irregular", args=[*args, "A", 1]),
        reverse("result_edit", args=[*args, result.pk]),
        reverse("table_links", args=args),
        reverse("hand_records", args=args),
        reverse("audit_log", args=args),
    ]


def test_every_director_page_of_the_event_carries_the_whole_menu(cast: Cast) -> None:
    wanted = menu_links(cast)
    for url in director_pages(cast):
        page = cast.clients["scorer"].get(url).content.decode()
        menu = page[page.index('id="event-menu"') :]
        missing = [link for link in wanted if f'href="{link}"' not in menu]
        assert missing == [], url


def test_the_menu_marks_the_page_the_director_is_on(cast: Cast) -> None:
    page = text(cast.clients["director"].get(reverse("table_links", args=cast.url_args())))
    assert f'<a href="{reverse("table_links", args=cast.url_args())}" aria-current="page">' in page
    assert page.count('aria-current="page"') == 1


def test_the_menu_offers_the_hand_records_pdf_once_the_event_is_closed(cast: Cast) -> None:
    url = reverse("event_run", args=cast.url_args())
    assert "pdf/handrecords.pdf" not in text(cast.clients["director"].get(url))
    Event.objects.filter(pk=cast.event.pk).update(status=Event.Status.LOCKED)
    assert "pdf/handrecords.pdf" in text(cast.clients["director"].get(url))


def test_the_menu_offers_the_match_sheet_only_for_a_team_match() -> None:
    teams = make_cast(form="teams", movement="teams", pairs=2, boards=8)
    pairs = make_cast()
    match = "pdf/match.pdf"
    assert match in text(teams.clients["director"].get(reverse("event_run", args=teams.url_args())))
    assert match not in text(pairs.clients["director"].get(reverse("event_run", args=pairs.url_args())))


# Logging in --------------------------------------------------------------------------------------


def test_logging_in_lands_on_the_directors_dashboard() -> None:
    get_user_model().objects.create_user(username="alice", password="a-long-test-password")
    client = Client()
    page = client.get(reverse("login")).content.decode()
    assert 'name="next" value=""' in page  # no page asked for: the default applies
    response = client.post(reverse("login"), {"username": "alice", "password": "a-long-test-password"})
    assert response.status_code == 302
    assert response["Location"] == reverse("dashboard")


def test_logging_in_from_a_page_returns_to_it() -> None:
    get_user_model().objects.create_user(username="alice", password="a-long-test-password")
    client = Client()
    wanted = reverse("event_create", args=["somewhere"])
    data = {"username": "alice", "password": "a-long-test-password", "next": wanted}
    assert client.post(reverse("login"), data)["Location"] == wanted
