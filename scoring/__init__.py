"""The laws engine of the duplicate tournament manager.

Plain Python, standard library only: no Django, no settings, no files, no network.
Points are integers and averages exact fractions; every public function cites the law
it implements, and every score carries the lines that explain it.
"""
