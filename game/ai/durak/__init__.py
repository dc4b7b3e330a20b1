"""Easy, Normal and Hard for Durak, the reads of the others' hands and the end-game solver."""
