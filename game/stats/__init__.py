"""Statistics of the games a player finished, kept in an SQLite database.

- :func:`record_game` (``store.py``): the table calls it when a game ends.
- :func:`load` (``queries.py``): the figures for the screen and the command line
  (:func:`load_figures` once, off the frame path, then :func:`compute` per filter, is
  what the screen does).
- :func:`reset` (``db.py``): empty the statistics after keeping a backup.
- :mod:`.retry`: the games kept while another program held the file (:mod:`.pending`),
  added once it is free (the table starts it after keeping one, the app at every start).

See README.md in this folder for the schema, the migrations and the set-aside rules.
No pygame here.
"""

from .db import SCHEMA_VERSION, db_path, open_db, reset
from .queries import Figure, Figures, Series, Stats, compute, load, load_figures
from .store import record_game

__all__ = ["SCHEMA_VERSION", "Figure", "Figures", "Series", "Stats", "compute", "db_path", "load",
           "load_figures", "open_db", "record_game", "reset"]
