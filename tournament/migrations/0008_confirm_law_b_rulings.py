"""A director's Law B ruling is final when made: confirm the deals it left awaiting the opponents.

Before, a deal ruled not played (Law B (3)) stayed "awaiting the opponents' confirmation",
which no table could give. Each one is confirmed now as the act of the director who ruled,
with an audit entry saying so.
"""

from django.db import migrations

IRREGULAR_KINDS = ("irregular_average", "irregular_ns", "irregular_ew")


def confirm_law_b_rulings(apps, schema_editor):
    Result = apps.get_model("tournament", "Result")
    Ruling = apps.get_model("tournament", "Ruling")
    AuditEntry = apps.get_model("tournament", "AuditEntry")
    waiting = Result.objects.filter(not_played=True, status="entered").select_related(
        "board", "seating__table", "section"
    )
    for result in waiting:
        ruling = (
            Ruling.objects.filter(result=result, kind__in=IRREGULAR_KINDS, undone_at__isnull=True)
            .order_by("created", "id")
            .first()
        )
        if ruling is None:
            continue  # no ruling stands: the director must still rule
        result.status = "confirmed"
        result.confirmed_by_id = ruling.created_by_id
        result.save(update_fields=["status", "confirmed_by"])
        AuditEntry.objects.create(
            event_id=result.section.event_id,
            result=result,
            action="confirm",
            subject=f"Board {result.board.number}, round {result.seating.round}, "
            f"table {result.seating.table.number}",
            user_id=ruling.created_by_id,
            before={"status": "entered", "confirmed_by": ""},
            after={"status": "confirmed", "confirmed_by": "the director"},
            reason=f"The director's ruling ({ruling.law}) is final when made.",
        )


class Migration(migrations.Migration):
    dependencies = [("tournament", "0007_pair_names_constraints")]

    operations = [migrations.RunPython(confirm_law_b_rulings, migrations.RunPython.noop)]
