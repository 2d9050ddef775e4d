"""120 phones on one laptop: the production server under a club night's load (issue 11 §3).

    make benchmark-load      # .venv/bin/python benchmarks/load.py

1. A private PostgreSQL (``.ci/pg.sh up`` on ``--pgport``, 55471; stopped and removed at the end,
   failure or not), migrated, the static files collected as ``make run`` does.
2. An unplayed night of 30 tables and one of 60 (``tournament.synthetic.build_unplayed_night``,
   as ``make_synthetic_event --unplayed --publish``): in play, standings published, no result.
3. The production server as ``make run`` starts it: gunicorn with ``gunicorn.conf.py`` (3 workers
   × 4 threads), ``DEBUG=0``, on a free port of 127.0.0.1.
4. For each night in turn, ``load_phones.py`` (locust) runs 120 phones, the director's running
   view and the login page as the yardstick (see that file for what each one does), until every
   table has agreed its last round or ``--time-limit`` passes.
5. Per page: requests, per second, median and 95th percentile, each latency also as a ratio to
   the login page's in the same run; errors (a 5xx, any unexpected status, a failed connection).
6. In the database: every result a phone sent is stored exactly once, with the facts sent and one
   "entered" audit entry; every result confirmed once and every round agreed once, each audited
   once; nothing stored that no phone sent.

The night is played faster than a real one, every interval divided by ``--scale`` alike: a board
takes 7 minutes at a real table and the phones poll every 15 s; at ``--scale 10`` (the default) a
board is 42 s and a poll every 1.5 s, so the server sees ten club nights' traffic at once;
``--scale 1`` plays in real time. Exits 1 on any
error, any result lost or doubled, or a night not finished in time.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).parent / "gunicorn")

PHONES = 120
BOARDS = 6  # two rounds of three boards: every phone enters, confirms, agrees and changes round
BOARD_SECONDS = 420  # a board at a real table, seven minutes
POLL_SECONDS = 15  # the standings' refresh (views.public.REFRESH_SECONDS)
SCALE = 10
GOAL = 20  # the 95th percentile of all the load's requests within 20 × the login page's
ALL = "all requests (the load)"  # load_phones.ALL (not imported: locust patches what it imports)
PASSWORD = secrets.token_urlsafe(16)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres(action: str, port: int) -> str:
    env = {**os.environ, "PGPORT": str(port)}
    done = subprocess.run(
        ["bash", str(ROOT / ".ci" / "pg.sh"), action], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"PostgreSQL would not {action}: {done.stderr.strip()}")
    return done.stdout.strip()


def set_up_django(database_url: str, port: int) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["DEBUG"] = "0"
    os.environ["SECRET_KEY"] = secrets.token_urlsafe(50)  # a throwaway key for a throwaway database
    os.environ["ALLOWED_HOSTS"] = "127.0.0.1"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


def build(tables: int, boards: int) -> dict[str, Any]:
    """An unplayed night, published, and the director's password; what the phones need to know."""
    from django.urls import reverse

    from tournament.models import Seating, Table
    from tournament.synthetic import build_unplayed_night, synthetic_club

    club, _ = synthetic_club(f"load-{tables}", f"Load test club, {tables} tables")
    event = build_unplayed_night(tables, 1917, boards=boards, club=club, publish=True)
    director = event.club.memberships.get().user
    director.set_password(PASSWORD)
    director.save(update_fields=["password"])
    rounds: dict[int, list[dict[str, Any]]] = {}
    for seating in Seating.objects.filter(section__event=event).select_related("table").order_by("round"):
        rounds.setdefault(seating.table.number, []).append(
            {"round": seating.round, "boards": list(seating.board_numbers)}
        )
    args = [club.slug, event.pk]
    return {
        "event": event.pk,
        "event_page": reverse("event", args=args),
        "standings_fragment": reverse("standings_fragment", args=args),
        "running_page": reverse("event_run", args=args),
        "running_fragment": reverse("event_run_fragment", args=args),
        "login": reverse("login"),
        "director": {"username": director.username, "password": PASSWORD},
        "tables": [
            {"number": t.number, "link": reverse("table_home", args=[t.secret]), "rounds": rounds[t.number]}
            for t in Table.objects.filter(section__event=event).order_by("number")
        ],
    }


