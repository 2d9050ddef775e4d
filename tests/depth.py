"""How hard the suite looks for a counter-example: quick by default, thorough on request.

``make test`` runs at the quick depth, so that the engine's tests run in seconds; ``make
test-deep`` (and the nightly run, .ci/nightly) sets ``TEST_DEPTH=thorough``. Both depths assert
the same properties on the same kinds of cases; the thorough one draws more of them:

* hypothesis draws ``max_examples`` examples a property (its profiles, loaded by
  tests/conftest.py; a failing example is kept in .hypothesis/ and tried first next time);
* the oracle's random contests and matches (tests/conformance) are all scored by the command
  line's own code, and at the thorough depth each in a process of its own, as a user runs it;
  at the quick depth a sample of them is.
"""

from __future__ import annotations

import os

from hypothesis import settings

DEPTHS = ("quick", "thorough")
DEPTH = os.environ.get("TEST_DEPTH", "quick")
if DEPTH not in DEPTHS:
    raise RuntimeError(f"TEST_DEPTH={DEPTH!r}: give one of {', '.join(DEPTHS)}.")
THOROUGH = DEPTH == "thorough"

# No deadline: the machine running the suite may be shared, and a slow example is not a wrong one.
settings.register_profile("quick", max_examples=25, deadline=None)
settings.register_profile("thorough", max_examples=250, deadline=None)
settings.load_profile(DEPTH)
