"""Contests between pairs and teams, and the movements that seat them.

* :mod:`.pairs` — Duplicate Auction's pair contest against the average (Law H, Law B (3)).
* :mod:`.teams` — Duplicate Auction's team match (Law G) and Duplicate Whist's team of four.
* :mod:`.imps` — the WBF IMP scale (Law 78B), the Butler datum and cross-IMPs (spec §3.1–3.3).
* :mod:`.imp_pairs` — a pairs session by Butler IMPs or cross-IMPs: adjusted tables, sit-outs,
  ranks (spec §3.2, §3.3, §5.8, §7).
* :mod:`.team_matches` — a match of teams of four: net scores, IMPs, total points,
  board-a-match, the match's VPs (Law 78B, Law 78C, spec §3.4).
* :mod:`.team_events` — round robin and Swiss schedules, VP standings (spec §3.4, §7).
* :mod:`.individuals` — an individual event: each player's total from the sides they sat in.
* :mod:`.victory_points` — the WBF continuous 20-VP scale of 2013 (spec §3.5).
* :mod:`.matchpoints`, :mod:`.matchpoint_session` — pairs by matchpoints on the ACBL and
  European scales, Neuberg, artificial and assigned scores, fouled boards (Law 78A; Law 12).
* :mod:`.adjusted` — artificial adjusted scores (Law 12C2: A+, A, A-, A6040) and assigned
  ones, split or weighted (Law 12C1).
* :mod:`.total_points` — pairs by total points against the average (Law 78C).
* :mod:`.ranking` — places in standings, ties sharing them ("1224"; PBN Rank/RankTie, "2=").
* :mod:`.movements`, :mod:`.movement_data`, :mod:`.movement_check`, :mod:`.howell_tables` —
  Mitchell, Howell, two-table and team movements, their guide cards and their checker.
"""
