"""Retrieval core."""
