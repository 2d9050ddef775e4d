"""No page scrolls sideways on a 390 px phone: every page of the demo, in a real Chromium.

The pages come from the URL patterns and the demo's objects (fixtures/demo.json: the five-table
Mitchell, the team match, the whist night) and one night in play made here, so that the forms
of a running night are shown too: a table's entry form, a result awaiting confirmation, the
director's traveller rows. A test below proves that every page-serving URL name is visited, so
a new page cannot slip past. Wide tables scroll inside their own box; the page itself must not.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import PHONE, TIMEOUT_MS
from tests.tournament.factories import make_event, make_result
from tournament.demo import DEMO_CLUB
from tournament.models import Club, Event, Player, Result, Section, SessionImportJob, Table
from tournament.services.events import set_status

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTH = PHONE["viewport"]["width"]
PASSWORD = "a-long-e2e-password"  # the demo director's password for this test only
# URL names that serve no page a person reads on a phone: POST-only actions, downloads,
# the JSON preview, the fragment the event page refreshes itself with, and Django's admin.
NOT_PAGES = {
    "logout",
    "event_status",
    "missing_rule",
    "missing_all_not_played",
    "round_agree",
    "pair_substitute",
    "pair_withdraw",
    "ruling_add",
    "ruling_undo",
    "table_enter",
    "table_confirm",
    "table_dispute",
    "table_agree",
    "entry_preview",
    "export_xlsx",
    "export_csv",
    "pdf_document",
    "standings_fragment",
    "event_run_fragment",
    "players_export",
    "recaps_send",
    "deals_import",
    "deals_deal",
    "deals_export",
    "board_turned",
    "session_export",
    "pdf_job_retry",  # a POST (Try again); its page is the recap sheets' address, pdf_document
}

Pages = list[tuple[str, str]]  # (URL name, path)


def demo_pages() -> tuple[Pages, Pages]:
    """The public pages (no login) and the director's pages, for every demo night and the running one."""
    public: Pages = [("home", reverse("home")), ("calculator", reverse("calculator"))]
    public += [("login", reverse("login")), ("table_pin", reverse("table_pin"))]
    director: Pages = [("dashboard", reverse("dashboard"))]
    director.append(("event_create", reverse("event_create", args=[DEMO_CLUB])))
    director.append(("club_audit", reverse("club_audit", args=[DEMO_CLUB])))
    club_pages = ("player_list", "players_import", "session_import")
    director += [(name, reverse(name, args=[DEMO_CLUB])) for name in club_pages]
    player = Player.objects.filter(club__slug=DEMO_CLUB).order_by("pk").first()
    assert player is not None
    # A big import's page, as it stays once the file was refused (a running one answers 202).
    job = SessionImportJob.objects.create(
        club=player.club,
        name="a-results-file-with-a-long-name-from-another-program.pbn",
        status=SessionImportJob.Status.FAILED,
        summary="This file names 70,000 pairs; a session holds at most 400. Nothing was imported.",
    )
    director.append(("session_import_job", reverse("session_import_job", args=[DEMO_CLUB, job.pk])))
    director.append(("player", reverse("player", args=[DEMO_CLUB, player.pk])))
    for event in Event.objects.filter(club__slug=DEMO_CLUB).order_by("pk"):
        args = [DEMO_CLUB, event.pk]
        section = event.sections.get()
        result = Result.objects.filter(section=section).order_by("pk").first()
        public += [(name, reverse(name, args=args)) for name in ("event", "guide_cards")]
        if event.is_teams:
            public.append(("match", reverse("match", args=args)))
        pair = section.pairs.filter(is_phantom=False).order_by("pk").first()
        assert pair is not None
        public.append(("recap", reverse("recap", args=[*args, pair.pk])))
        public.append(("traveller", reverse("traveller", args=[*args, section.letter, 1])))
        director += [
            (name, reverse(name, args=args))
            for name in ("event_run", "event_pairs", "table_links", "hand_records", "session_files")
        ]
        director.append(("audit_log", reverse("audit_log", args=args)))
        if not event.is_locked:  # a closed night has nothing left to close: its address leads back
            director.append(("event_close", reverse("event_close", args=args)))
        director += [
            (name, reverse(name, args=args))
            for name in ("event_changes", "event_edit", "event_movement", "event_delete")
        ]
        director += [
            (name, reverse(name, args=[*args, section.letter, 1]))
            for name in ("traveller_entry", "ruling_irregular")
        ]
        if result is not None:
            public.append(("explain", reverse("explain", args=[*args, result.pk])))
            director.append(("result_edit", reverse("result_edit", args=[*args, result.pk])))
            table = Table.objects.get(pk=result.seating.table_id)
            board = [table.secret, result.seating.round, result.board.number]
            public += [
                ("table_home", reverse("table_home", args=[table.secret])),
                ("table_board", reverse("table_board", args=board)),
                ("table_result", reverse("table_result", args=[table.secret, result.pk])),
                ("table_edit", reverse("table_edit", args=[table.secret, result.pk])),
            ]
    return public, director


