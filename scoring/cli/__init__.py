"""``python -m scoring``: the engine's command line, JSON in and out (specs/scoring-cli.md).

:mod:`.commands` holds the dispatcher and ``deal`` (Auction Bridge); :mod:`.contests` holds
``pairs`` and ``teams`` (Laws G and H); :mod:`.contract` holds ``contract`` (Law 77),
:mod:`.matchpoints` ``matchpoints`` (Law 78A) and :mod:`.imps` ``imps`` (pairs by Butler IMPs
or cross-IMPs, Law 78B), speaking through :mod:`.jsonio`; :mod:`.rescore` holds ``rescore
FILE`` (a real PBN or USEBIO session scored again).
"""

from .commands import main

__all__ = ["main"]
