"""Interactive tutorials: a guided first deal of each game on the real table.

- :mod:`.beats` the steps a script is made of (callouts, asked moves, scripted moves)
- :mod:`.scripts` the three tutorials as data, keyed by ruleset id (fixed deals, texts)
- :mod:`.coach` runs a script through the table scene's ``coach`` hook
- :mod:`.callout` draws the callouts, their rings and arrows, and the final offer
- :mod:`.build` the tutorial's state and coach (the ``tutorial`` route), the tour hook
- :mod:`.learn` the choice of tutorials (``learn`` route; the offer on first start)

Opened by name: ``app.nav.push("tutorial", rules=rid)``, ``app.nav.push("learn")``.
The screenshot tour calls :func:`game.ui.tutorial.build.tutorial_shots`.
"""
