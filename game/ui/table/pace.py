"""How long things take on the table, in milliseconds at normal speed (× the speed setting).

One place, so the pace of the game can be judged and tuned as a whole: an AI card is
readable before the next one lands, a finished trick or bout stays long enough to read.
"""

DEAL_STEP = 45          # between two dealt cards
DEAL_FLIGHT = 260       # one dealt card on its way
PLAY_FLIGHT = 320       # a played card on its way to the table
PLAY_SETTLE = 60        # a played card lies still before the next step
AI_MIN_DELAY = 480      # from asking an AI seat to its card leaving the hand: with the
                        # flight and its settling, AI cards land about 0.9 s apart
TRICK_HOLD = 1500       # a finished trick stays on the table, its winner named
SWEEP = 380             # the trick swept to its winner
LAST_REVEAL = 1500      # the last trick of a deal, before the scoring
LAST_READ = 2600        # the last trick of a deal lies at least this long (real time, at any
                        # speed but instant) before the score sheet covers it, when the table
                        # does not wait for the player (After a trick: never)
SCORE_COUNT = 900       # totals counting up
SCORE_REST = 300        # the counted totals stay before the score sheet between deals
KNOCKOUT = 1800         # the shout when a player is knocked out
BOUT_HOLD = 1500        # a finished Durak bout stays, its outcome named, before it is cleared
TAKE_HOLD = 1500        # a Durak take is announced
SHOW_HOLD = 1100        # transfer Durak: a trump shown to pass the attack on stays up to be seen
BANNER = 1400           # a short banner at a seat
FORCED = 450            # a forced card waits this long before it plays itself
NEWS = 2600             # an announcement (who opens, a take, a trump swap, the scoring)
SHOUT_MIN = 1000        # a big banner never shorter than this, even at fast speed
