"""Entry point of the frozen (PyInstaller) game.

Imports the package absolutely: freezing ``game/__main__.py`` directly would
run it as a top-level script, where the package's relative imports fail.
``freeze_support()`` must come first: the AI thinks in a worker process, and
a frozen executable started as that worker has to become the worker, not a
second copy of the game.
"""

import multiprocessing
import os
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.cli import main

    sys.exit(main())
