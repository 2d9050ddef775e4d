"""The phones, the director and the yardstick of the load test, as locust users (see ``load.py``).

Run by ``benchmarks/load.py`` in a process of its own, because locust (gevent) patches the
standard library's sockets and threads when imported, and Django's database work (the set-up and
the check afterwards) stays out of that process:

    python benchmarks/load_phones.py PLAN.json OUT.json

PLAN.json (written by ``load.py``) names the server, the event's pages, the tables with their
secret links and the boards of each round, the phones' number and the time scale. Every request
goes through the pages a person uses: a table opens from its secret link, a board from the link
on the table page, the form's hidden fields (CSRF token, request key, round, board, pairs) are
read from the form and sent back with the players' taps. OUT.json gets each page's figures
(requests, per second, median and 95th percentile in milliseconds, errors), every result sent,
and the tables that finished their night.

A phone belongs to a seat at a table. N-S phones enter the boards, one a "board time", as the
table's play reaches it; E-W phones, half a board time later, confirm what the opponents entered
and agree each round (Laws D, E). At 60 tables with 120 phones that is one phone per pair; at 30
tables, every player's phone (two N-S phones then enter the same board at the same moment, a
race the server must settle: one result saved, the other phone shown it). One entry in ten is
sent twice with the same request key (a double tap). Every phone also keeps the public standings
open and polls the fragment with ``If-None-Match``, as ``refresh.js`` does.
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
from html import unescape
from typing import Any
from urllib.parse import urlencode

import gevent
import gevent.event
from locust import FastHttpUser, constant, events, task
from locust.env import Environment

PLAN: dict[str, Any] = {}
SENT: list[dict[str, Any]] = []
FINISHED: set[int] = set()
TABLES_DONE: set[int] = set()
UNEXPECTED: list[str] = []  # requests answered with a status the page never gives there
PROBLEMS: list[str] = []  # a page without what a phone needs (a form, the live standings)
POLLS: dict[int, int] = {}  # the standings polls by status: 304 nothing changed, 200 new standings
ALL_DONE = gevent.event.Event()
_next_phone = iter(range(10**6))

HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FORM_ACTION = re.compile(r'<form method="post" action="([^"]+)"')
AGREE_ACTION = re.compile(r'<form method="post" action="([^"]+/agree/)"')
STANDINGS = re.compile(r'data-refresh="([^"]+)" data-every="(\d+)" data-etag="([^"]*)"')
CONFIRM_LINK = re.compile(r'href="([^"]+)">Confirm board (\d+)</a>')
FORM_HEADERS = {"Content-Type": "application/x-www-form-urlencoded"}


def facts_for(table: int, board: int) -> dict[str, str]:
    """What the players tap for a board: a plausible no-trump or suit contract, the same on every
    phone of the table (so that two phones entering it at once agree)."""
    rng = random.Random(f"{PLAN['seed']}-{table}-{board}")
    level = rng.randint(1, 4)
    strain = rng.choice(["C", "D", "H", "NT"])
    tricks = min(13, max(0, level + 6 + rng.randint(-2, 2)))
    return {
        "level": str(level),
        "strain": strain,
        "doubling": "",
        "declarer": rng.choice("NESW"),
        "tricks": str(tricks),
        "revoke1_by": "",
        "revoke1_penalty": "points",
        "revoke2_by": "",
        "revoke2_penalty": "points",
    }


class Page:
    """A request that must answer one of ``expected``; anything else is counted as an error."""

    def __init__(self, user: FastHttpUser) -> None:
        self.client = user.client

    def call(
        self, method: str, url: str, name: str, expected: tuple[int, ...] = (200,), **kwargs: Any
    ) -> Any:
        with self.client.request(
            method, url, name=name, catch_response=True, allow_redirects=False, **kwargs
        ) as response:
            if response.status_code in expected:
                response.success()
            else:
                UNEXPECTED.append(f"{name}: {method} {url} answered {response.status_code}")
                response.failure(f"status {response.status_code}")
        return response


class Phone(FastHttpUser):
    """A player's phone: its table's pages (entering or confirming) and the standings, polled."""

    fixed_count = 0  # set from the plan
    wait_time = constant(0)

    def on_start(self) -> None:
        self.number = next(_next_phone)
        tables = PLAN["tables"]
        self.table = tables[self.number % len(tables)]
        self.seat = self.number // len(tables)  # 0 N, 1 E, 2 S, 3 W
        alone = PLAN["phones"] <= len(tables)
        self.enters = alone or self.seat % 2 == 0
        self.confirms = alone or self.seat % 2 == 1
        self.page = Page(self)
        self.boards = [(r["round"], b) for r in self.table["rounds"] for b in r["boards"]]

    @task
    def night(self) -> None:
        scale = PLAN["scale"]
        board_s, poll_s = PLAN["board_seconds"] / scale, PLAN["poll_seconds"] / scale
        # Every phone of a table keeps the table's clock: two N-S phones tap "save" together.
        start = time.monotonic() + random.Random(self.table["number"]).uniform(0, board_s)
        etag, fragment = self.open_standings()
        next_poll = time.monotonic() + random.uniform(0, poll_s)
        next_check = start + board_s / 2  # the opponents look at the table half a board later
        entered = 0
        done = False
        while not done:
            now = time.monotonic()
            if now >= next_poll:
                etag = self.poll(fragment, etag)
                next_poll += poll_s
            if self.enters and entered < len(self.boards) and now >= start + entered * board_s:
                self.enter(*self.boards[entered])
                entered += 1
            elif now >= next_check and (self.confirms or entered == len(self.boards)):
                done = self.confirm_and_agree() if self.confirms else self.table_done()
                next_check += board_s
            wake = [next_poll]
            if self.enters and entered < len(self.boards):
                wake.append(start + entered * board_s)
            if self.confirms or entered == len(self.boards):
                wake.append(next_check)
            gevent.sleep(max(0.0, min(wake) - time.monotonic()))
        FINISHED.add(self.number)
        TABLES_DONE.add(self.table["number"])
        if len(FINISHED) == self.fixed_count:
            ALL_DONE.set()
        while True:  # the phone is put away; the run ends when every phone is
            gevent.sleep(60)

    def open_standings(self) -> tuple[str, str]:
        page = self.page.call("GET", PLAN["event_page"], "standings page")
        found = STANDINGS.search(page.text or "")
        if found is None:
            PROBLEMS.append("standings page: no live standings box (is the event running and published?)")
            return "", PLAN["standings_fragment"]
        return unescape(found.group(3)), unescape(found.group(1))

    def poll(self, fragment: str, etag: str) -> str:
        headers = {"Accept": "text/html", "If-None-Match": etag} if etag else {"Accept": "text/html"}
        answer = self.page.call("GET", fragment, "standings poll", (200, 304), headers=headers)
        POLLS[answer.status_code] = POLLS.get(answer.status_code, 0) + 1
        if answer.status_code == 200:
            return answer.headers.get("ETag") or ""
        return etag

    def home(self, round_: int | None = None) -> str:
        url = self.table["link"] + (f"?round={round_}" if round_ else "")
        return self.page.call("GET", url, "table page").text or ""

    def enter(self, round_: int, board: int) -> None:
        """Open the table at the round, tap the board's link, fill the form and save it."""
        home = self.home(round_)
        link = f"{self.table['link']}round/{round_}/board/{board}/"
        if f'href="{link}"' not in home:
            return  # the other N-S phone entered it first: it shows as entered
        opened = self.page.call("GET", link, "board form", (200, 302))
        if opened.status_code == 302 and "/results/" in opened.headers.get("Location", ""):
            return  # entered by the other N-S phone since the table page was read: the phone shows it
        form_page = opened.text or ""
        fields = dict(HIDDEN.findall(form_page))
        if "request_key" not in fields:
            PROBLEMS.append(f"board form of table {self.table['number']} board {board}: no form")
            return
        body = urlencode({**fields, **facts_for(self.table["number"], board)})
        action = unescape(FORM_ACTION.search(form_page).group(1))  # type: ignore[union-attr]
        taps = 2 if random.random() < PLAN["double_tap"] else 1
        for tap in range(taps):
            name = "enter result (POST)" if tap == 0 else "enter result again, same key (POST)"
            saved = self.page.call("POST", action, name, (302,), data=body, headers=FORM_HEADERS)
            SENT.append(
                {
                    "table": self.table["number"],
                    "round": round_,
                    "board": board,
                    "facts": facts_for(self.table["number"], board),
                    "status": saved.status_code,
                    "key": fields["request_key"],
                }
            )
        if saved.status_code == 302:
            self.page.call("GET", saved.headers["Location"], "result page")

    def confirm_and_agree(self) -> bool:
        """Confirm every board the opponents entered in the round shown, then agree it; again while the
        next round is complete too. True once every round at the table is agreed."""
        for _ in range(len(self.table["rounds"]) + 1):
            home = self.home()
            if 'id="all-agreed"' in home or ('id="to-confirm"' not in home and 'id="agree"' not in home):
                break
            for link, _board in CONFIRM_LINK.findall(home):
                result = self.page.call("GET", unescape(link), "result page").text or ""
                token, action = CSRF.search(result), FORM_ACTION.search(result)
                if token is None or action is None or "/confirm/" not in action.group(1):
                    continue  # the partner's phone confirmed it a moment ago
                body = urlencode({"csrfmiddlewaretoken": token.group(1)})
                url = unescape(action.group(1))
                self.page.call("POST", url, "confirm (POST)", (302,), data=body, headers=FORM_HEADERS)
            home = self.home()
            token, action = CSRF.search(home), AGREE_ACTION.search(home)
            if token is None or action is None:
                break  # the partner's phone agreed it a moment ago, or a board is not confirmed yet
            body = urlencode({"csrfmiddlewaretoken": token.group(1)})
            url = unescape(action.group(1))
            self.page.call("POST", url, "agree round (POST)", (302,), data=body, headers=FORM_HEADERS)
        return 'id="all-agreed"' in self.home()

    def table_done(self) -> bool:
        return 'id="all-agreed"' in self.home()


