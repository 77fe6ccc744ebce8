"""Measurement harnesses (SPEC R35): recall and scenario evaluation over a data set.

Each harness builds its own temporary memory home at rollout ``on`` and drives the same
core functions a chat turn uses.
"""
