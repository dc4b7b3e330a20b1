"""A game at a table: its host (the engine state, who plays each seat) and each seat's stream."""