class Director(FastHttpUser):
    """The director, logged in, with the running view open: its grid polled as refresh.js does."""

    fixed_count = 1
    wait_time = constant(0)

    @task
    def running(self) -> None:
        page = Page(self)
        login = page.call("GET", PLAN["login"], "login (director)").text or ""
        token = CSRF.search(login)
        body = urlencode(
            {
                "csrfmiddlewaretoken": token.group(1) if token else "",
                "username": PLAN["director"]["username"],
                "password": PLAN["director"]["password"],
            }
        )
        page.call("POST", PLAN["login"], "log in (POST)", (302,), data=body, headers=FORM_HEADERS)
        page.call("GET", PLAN["running_page"], "running view")
        poll_s = PLAN["poll_seconds"] / PLAN["scale"]
        while True:
            gevent.sleep(poll_s)
            page.call("GET", PLAN["running_fragment"], "running view poll")


class Yardstick(FastHttpUser):
    """The login page, asked for throughout: every figure is a ratio to it."""

    fixed_count = 1
    wait_time = constant(0)

    @task
    def login(self) -> None:
        page = Page(self)
        while True:
            page.call("GET", PLAN["login"], "login")
            gevent.sleep(PLAN["yardstick_seconds"])


ALL = "all requests (the load)"


def figures(env: Environment, elapsed: float) -> dict[str, dict[str, float]]:
    out = {}
    for (name, _method), entry in sorted(env.stats.entries.items()):
        out[name] = {
            "requests": entry.num_requests,
            "per_second": entry.num_requests / elapsed if elapsed else 0.0,
            "median_ms": entry.get_response_time_percentile(0.5),
            "p95_ms": entry.get_response_time_percentile(0.95),
            "errors": entry.num_failures,
        }
    total = env.stats.total  # every request of the load together: the goal's 95th percentile
    out[ALL] = {
        "requests": total.num_requests,
        "per_second": total.num_requests / elapsed if elapsed else 0.0,
        "median_ms": total.get_response_time_percentile(0.5),
        "p95_ms": total.get_response_time_percentile(0.95),
        "errors": total.num_failures,
    }
    return out


