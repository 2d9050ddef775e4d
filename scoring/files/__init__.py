"""The files scoring programs exchange.

* :mod:`.pbn` — PBN 2.1: hand records, and the deal dealt from a seed.
* :mod:`.pbn_tables` — PBN 2.1 table sections (``ScoreTable``, ``TotalScoreTable``,
  ``OptimumResultTable``): column formats, tokens, writing aligned.
* :mod:`.session` — the neutral, frozen model of a scored session that the readers fill and
  the writers consume: facts apart from the figures the producing program reported.
* :mod:`.pbn_session`, :mod:`.pbn_export` — a scored session in PBN 2.1
  (:func:`~.pbn_session.read_pbn_session`, :func:`~.pbn_export.write_pbn_session`).
* :mod:`.usebio`, :mod:`.usebio_export`, :mod:`.usebio_xml` — a scored session in USEBIO 1.2
  XML, read safely (:func:`~.usebio.read_usebio`, :func:`~.usebio_export.write_usebio`).
* :mod:`.rescore`, :mod:`.rescore_pairs`, :mod:`.rescore_imps`, :mod:`.rescored` — a real
  session scored again from its raw scores by its method and its producer's conventions
  (``python -m scoring rescore FILE``).
"""
