"""``python -m scoring``: the engine's command line, JSON in and out (specs/scoring-cli.md).

:mod:`.commands` holds the dispatcher and ``deal`` (Auction Bridge); :mod:`.contests` holds
``pairs`` and ``teams`` (Laws G and H); :mod:`.contract` holds ``contract`` (Law 77) and
:mod:`.matchpoints` ``matchpoints`` (Law 78A), both speaking through :mod:`.jsonio`;
:mod:`.imps` holds ``imps`` (contract bridge pairs by Butler IMPs or cross-IMPs, Law 78B).
"""

from .commands import main

__all__ = ["main"]
