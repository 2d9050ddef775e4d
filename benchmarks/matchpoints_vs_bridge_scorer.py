"""The engine's matchpoints against bridge-scorer's, as whole processes on the same JSON file (issue 11 §2).

    make benchmark-engine        # .venv/bin/python benchmarks/matchpoints_vs_bridge_scorer.py

Two fields, written once to a temporary directory as the input of ``python -m scoring
matchpoints``:

* **wide**: 26 boards × 1,000 results (1,000 N-S pairs and 1,000 E-W pairs, every pair
  playing every board, the E-W pairs moving a table a board);
* **long**: 2,600 boards × 13 results (a 13-table field playing 2,600 boards).

Each board's N-S scores are drawn (seeded) from eight plausible results of that board, so
ties are as common as at a club. Scores are on the European scale (2 a score beaten, 1 a
tie), the scale of bridge-scorer's ``matchpoints``.

On each field the script runs, in turn, ``python -m scoring matchpoints < FIELD.json`` and
``node benchmarks/bridge_scorer_matchpoints.js FIELD.json`` (npm ``bridge-scorer@2.4.0``:
group by board, matchpoint each board, sum each pair, rank), each as a whole process
(start-up, reading, scoring and writing the JSON included), once untimed to warm up (the
engine's modules compiled, as an installed program has them; the file in the disk cache),
then ``ROUNDS`` times; each keeps its
fastest wall time and its fastest CPU time (user + system of the child). It checks that both
give every pair the same matchpoints and top and every line the same matchpoints, then
prints the times and the ratio engine / bridge-scorer. The goal is a ratio of 1 or less on
both fields; ``--check`` exits 1 when a wall-time ratio passes 1.

bridge-scorer is installed into ``benchmarks/node_modules`` (ignored by git) with npm when it
is not there. Node and npm come from the system (``make system-deps`` installs them).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PACKAGE = "bridge-scorer"
VERSION = "2.4.0"
SCRIPT = HERE / "bridge_scorer_matchpoints.js"
ROUNDS = 5
# The engine runs as an installed program does, from its compiled modules: a warm-up run writes them.
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
FIELDS = (("wide", 26, 1000), ("long", 2600, 13))
SCORES = (
    -1100, -800, -500, -300, -200, -100, -50, 0, 50, 70, 90, 110, 140, 170, 200, 300,
    400, 420, 450, 480, 600, 620, 630, 650, 660, 920, 980, 1430, 1440,
)  # fmt: skip


def field(boards: int, tables: int, seed: int = 11) -> dict[str, Any]:
    """A session of ``boards`` boards each played at ``tables`` tables, as the engine's JSON input."""
    chosen = random.Random(seed)
    results = []
    for board in range(1, boards + 1):
        likely = chosen.sample(SCORES, 8)
        weights = [chosen.randint(1, 10) for _ in likely]
        for table in range(tables):
            results.append(
                {
                    "board": board,
                    "ns": str(table + 1),
                    "ew": str(tables + 1 + (table + board) % tables),
                    "score_ns": chosen.choices(likely, weights)[0],
                }
            )
    return {"scale": "european", "results": results}


def install_bridge_scorer() -> None:
    """npm install bridge-scorer@2.4.0 into benchmarks/node_modules, unless it is there already."""
    installed = HERE / "node_modules" / PACKAGE / "package.json"
    if installed.exists() and json.loads(installed.read_text())["version"] == VERSION:
        return
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed: `make system-deps` installs Node.js and npm.")
    subprocess.run(
        ["npm", "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", str(HERE),
         f"{PACKAGE}@{VERSION}"],
        check=True,
    )  # fmt: skip


def timed(command: Sequence[str], stdin_path: Path | None, cwd: Path = ROOT) -> tuple[float, float, bytes]:
    """Run ``command`` as a whole process: its wall seconds, its CPU seconds (user + system), its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(stdin_path or os.devnull, "rb") as stdin:
        done = subprocess.run(
            command, stdin=stdin, capture_output=True, check=False, cwd=cwd, env=ENVIRONMENT
        )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def agree(engine: dict[str, Any], other: dict[str, Any]) -> None:
    """Both programs give every pair the same matchpoints and top, and every line the same matchpoints."""
    mine = {line["pair"]: (Fraction(line["mp"]), Fraction(line["top"])) for line in engine["pairs"]}
    theirs = {line["pair"]: (Fraction(line["mp"]), Fraction(line["top"])) for line in other["pairs"]}
    if mine != theirs:
        sys.exit("The engine and bridge-scorer disagree on the pairs' matchpoints.")
    for board, lines in engine["boards"].items():
        ours = sorted((line["ns"], Fraction(line["mp_ns"]), Fraction(line["mp_ew"])) for line in lines)
        others = sorted(
            (line["ns"], Fraction(line["mp_ns"]), Fraction(line["mp_ew"])) for line in other["boards"][board]
        )
        if ours != others:
            sys.exit(f"The engine and bridge-scorer disagree on board {board}.")


def row(*cells: object) -> None:
    widths = (6, 6, 8, 12, 8, 19, 8, 10, 6)
    print(" ".join(f"{cell!s:>{width}}" for cell, width in zip(cells, widths, strict=True)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the engine is slower on a field")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"runs of each program (default {ROUNDS})")
    parser.add_argument(
        "--engine-root", type=Path, default=ROOT, help="run the engine of another checkout (a before/after)"
    )
    arguments = parser.parse_args()
    install_bridge_scorer()
    engine = [sys.executable, "-m", "scoring", "matchpoints"]
    node = ["node", str(SCRIPT)]
    version = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"python {sys.version.split()[0]}, node {version}, {PACKAGE} {VERSION}, best of {arguments.rounds}")
    row("field", "boards", "results", "engine wall", "cpu", "bridge-scorer wall", "cpu", "ratio wall", "cpu")
    slower = False
    with tempfile.TemporaryDirectory() as folder:
        for name, boards, tables in FIELDS:
            path = Path(folder) / f"{name}.json"
            path.write_text(json.dumps(field(boards, tables)))
            best = {"engine": [float("inf"), float("inf")], "node": [float("inf"), float("inf")]}
            outputs: dict[str, bytes] = {}
            timed(engine, path, arguments.engine_root)  # warm-up, untimed: compiled modules, the disk cache
            timed([*node, str(path)], None)
            for _ in range(arguments.rounds):
                for who, command, stdin, cwd in (
                    ("engine", engine, path, arguments.engine_root),
                    ("node", [*node, str(path)], None, ROOT),
                ):
                    wall, cpu, outputs[who] = timed(command, stdin, cwd)
                    best[who] = [min(best[who][0], wall), min(best[who][1], cpu)]
            agree(json.loads(outputs["engine"]), json.loads(outputs["node"]))
            ratio_wall = best["engine"][0] / best["node"][0]
            ratio_cpu = best["engine"][1] / best["node"][1]
            slower = slower or ratio_wall > 1
            row(
                name,
                boards,
                boards * tables,
                f"{best['engine'][0]:.3f} s",
                f"{best['engine'][1]:.3f} s",
                f"{best['node'][0]:.3f} s",
                f"{best['node'][1]:.3f} s",
                f"{ratio_wall:.2f}",
                f"{ratio_cpu:.2f}",
            )
    print("Both programs gave every pair and every line the same matchpoints.")
    return 1 if arguments.check and slower else 0


if __name__ == "__main__":
    sys.exit(main())
