"""Whist by Louis Hoffmann's laws, and Duplicate Whist's count of tricks.

* :mod:`.game` — short whist's points, honours and the revoke (laws 46-57, 75), and the
  tricks of a Duplicate Whist deal.
"""
