"""Services own every write: check the rules, change state in one transaction, audit, then side effects."""
