from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Duplicate tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from .scores import versions

        # Every write of a fact raises the versions of the scores it changes (scores.versions).
        versions.connect()
