"""The game's own voice, for players without a screen reader (the *Speech* setting).

It speaks through what the system has, never a package of its own: speech-dispatcher
(``spd-say``, Linux; the voices of espeak-ng, RHVoice or Piper there), Windows' SAPI
(System.Speech through one PowerShell process kept open) and macOS's ``say``.  Each sentence
interrupts the one before (a new move matters more than the end of the old one).  Where none
is there, or it fails, one line goes to the log and the game plays on silent.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

from .announcer import note

#: a language's culture for SAPI (Windows picks a voice of that culture where it has one)
CULTURES = {"sv": "sv-SE", "da": "da-DK", "nb": "nb-NO", "is": "is-IS", "en": "en-GB"}

_SAPI = (
    "Add-Type -AssemblyName System.Speech;"
    "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer;"
    "while (($l = [Console]::In.ReadLine()) -ne $null) {"
    " $c, $t = $l.Split([char]9, 2);"
    " try { $s.SelectVoiceByHints('NotSet', 'NotSet', 0, [Globalization.CultureInfo]::new($c)) } catch {};"
    " $s.SpeakAsyncCancelAll(); [void]$s.SpeakAsync($t) }"
)


class Speech:
    def __init__(self):
        self.backend = None
        self._proc = None
        self._failed = False

    def available(self) -> str | None:
        """The system's speech this game would use, or None."""
        if sys.platform == "win32":
            return "sapi" if shutil.which("powershell") else None
        if sys.platform == "darwin":
            return "say" if shutil.which("say") else None
        return "spd-say" if shutil.which("spd-say") else None

    def say(self, text: str, lang: str) -> None:
        if self._failed:
            return
        try:
            self._say(text, lang)
        except (OSError, ValueError, subprocess.SubprocessError) as e:
            self._failed = True
            note(f"the game's own speech is off: {type(e).__name__}: {e}")

    def _say(self, text: str, lang: str) -> None:
        backend = self.backend = self.backend or self.available()
        if backend is None:
            self._failed = True
            note("the game's own speech is off: no speech on this system (speech-dispatcher, SAPI, say)")
            return
        if backend == "spd-say":
            subprocess.run(["spd-say", "-C"], capture_output=True, timeout=2)
            subprocess.Popen(["spd-say", "-l", lang, "--", text], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        elif backend == "say":
            self._stop()
            self._proc = subprocess.Popen(["say", "--", text])
        else:
            if self._proc is None or self._proc.poll() is not None:
                flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)
                self._proc = subprocess.Popen(["powershell", "-NoProfile", "-Command", _SAPI],
                                              stdin=subprocess.PIPE, text=True, encoding="utf-8",
                                              creationflags=flags)
            stdin = self._proc.stdin
            if stdin is None:        # never: the process above is opened with its pipe
                return
            stdin.write(f"{CULTURES.get(lang, 'en-GB')}\t{text}\n")
            stdin.flush()

    def _stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
        self._proc = None

    def close(self) -> None:
        try:
            if self._proc is not None and self._proc.stdin is not None and self.backend == "sapi":
                self._proc.stdin.close()
            self._stop()
        except OSError:
            pass
