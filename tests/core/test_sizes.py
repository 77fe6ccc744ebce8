"""Sizes before writes (issue 14, acceptance 7): caps are checked before anything is written
— remember text, a chat message's share given to extraction, the note itself — so an 8 MB
remember and a 1 MB chat message end in a clean refusal or a truncation, nothing over a
limit reaches disk, and nothing raises. Hang bounds here are generous (a worker thread
joined with a timeout); the 2 s figure is measured by bench/sizes.py."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest
from memlsp.core.errors import InvalidNoteError
from memlsp.core.extract import Message, extract_turn
from memlsp.core.notes import MAX_NOTE_BYTES, NOTE_SIZE_LIMIT, Note
from memlsp.core.remember import MAX_REMEMBER_BYTES
from memlsp.core.service import MemoryService
from memlsp.core.settings import Settings
from memlsp.core.store import Store

from ..homes import snapshot

HANG_BOUND_S = 120.0
WORDS = "deploy staging always use pnpm cache build never service tests run lint".split()
HAN = "部署测试环境总是使用缓存构建从不服务运行检查"


def within_bound(fn):
    box: dict = {}
    worker = threading.Thread(target=lambda: box.update(value=fn()), daemon=True)
    worker.start()
    worker.join(HANG_BOUND_S)
    assert not worker.is_alive(), "hung"
    return box["value"]


def english(n_bytes: int, seed: int) -> str:
    rng = random.Random(seed)
    sentences, size = [], 0
    while size < n_bytes:
        s = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(6, 14))).capitalize() + "."
        sentences.append(s)
        size += len(s) + 1
    return " ".join(sentences)[:n_bytes]


def chinese(n_bytes: int, seed: int) -> str:
    rng = random.Random(seed)
    out = "".join(
        rng.choice(HAN) + ("。" if rng.random() < 0.08 else "") for _ in range(n_bytes // 3)
    )
    return "以后" + out


def notes_on_disk(home: Path) -> dict[str, bytes]:
    return {k: v for k, v in snapshot(home).items() if k.endswith(".md") and isinstance(v, bytes)}


@pytest.mark.parametrize("size", [MAX_REMEMBER_BYTES + 1, 1 << 20, 8 << 20])
def test_a_huge_remember_is_refused_before_anything_is_written(memlsp_home, make_repo, size):
    repo = make_repo()
    home = memlsp_home
    service = MemoryService(Settings(home=str(home)), default_folder=lambda: repo)
    result = within_bound(lambda: service.remember(english(size, size)))
    assert result.refused == "too-large" and "bytes" in result.message
    assert snapshot(home) == {}  # not a folder, not a lock file


def test_a_remember_at_the_cap_is_kept_and_fits_a_note(memlsp_home, make_repo):
    repo = make_repo()
    home = memlsp_home
    service = MemoryService(Settings(home=str(home)), default_folder=lambda: repo)
    text = "Always run the linter before pushing. " + english(MAX_REMEMBER_BYTES - 60, 3)
    result = service.remember(text[:MAX_REMEMBER_BYTES], type_="feedback")
    assert result.refused is None and result.path
    assert len((home / result.path).read_bytes()) <= NOTE_SIZE_LIMIT


@pytest.mark.parametrize("language", ["english", "chinese"])
@pytest.mark.parametrize("role", ["user", "assistant", "tool"])
def test_a_one_megabyte_chat_message_is_cut_before_extraction(tmp_path, language, role):
    store = Store(tmp_path / "home")
    scope = store.project_scope(folder=tmp_path)
    text = (english if language == "english" else chinese)(1 << 20, 7)
    messages = [Message("user", "Never deploy staging on Fridays, always run the tests.")]
    if role == "user":
        messages = [Message("user", text)]
    else:
        messages.append(Message(role, text))
    result = within_bound(
        lambda: extract_turn(store, scope, session_id="s", turn=1, messages=messages)
    )
    assert result is not None
    for path, data in notes_on_disk(store.home).items():
        assert len(data) <= NOTE_SIZE_LIMIT, (path, len(data))


def test_a_note_over_the_hard_limit_is_refused_before_the_disk(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.project_scope(folder=tmp_path)
    note = Note(name="big", description="too big", type="project", body="x" * MAX_NOTE_BYTES)
    with pytest.raises(InvalidNoteError) as info:
        store.write_note(scope, note)
    assert info.value.reason == "too-large"
    assert notes_on_disk(store.home) == {}
