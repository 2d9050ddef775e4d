import gc

from django.apps import AppConfig

# A worker holds a few nights' scores (a 120-table night is some hundred thousand objects) and each
# read after a change makes thousands of small ones (a deal's figures, a standings row each pair):
# with the interpreter's default of a collection every 700 new objects, the collector ran a few
# times a request and took 0.6 of the 10 ms of "a result entered -> the standings showing it"
# (benchmarks/standings.py). Reference counting frees nearly everything; cycles are rare, and
# are still collected, every 10,000 new objects instead.
YOUNGEST_COLLECTED_EVERY = 10_000


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Duplicate tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        youngest, *older = gc.get_threshold()
        if youngest < YOUNGEST_COLLECTED_EVERY:
            gc.set_threshold(YOUNGEST_COLLECTED_EVERY, *older)
