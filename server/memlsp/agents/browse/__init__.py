"""``memlsp browse`` (SPEC R31): the memory in a terminal — notes grouped by scope with type,
size, age and a stale badge, a read-only preview, a filter, and verified forget after a
confirmation. A textual app over the memory service: every fact shown comes from the
service, and the only write, forget, sends the hash of the bytes the preview showed.
"""

from .app import BrowseApp, ConfirmForget, row_label

__all__ = ["BrowseApp", "ConfirmForget", "row_label"]
