"""The screenshot tour (``python -m game --tour DIR``): every screen saved as PNG."""
