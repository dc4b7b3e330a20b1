"""The Gurka family's rules: the state machine, its moves, replay, public fold and determinization."""
