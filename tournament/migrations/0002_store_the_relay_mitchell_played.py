"""Sections saved as "mitchell" on an even number of tables were played as the relay Mitchell.

Until the wizard refused a plain Mitchell of an even number of tables, it built the relay
Mitchell for it and kept "mitchell" on the section; the guide cards then never mentioned the
relay or the bye stand. Say on each such section what was played.
"""

from django.db import migrations
from django.db.models import F


def store_the_relay(apps, schema_editor):
    Section = apps.get_model("tournament", "Section")
    Section.objects.annotate(odd=F("tables") % 2).filter(movement="mitchell", odd=0).update(
        movement="relay_mitchell"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(store_the_relay, migrations.RunPython.noop),
    ]