def page_names() -> set[str]:
    """Every named URL of the site, less Django's admin."""
    names: set[str] = set()

    def walk(patterns: list[URLPattern | URLResolver]) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.app_name != "admin":
                    walk(pattern.url_patterns)
            elif pattern.name:
                names.add(pattern.name)

    walk(get_resolver().url_patterns)
    return names


def overflow(page: Page) -> dict[str, int]:
    """How wide the page and its body are drawn, where wider than the phone."""
    widths = page.evaluate(
        "() => ({html: document.documentElement.scrollWidth, body: document.body.scrollWidth})"
    )
    return {part: width for part, width in widths.items() if width > WIDTH}


def widest(page: Page) -> str:
    """The first element that sticks out past the phone's edge, outside any box that scrolls."""
    return str(
        page.evaluate(
            """(width) => {
                const scrolls = (el) => {
                    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
                        if (getComputedStyle(p).overflowX !== 'visible') return true;
                    }
                    return false;
                };
                for (const el of document.body.querySelectorAll('*')) {
                    const box = el.getBoundingClientRect();
                    if (box.right > width + 1 && !scrolls(el)) {
                        const classes = String(el.className).trim().split(/\\s+/).filter(Boolean);
                        return [el.tagName.toLowerCase(), ...classes].join('.')
                            + ` (${Math.round(box.width)} px, "${el.textContent.trim().slice(0, 30)}")`;
                    }
                }
                return 'nothing found';
            }""",
            WIDTH,
        )
    )


@pytest.fixture
def demo(transactional_db: None) -> Iterator[None]:
    """The demo nights, the demo director's password, and a fourth night in play with a result to confirm."""
    call_command("loaddata", "demo", verbosity=0)
    user = get_user_model().objects.get(username="director")
    user.set_password(PASSWORD)
    user.save(update_fields=["password"])
    club = Club.objects.get(slug=DEMO_CLUB)
    name = "Thursday pairs in play, with a long name for a small screen"
    event = make_event(club, user, name=name, pairs=10)
    set_status(event=event, user=user, status=Event.Status.RUNNING, published=True)
    seating = event.sections.get().seatings.order_by("round", "table__number").first()
    make_result(seating, seating.board_numbers[0], "3NTX N 10", honours=(2, 0, 1, 1))
    _contract_nights(club, user)
    yield


def _contract_nights(club: Club, user: Any) -> None:
    """Duplicate Contract Bridge in play: a matchpoint pairs night with a deal, an adjusted score and
    an assigned one, and an IMP team match with Victory Points, each with a result to confirm."""
    from tests.tournament.contract_night import make_contract_event, play_contract, varied
    from tournament.services.rulings import add_ruling

    pairs = make_contract_event(club, user, name="Contract pairs in play, scored by matchpoints", pairs=10)
    pairs.sections.get().boards.update(
        hands="N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"
    )
    teams = make_contract_event(
        club, user, name="Contract team match", form=Event.Form.TEAMS, victory_points=Event.VictoryPoints.WBF
    )
    for event in (pairs, teams):
        set_status(event=event, user=user, status=Event.Status.RUNNING, published=True)
        play_contract(event, lambda seating, board: varied(seating, board) if seating.round == 1 else None)
    first, second = Result.objects.filter(section__event=pairs).order_by("pk")[:2]
    add_ruling(
        result=first,
        user=user,
        kind="artificial",
        law="Law 12C2",
        reason="Fouled.",
        ns_average="A+",
        ew_average="A-",
    )
    add_ruling(
        result=second, user=user, kind="assigned", law="Law 12C1", reason="Misinformation.", assigned="4S N ="
    )


def shown_wide(page: Page, what: str) -> list[str]:
    """The page as shown, if it is wider than the phone: which, by how much, and what sticks out."""
    wide = overflow(page)
    if not wide:
        return []
    return [f"{what}: {wide} px wide (by {max(wide.values()) - WIDTH} px); widest: {widest(page)}"]


def visit(page: Page, pages: Pages) -> list[str]:
    found = []
    for name, url in pages:
        response = page.goto(url)
        assert response is not None and response.status == 200, (name, url, response and response.status)
        found += shown_wide(page, f"{name} {url}")
    return found


def test_every_page_url_is_visited(demo: None) -> None:
    public, director = demo_pages()
    visited = {name for name, _ in public + director}
    assert page_names() - NOT_PAGES - visited == set()