def serve(port: int, log: Path) -> subprocess.Popen[bytes]:
    """gunicorn as ``make run`` starts it (its config, DEBUG off), in a process group of its own."""
    command = [GUNICORN, "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"]
    with log.open("wb") as out:
        server = subprocess.Popen(
            command,
            cwd=ROOT,
            env=os.environ.copy(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("The server stopped at start:\n" + log.read_text(errors="replace")[-2000:])
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/login/", timeout=5) as answer:
                if answer.status == 200:
                    return server
        except OSError:
            time.sleep(0.3)
    stop(server)
    raise SystemExit("The server did not answer within a minute.")


def warm_up(base: str, night: dict[str, Any]) -> None:
    """Ask every worker for each kind of page first, untimed: imports and templates load once."""
    table = night["tables"][0]
    first = table["rounds"][0]
    pages = [
        night["login"],
        night["event_page"],
        night["standings_fragment"],
        table["link"],
        f"{table['link']}round/{first['round']}/board/{first['boards'][0]}/",
    ]

    def get(path: str) -> None:
        with urllib.request.urlopen(base + path, timeout=120) as answer:
            answer.read()

    with ThreadPoolExecutor(max_workers=12) as pool:
        list(pool.map(get, pages * 12))


def idle_login(base: str, path: str, count: int = 30) -> float:
    """The login page's median milliseconds with the server idle, one request at a time."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        with urllib.request.urlopen(base + path, timeout=60) as answer:
            answer.read()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def stop(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def check_database(night: dict[str, Any], sent: list[dict[str, Any]]) -> list[str]:
    """Every result sent stored once with its facts and audit entries; nothing stored that none sent."""
    from tournament.models import AuditEntry, Result, Seating

    problems: list[str] = []
    stored = {
        (r.seating.table.number, r.seating.round, r.board.number): r
        for r in Result.objects.filter(section__event_id=night["event"]).select_related(
            "seating__table", "board"
        )
    }
    per_board = Counter(
        Result.objects.filter(section__event_id=night["event"]).values_list("seating_id", "board_id")
    )
    doubled = [key for key, count in per_board.items() if count > 1]
    if doubled:
        problems.append(f"{len(doubled)} boards stored more than once at one table: {doubled[:5]}")
    wanted = {(s["table"], s["round"], s["board"]): s for s in sent}
    for key, message in wanted.items():
        result = stored.get(key)
        if result is None:
            problems.append(f"lost: table {key[0]} round {key[1]} board {key[2]} was sent and is not stored")
            continue
        facts = message["facts"]
        got = (result.level, result.strain, result.declarer, result.tricks)
        if got != (int(facts["level"]), facts["strain"], facts["declarer"], int(facts["tricks"])):
            problems.append(f"table {key[0]} board {key[2]}: stored {got}, sent {facts}")
    for key in stored.keys() - wanted.keys():
        problems.append(f"stored but never sent: table {key[0]} round {key[1]} board {key[2]}")
    audit = Counter(
        AuditEntry.objects.filter(event_id=night["event"], result__isnull=False).values_list(
            "result_id", "action"
        )
    )
    for key, result in stored.items():
        for action in (AuditEntry.Action.CREATE, AuditEntry.Action.CONFIRM):
            if audit[(result.pk, action)] != 1:
                problems.append(
                    f"table {key[0]} board {key[2]}: {audit[(result.pk, action)]} '{action}' entries"
                )
        if result.status != Result.Status.CONFIRMED:
            problems.append(f"table {key[0]} board {key[2]}: left {result.status}")
    agreed = AuditEntry.objects.filter(event_id=night["event"], action=AuditEntry.Action.AGREE)
    per_round = Counter(agreed.values_list("subject", flat=True))
    seatings = Seating.objects.filter(section__event_id=night["event"])
    if seatings.filter(agreed_at=None).exists():
        problems.append(f"{seatings.filter(agreed_at=None).count()} rounds at a table not agreed")
    if agreed.count() != seatings.exclude(agreed_at=None).count() or max(per_round.values(), default=1) > 1:
        problems.append(f"{agreed.count()} 'round agreed' entries for {seatings.count()} rounds")
    return problems


def report(
    tables: int, phones: int, out: dict[str, Any], problems: list[str], scale: float, idle: float
) -> bool:
    """Print the night's figures; True when no request failed, nothing was lost and every table finished.

    Each page's median and 95th percentile are given as ratios to the login page's under the same
    load (the goal's yardstick) and its median also to the login page's with the server idle, which
    shows the waiting in a queue that a saturated server adds to every page alike.
    """
    pages = out["pages"]
    login = pages["login"]
    print(
        f"\n== {tables} tables, {phones} phones, time × {scale:g}: {out['elapsed']:.0f} s, "
        f"{out['phones_finished']} phones and {len(out['tables_finished'])}/{tables} tables finished =="
    )
    print(
        f"{'page':<36}{'requests':>9}{'per s':>7}{'median ms':>10}{'p95 ms':>8}"
        f"{'median ×':>9}{'p95 ×':>7}{'× idle':>8}{'errors':>7}"
    )
    errors = out["problem_count"]
    load = pages.pop(ALL)
    worst_name, worst = "", 0.0
    for name, page in [*sorted(pages.items(), key=lambda item: -item[1]["p95_ms"]), (ALL, load)]:
        med = page["median_ms"] / max(login["median_ms"], 1)
        p95 = page["p95_ms"] / max(login["p95_ms"], 1)
        if name != ALL:
            errors += page["errors"]
            if p95 > worst:
                worst_name, worst = name, p95
        print(
            f"{name:<36}{page['requests']:>9}{page['per_second']:>7.1f}{page['median_ms']:>10.0f}"
            f"{page['p95_ms']:>8.0f}{med:>9.1f}{p95:>7.1f}{page['median_ms'] / idle:>8.0f}{page['errors']:>7}"
        )
    polls = {int(status): count for status, count in out["polls"].items()}
    sent = out["sent"]
    distinct = len({(s["table"], s["round"], s["board"]) for s in sent})
    print(
        f"login with the server idle: median {idle:.1f} ms. Standings polls: {polls.get(304, 0)} answered "
        f"304, {polls.get(200, 0)} new standings (200). Results sent: {len(sent)} posts, {distinct} boards."
    )
    overall = load["p95_ms"] / max(login["p95_ms"], 1)
    verdict = "met" if overall <= GOAL and not errors else "not met"
    print(
        f"errors: {errors}; the load's 95th percentile {load['p95_ms']:.0f} ms, {overall:.1f}× the login "
        f"page's (goal {GOAL}× and no error: {verdict}); the slowest page's, {worst_name}, {worst:.1f}×"
    )
    for line in out["unexpected"][:10] + out["other_errors"][:10] + out["problems"][:10]:
        print("  error:", line)
    if not out["finished_in_time"]:
        print(f"  not every table finished within the time limit: {len(out['tables_finished'])}/{tables}")
    if problems:
        print(f"database check: {len(problems)} problems")
        for line in problems[:20]:
            print("  ", line)
    else:
        print(
            "database check: every result sent stored once, with the facts sent, confirmed and audited "
            "once each; every round agreed once; nothing stored that was not sent"
        )
    return not errors and not problems and out["finished_in_time"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[30, 60], help="nights to play (30 60)")
    parser.add_argument("--boards", type=int, default=BOARDS, help=f"boards of each night ({BOARDS})")
    parser.add_argument("--scale", type=float, default=SCALE, help=f"time runs this much faster ({SCALE})")
    parser.add_argument("--phones", type=int, default=PHONES, help=f"phones at the tables ({PHONES})")
    parser.add_argument("--pgport", type=int, default=55471, help="the private PostgreSQL's port (55471)")
    parser.add_argument(
        "--time-limit", type=float, default=0, help="seconds a night may take (3 × its length)"
    )
    args = parser.parse_args(argv)

    scratch = Path(tempfile.mkdtemp(prefix="load-benchmark-"))
    server = None
    ok = True
    try:
        database_url = postgres("up", args.pgport)
        port = free_port()
        set_up_django(database_url, port)
        nights = {tables: build(tables, args.boards) for tables in args.tables}
        server = serve(port, scratch / "gunicorn.log")
        length = args.boards * BOARD_SECONDS / args.scale
        for tables, night in nights.items():
            plan = {
                **night,
                "base": f"http://127.0.0.1:{port}",
                "phones": args.phones,
                "scale": args.scale,
                "board_seconds": BOARD_SECONDS,
                "poll_seconds": POLL_SECONDS,
                "yardstick_seconds": 0.5,
                "double_tap": 0.1,
                "seed": tables,
                "time_limit": args.time_limit or 3 * length + 60,
            }
            (scratch / "plan.json").write_text(json.dumps(plan))
            warm_up(plan["base"], night)
            idle = idle_login(plan["base"], night["login"])
            print(
                f"Playing the {tables}-table night: {args.boards} boards, a board every "
                f"{BOARD_SECONDS / args.scale:g} s, the standings polled every "
                f"{POLL_SECONDS / args.scale:g} s "
                f"(about {length:.0f} s)",
                flush=True,
            )
            subprocess.run(
                [
                    PYTHON,
                    str(ROOT / "benchmarks" / "load_phones.py"),
                    str(scratch / "plan.json"),
                    str(scratch / "out.json"),
                ],
                check=True,
            )
            out = json.loads((scratch / "out.json").read_text())
            ok = report(tables, args.phones, out, check_database(night, out["sent"]), args.scale, idle) and ok
        log = (scratch / "gunicorn.log").read_text(errors="replace")
        if "Traceback" in log:
            ok = False
            print("The server logged a traceback:\n" + log[log.index("Traceback") :][:3000])
    finally:
        if server is not None:
            stop(server)
        postgres("down", args.pgport)
        shutil.rmtree(scratch, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
