"""Diagnostics written out: for people (full, short), for CI (SARIF, GitHub annotations)."""