def test_no_page_scrolls_sideways_on_a_phone(demo: None, browser: Browser, live_server: Any) -> None:
    public, director = demo_pages()
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    found = visit(page, public)

    page.goto(reverse("calculator"))
    page.fill("#id_contract", "7NTXX")
    page.fill("#id_tricks", "12")
    page.fill("#id_honours_n", "3")
    page.fill("#id_award_ew", "9999")
    page.locator("form button[type=submit]").last.click()
    found += shown_wide(page, "calculator with a deal scored")
    page.goto(reverse("login") + "?next=/director/")
    page.fill("#id_username", "director")
    page.fill("#id_password", PASSWORD)
    page.click("form.card button[type=submit]")
    page.wait_for_url("**/director/")
    found += visit(page, director)

    page.goto(reverse("event_create", args=[DEMO_CLUB]))
    page.select_option("#id_movement", "relay_mitchell")
    page.fill("#id_pairs", "20")
    page.click("#check-movement")
    page.locator("#movement-check details").first.evaluate("d => d.open = true")
    found += shown_wide(page, "event_create with the movement check")
    context.close()
    assert not found, "Pages wider than a 390 px phone:\n" + "\n".join(found)


# The figures a phone must show without scrolling --------------------------------------------

FITS = """(selector) => {
    const table = document.querySelector(selector);
    if (!table) return null;
    let box = table.parentElement;
    while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    return {scroll: box.scrollWidth, client: box.clientWidth, right: table.getBoundingClientRect().right};
}"""

SHOWN = """([selector, heading]) => {
    const table = document.querySelector(selector);
    const heads = [...table.querySelectorAll('thead th')];
    const at = heads.findIndex(th => th.textContent.trim() === heading);
    if (at < 0) return null;
    const cells = [heads[at], ...[...table.querySelectorAll('tbody tr')].map(tr => tr.children[at])];
    return cells.map(cell => {
        const box = cell.getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
    });
}"""


def fits(page: Page, selector: str, headings: list[str]) -> list[str]:
    """What does not fit: the table's box scrolling sideways, or a key column outside the screen."""
    width = page.evaluate(FITS, selector)
    assert width is not None, selector
    wrong = []
    if width["scroll"] > width["client"] or width["right"] > WIDTH:
        wrong.append(f"{selector}: {width}")
    for heading in headings:
        shown = page.evaluate(SHOWN, [selector, heading])
        if not shown or not all(shown):
            wrong.append(f"{selector} {heading!r}: {shown}")
    return wrong


def test_a_phone_shows_the_contract_the_score_and_the_matchpoints_without_scrolling(
    demo: None, browser: Browser, live_server: Any
) -> None:
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    found = []
    for event in Event.objects.filter(club__slug=DEMO_CLUB, form=Event.Form.PAIRS).order_by("pk"):
        section = event.sections.get()
        pair = section.pairs.filter(is_phantom=False).order_by("pk").first()
        args = [DEMO_CLUB, event.pk]
        if event.is_contract:
            traveller, recap = (
                ["Contract", "N-S score", "E-W score", "N-S MP"],
                ["Board", "Contract", "Score", "MP"],
            )
        elif event.is_whist:
            traveller, recap = ["Contract", "Tricks", "N-S ±"], ["Board", "Contract", "Scored", "±"]
        else:
            traveller, recap = ["Contract", "Tricks", "Net N-S", "N-S ±"], ["Board", "Contract", "Net", "±"]
        page.goto(reverse("traveller", args=[*args, section.letter, 1]))
        found += [f"{event.name} traveller: {w}" for w in fits(page, "table.traveller", traveller)]
        page.goto(reverse("recap", args=[*args, pair.pk]))
        found += [f"{event.name} recap: {w}" for w in fits(page, "table.recap", recap)]
    context.close()
    assert not found, "\n".join(found)


def test_a_phone_shows_every_table_and_round_of_a_howell_running_grid_without_scrolling(
    demo: None, browser: Browser, live_server: Any
) -> None:
    club = Club.objects.get(slug=DEMO_CLUB)
    user = get_user_model().objects.get(username="director")
    event = make_event(club, user, name="Howell in play", pairs=8, movement=Section.Movement.HOWELL)
    set_status(event=event, user=user, status=Event.Status.RUNNING)
    seating = event.sections.get().seatings.order_by("round", "table__number").first()
    make_result(seating, seating.board_numbers[0], "3NTX N 10", honours=(2, 0, 1, 1))
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(reverse("login") + "?next=/director/")
    page.fill("#id_username", "director")
    page.fill("#id_password", PASSWORD)
    page.click("form.card button[type=submit]")
    page.wait_for_url("**/director/")
    page.goto(reverse("event_run", args=[DEMO_CLUB, event.pk]))
    assert fits(page, "table.run-grid", []) == []
    seatings = event.sections.get().seatings.count()
    cells = page.locator("table.run-grid td.cell[id^=seating-]")
    assert cells.count() == seatings  # 4 tables, 7 rounds
    outside = page.evaluate(
        """() => [...document.querySelectorAll('table.run-grid td.cell[id^=seating-] a.badge')]
            .filter(a => {
                const box = a.getBoundingClientRect();
                return !(box.width > 0 && box.right <= window.innerWidth);
            })
            .map(a => a.textContent)"""
    )
    assert outside == []
    context.close()