def main(plan_path: str, out_path: str) -> int:
    with open(plan_path, encoding="utf-8") as handle:
        PLAN.update(json.load(handle))
    Phone.fixed_count = PLAN["phones"]
    env = Environment(user_classes=[Phone, Director, Yardstick], host=PLAN["base"], events=events)
    runner = env.create_local_runner()
    users = PLAN["phones"] + 2
    started = time.monotonic()
    runner.start(users, spawn_rate=min(users, 100))
    finished_in_time = ALL_DONE.wait(timeout=PLAN["time_limit"])
    elapsed = time.monotonic() - started
    runner.quit()
    result = {
        "elapsed": elapsed,
        "finished_in_time": bool(finished_in_time),
        "phones_finished": len(FINISHED),
        "tables_finished": sorted(TABLES_DONE),
        "pages": figures(env, elapsed),
        "sent": SENT,
        "unexpected": UNEXPECTED[:50],
        "unexpected_count": len(UNEXPECTED),
        "problems": PROBLEMS[:50],
        "problem_count": len(PROBLEMS),
        "polls": POLLS,
        "other_errors": [f"{e.method} {e.name}: {e.error}" for e in env.stats.errors.values()][:20],
    }
    with open(out_path, "w", encoding="utf-8") as handle:
        json.dump(result, handle)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
