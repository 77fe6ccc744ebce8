"""Evaluation harnesses (SPEC R35): replay data sets through the core and score them.

Must not import pygls, lsprotocol or the CLI.
"""
