"""Issue 14, acceptance 3: no invisible character reaches disk.

The classes are decided by category and ranges (memlsp.core.policy.invisible): every code
point of category Cf, Cc (but tab, LF, CR), Cs, Co, the variation selectors (both blocks),
tags, the combining grapheme joiner, Hangul fillers, Khmer and Mongolian selectors, the
noncharacters. Exhaustively: every one of them written through the store's gate is gone
from the file; by property (hypothesis): text mixing them with words, through ``remember``,
extraction and a direct write, leaves none on disk.
"""

from __future__ import annotations

import datetime as dt
import tempfile
import unicodedata
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from memlsp.core.errors import MemlspError
from memlsp.core.extract import extract_turn
from memlsp.core.notes import Note
from memlsp.core.policy import check_candidate
from memlsp.core.policy.invisible import (
    _pattern,
    has_invisible,
    invisible_code_points,
    is_invisible,
    strip_invisible,
)
from memlsp.core.remember import remember
from memlsp.core.store import Store

NOW = dt.datetime(2026, 8, 1, 12, 0, tzinfo=dt.UTC)
INVISIBLE = invisible_code_points()
NAMED = [
    0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180E,
    0x180F, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202E, 0x2060, 0x2064, 0x2066,
    0x2069, 0x206F, 0x3164, 0xFE00, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF9, 0xFFFB, 0x1BCA0, 0x1D173,
    0xE0001, 0xE0020, 0xE0041, 0xE007F, 0xE0100, 0xE01EF, 0xF0000, 0x10FFFD,
]  # fmt: skip


def test_the_classes_are_decided_by_category_and_ranges():
    assert set(NAMED) <= set(INVISIBLE)
    assert all(
        is_invisible(chr(cp)) for cp in range(0x110000) if unicodedata.category(chr(cp)) == "Cf"
    )
    for visible in "aZ09 \t\n\r" + "中文Ωж😀\u3000\u00a0é":
        assert not is_invisible(visible), visible
    # the compiled pattern agrees with the predicate on every code point
    rx = _pattern()
    assert [cp for cp in range(0x110000) if bool(rx.match(chr(cp))) != is_invisible(chr(cp))] == []


def _home_text(home: Path) -> str:
    parts = []
    for path in home.rglob("*"):
        if path.is_file():
            parts.append(path.read_bytes().decode("utf-8", "replace"))
    return "".join(parts)


def test_every_invisible_code_point_is_stripped_by_the_disk_gate(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.global_scope())
    chunk = 6000
    for i in range(0, len(INVISIBLE), chunk):
        hidden = "".join(chr(cp) for cp in INVISIBLE[i : i + chunk])
        note = Note(
            name=f"chunk-{i}",
            description=f"Chunk {i} of the invisible classes{hidden[:40]}",
            type="reference",
            body=f"Visible words{hidden}stay here.",
            meta={"created": "2026-08-01T12:00:00Z", "source": "manual"},
        )
        store.write_note(scope, note, section="")
    text = _home_text(tmp_path / "home")
    assert "Visible wordsstay here." in text
    assert not has_invisible(text)


WORDS = st.sampled_from(
    ["Deploys", "freeze", "on", "Fridays", "we", "always", "use", "pnpm", "部署", "周五", "冻结"]
)
HIDDEN = st.sampled_from(INVISIBLE).map(chr)
TEXT = st.lists(st.one_of(WORDS, HIDDEN, st.just(" ")), min_size=3, max_size=40).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT, payload=st.lists(HIDDEN, min_size=1, max_size=40).map("".join))
def test_no_channel_writes_an_invisible_character(text, payload):
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        store = Store(home)
        scope = store.ensure_scope(store.project_scope(Path(tmp)))
        message = f"We always deploy on Tuesdays {payload}{text} and never on Fridays."
        try:
            remember(store, scope, message, now=NOW)
        except MemlspError:
            pass
        extract_turn(store, scope, session_id="p", turn=1, now=NOW,
                     messages=[{"role": "user", "content": message}])  # fmt: skip
        note = Note(name="direct", description=f"Direct {payload}write", type="project",
                    body=message, meta={"created": "2026-08-01T12:00:00Z"})  # fmt: skip
        store.write_note(scope, note)
        assert not has_invisible(_home_text(home))
        assert check_candidate(message).reason.startswith("refused-poisoning") or not has_invisible(
            strip_invisible(message)
        )
