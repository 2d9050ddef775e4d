"""Trim any ruling note or audit reason over 500 characters, so that the bound can be set.

The next migration bounds both columns to 500 characters (tournament.limits.NOTE); on
PostgreSQL a longer value already stored would stop it. Such text was only ever pasted in
by mistake (no director writes more), so its first 499 characters are kept, with "…".
"""

from django.db import migrations
from django.db.models.functions import Length

LIMIT = 500


def trim(apps, schema_editor):
    for name in ("Ruling", "AuditEntry"):
        model = apps.get_model("tournament", name)
        for row in model.objects.annotate(length=Length("reason")).filter(length__gt=LIMIT).only("reason"):
            row.reason = row.reason[: LIMIT - 1] + "…"
            row.save(update_fields=["reason"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0003_create_cache_table"),
    ]

    operations = [
        migrations.RunPython(trim, migrations.RunPython.noop),
    ]
