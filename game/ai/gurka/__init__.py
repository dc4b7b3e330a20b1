"""Easy, Normal and Hard for the Gurka family, and what Hard reads and searches with."""
