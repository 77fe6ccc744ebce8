"""Benchmarks: one script per measurement (``python bench/<name>.py --help``).

A package only so that the test suite can reuse :mod:`bench.fixtures`; benchmarks never
import the tests.
"""
