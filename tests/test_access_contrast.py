"""The high-contrast table, measured (``build_scripts/contrast_probe.py``): every text of the
tour's screens at 4.5:1 or more against what lies under it; the usual colours fall short of it
in places, so the probe does measure."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))

import contrast_probe  # noqa: E402

SOME = ["menu", "settings-access", "setup-gurka-se", "table-gurka-se", "table-durak", "scoresheet", "join"]


def test_the_ratio_is_wcags():
    assert contrast_probe.ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_probe.ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def test_some_screens_in_high_contrast_have_every_text_at_aa(monkeypatch, tmp_path):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    lines = []
    assert contrast_probe.run("sv", only=SOME, out=lines.append) == []
    assert sum(" texts, worst " in x for x in lines) == len(SOME)


def test_the_usual_colours_fall_short_where_the_high_contrast_ones_do_not(monkeypatch, tmp_path):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    assert contrast_probe.run("en", only=["table-gurka-se", "join"], out=lambda s: None, high=False)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "is"])
def test_every_tour_screen_in_high_contrast_has_every_text_at_aa(monkeypatch, tmp_path, lang):
    monkeypatch.setenv("GURKA_HOME", str(tmp_path))
    assert contrast_probe.run(lang, out=lambda s: None) == []
