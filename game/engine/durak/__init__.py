"""The Durak family's rules: the state machine, its checks, deal, moves, refill, seats, public fold and determinization."""
