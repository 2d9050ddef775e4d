"""The files scoring programs exchange.

* :mod:`.pbn` — PBN 2.1: hand records, and the deal dealt from a seed.
"""
