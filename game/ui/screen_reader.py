"""Is a screen reader running?  Asked where the system can tell, once, off the frame path.

Windows says it (``SPI_GETSCREENREADER``); a Linux desktop says it on the accessibility bus
(``org.a11y.Status.ScreenReaderEnabled``, which Orca sets), asked with ``gdbus`` in a
thread; and any system whose assistive technology asks the game for its accessibility tree
(:mod:`.access_kit`'s adapter is activated) has one listening.  Elsewhere: not known, so
off unless the player turns the *Screen reader* setting on.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading


class Detector:
    def __init__(self):
        self.running = False
        self._asked = False

    def ask(self) -> None:
        """Start finding out (at most once)."""
        if self._asked:
            return
        self._asked = True
        if sys.platform == "win32":
            self.running = self.running or _windows()
        elif sys.platform.startswith("linux") and shutil.which("gdbus"):
            threading.Thread(target=self._linux, name="screen-reader", daemon=True).start()

    def _linux(self) -> None:
        if _linux_bus():
            self.running = True

    def activated(self) -> None:
        """An assistive technology asked for the tree."""
        self.running = True


def _windows() -> bool:
    if sys.platform != "win32":
        return False
    try:
        import ctypes  # start-up: ctypes only on Windows
        flag = ctypes.c_int(0)
        ok = ctypes.windll.user32.SystemParametersInfoW(0x0046, 0, ctypes.byref(flag), 0)
        return bool(ok and flag.value)
    except (AttributeError, OSError, ValueError):
        return False


def _linux_bus() -> bool:
    try:
        out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path",
                              "/org/a11y/bus", "--method", "org.freedesktop.DBus.Properties.Get",
                              "org.a11y.Status", "ScreenReaderEnabled"],
                             capture_output=True, text=True, timeout=3)
    except (OSError, subprocess.SubprocessError):
        return False
    return "true" in out.stdout
