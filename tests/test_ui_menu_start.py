"""The main menu's first frame renders no card art: its emblem's cards show their backs,
and their faces are drawn a few milliseconds a frame after it (the window is up at once;
``bench.py ui`` measures start to menu)."""

import pygame


def test_the_menus_first_frame_renders_no_art_and_the_faces_follow(app, monkeypatch):
    from game.ui import cards, menu, theme
    cards._cache.clear()
    rendered = []
    real = pygame.image.load_sized_svg

    def counting(*args, **kw):
        rendered.append(1)
        return real(*args, **kw)
    monkeypatch.setattr(pygame.image, "load_sized_svg", counting)
    app.nav.push("menu")
    top = app.manager.top
    assert isinstance(top, menu.MainMenu)
    top.draw(app.screen)                      # the first frame
    assert rendered == []
    width = int(78 * theme.unit(app.screen.get_size()))
    assert all(cards.drawn(c, width, app.settings) is None for c in menu.FAN)
    assert top.animating() and top.fan_jobs
    for _ in range(200):
        if not top.animating():
            break
        app.step([], 16)
    assert not top.animating() and rendered
    assert all(cards.drawn(c, width, app.settings) is not None for c in menu.FAN)
    top.draw(app.screen)
    assert not top.fan_jobs                   # every face drawn: nothing more to ask
