"""A hint after an undo: the game is its record replayed, so the decision keys (events so
far, seat) start again and a later decision can have the key of an earlier hint in
another position.  The table must not show that old hint there (it named cards the
player could not play, and a hint then asked for was not counted)."""

import random


FRAME = 16




class QuickHints:
    """A worker that answers a hint at once with the first legal action (no search)."""

    def __init__(self):
        self.answers: dict[int, dict] = {}

    def submit(self, view, legal, kind, seed) -> int:
        self.answers[len(self.answers) + 1] = {"action": legal[0], "figures": []}
        return len(self.answers)

    def poll(self, ticket):
        return self.answers.get(ticket)

    def cancel(self, ticket) -> None:
        pass

    def close(self) -> None:
        pass


def test_no_hint_of_another_position_after_an_undo(app, instant_ai):
    from game.ui.table.scene import TableScene
    rng = random.Random(4)
    players = [{"name": "Ann", "seat": "human"}, {"name": "Bo", "seat": "ai:easy"},
               {"name": "Cy", "seat": "ai:easy"}]
    table = TableScene.new(app, "gurka-is", players, None, seed=104)
    app.manager.push(table)
    table.ai.worker = QuickHints()
    app.settings.speed = "instant"
    asked_at: list | None = None           # the events the hint shown was asked for
    hinted: dict = {}                      # decision key -> the events it was first hinted at
    compared = collisions = 0
    for _ in range(20000):
        top = type(app.manager.top).__name__
        if top == "ScoreSheetScene":
            app.manager.top.go()
        elif top == "ResultScene" or collisions >= 20:
            break
        elif table.timeline.held is not None:
            table.flow.go_on()
        elif table.my_turn():
            key = table.decision_key
            if key in hinted and hinted[key] != table.host.state.events:
                collisions += 1                  # the key of an earlier hint, another position
            if table.hints.current() is not None:
                assert table.host.state.events == asked_at, "an old hint shown for another position"
                compared += 1
            elif rng.random() < 0.5 and table.hints.ask():
                app.step([], FRAME)
                assert table.hints.current() is not None
                asked_at = list(table.host.state.events)
                hinted.setdefault(table.decision_key, asked_at)
            if rng.random() < 0.5 and table.undo():
                app.step([], FRAME)
                continue
            table.do(rng.choice(table.host.state.legal_actions()))
        app.step([], FRAME)
    assert collisions >= 5, "the game never came back to an earlier hint's key in another position"
