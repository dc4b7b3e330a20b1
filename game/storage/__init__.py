"""The player's files: saves, the game history, settings, and the folder they live in
(written atomically, a damaged file set aside).  Read within the limits of :mod:`game.safe_json`."""
