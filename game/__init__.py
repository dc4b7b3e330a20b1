"""Gurka: Nordic card games (Gurka, Agurk, Gúrka, Durak) with pygame-ce."""

__version__ = "0.1.0"
