"""``python -m scoring``: the engine's command line, JSON in and out (specs/scoring-cli.md).

:mod:`.commands` holds the dispatcher and ``deal`` (Auction Bridge); :mod:`.contests` holds
``pairs`` and ``teams`` (Laws G and H); :mod:`.contract` holds ``contract`` (Law 77),
:mod:`.matchpoints` ``matchpoints`` (Law 78A) and :mod:`.imps` ``imps`` (pairs by Butler IMPs
or cross-IMPs, Law 78B), speaking through :mod:`.jsonio`; :mod:`.rescore` holds ``rescore
FILE`` (a real PBN or USEBIO session scored again).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing is imported only by the type checker: it costs a program's start
if TYPE_CHECKING:
    from typing import TextIO

__all__ = ["main"]


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run ``python -m scoring <command>``; returns the exit status (specs/scoring-cli.md).

    ``python -m scoring matchpoints``, with nothing else, goes straight to its command: a
    process that scores one session need not build the parser of every command.
    """
    if (sys.argv[1:] if argv is None else argv) == ["matchpoints"]:
        from .jsonio import utf8_stdin, utf8_stdout
        from .matchpoints import run_matchpoints

        return run_matchpoints(stdin or utf8_stdin(), stdout or utf8_stdout())
    from .commands import main as dispatch

    return dispatch(argv, stdin, stdout)
