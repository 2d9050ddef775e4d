"""Contests between pairs and teams, and the movements that seat them.

* :mod:`.pairs` — Duplicate Auction's pair contest against the average (Law H, Law B (3)).
* :mod:`.teams` — Duplicate Auction's team match (Law G) and Duplicate Whist's team of four.
* :mod:`.ranking` — places in standings, ties sharing them ("1224"; PBN Rank/RankTie, "2=").
* :mod:`.movements`, :mod:`.movement_data`, :mod:`.movement_check`, :mod:`.howell_tables` —
  Mitchell, Howell, two-table and team movements, their guide cards and their checker.
"""
