"""The card table, split by concern.

- :mod:`.scene` the scene: life cycle, the update loop, applying actions, saving
- :mod:`.timeline` cards in flight, banners, the count-up, waits, skipping
- :mod:`.pace` how long things take
- :mod:`.layout` pure geometry (seats, the hand fan, the trick, Durak pairs)
- :mod:`game.play` the game's host, its AI seats and the seat's stream the table draws from
- :mod:`.input` the click model (card / pair / selection intents); :mod:`.keys` the keyboard
- :mod:`.draw` common drawing; :mod:`.part_base` and one part per family
  (:mod:`.gurka_part`, :mod:`.durak_part`) for what differs in showing the game,
  :mod:`.decision_base` and one decision per family (:mod:`.gurka_decision`,
  :mod:`.durak_decision`) for the player's buttons and prompt, both handed a
  :mod:`.board` and its cues, never the scene; :mod:`.families` maps the engine's
  families to them
- :mod:`.handle` the narrow interface overlays get
- :mod:`.toolbar` Scores, Hint, Undo; :mod:`.undo`, :mod:`.hints` (:mod:`.hint_words`),
  :mod:`.sheet` (the score sheet's contents), :mod:`.bookkeeping` (statistics, the last
  game), :mod:`.forced` (a forced card played by itself)
- :mod:`.replay` the replay viewer (the table scene over a replayed record)

The package imports nothing itself: a screen that needs one piece (the layout, the families'
words) loads that piece, not the whole table (:mod:`game.ui.routes` loads the scene when a
game opens).
"""
