"""``python -m scoring``: the engine's command line (see :mod:`scoring.cli`)."""

from .cli import main

raise SystemExit(main())
