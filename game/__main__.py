import sys

if len(sys.argv) == 1:
    # no arguments: the window at once, without building the command line's parser
    from game.ui.app import run

    sys.exit(run())

from game.cli import main

sys.exit(main())
