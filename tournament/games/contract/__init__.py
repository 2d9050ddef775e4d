"""Duplicate Contract Bridge: its facts, scoring, team matches, settings, pages, forms, tables,
workbook and PDFs. The game object is :data:`tournament.games.contract.game.CONTRACT`."""
