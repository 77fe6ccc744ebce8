"""Issue 14, acceptance 1: no credential reaches the memory home on any write channel.

Each of the corpus's formats (tests/core/secret_corpus.py, >= 60) goes through: the CLI's
``remember`` and ``extract`` commands (in process, real argv), extraction with the secret in
the user, the assistant and a tool turn, the session-end record, and a dream over an inbox
that holds it (notes copied in by hand). Afterwards the retrieval cache is built by a
recall, and a byte-for-byte search of every file under the home finds none of the secret
pieces. The LSP channels are in tests/lsp/test_secrets_lsp.py. Benign look-alikes
(>= 200) are refused at most 1% of the time.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
from pathlib import Path

import pytest
from memlsp.cli.main import main
from memlsp.core.autosave import autosave_session
from memlsp.core.dream import dream
from memlsp.core.errors import RefusedError
from memlsp.core.extract import extract_turn
from memlsp.core.notes import Note
from memlsp.core.policy import check_candidate
from memlsp.core.policy.secrets import find_secrets, format_kinds
from memlsp.core.recall import recaller_for
from memlsp.core.remember import remember
from memlsp.core.store import Store

from .secret_corpus import credentials, lookalikes

NOW = dt.datetime(2026, 6, 1, 9, 0, tzinfo=dt.UTC)
CREDS = credentials()
ORIGIN = "git@example.com:acme/vault-test.git"


def leaks(home: Path, pieces: list[tuple[str, bytes]]) -> list[tuple[str, str]]:
    """(format, file) for every secret piece found in any file under ``home``."""
    found = []
    for path in home.rglob("*"):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            for fmt, piece in pieces:
                if piece in data:
                    found.append((fmt, str(path.relative_to(home))))
    return found


def all_pieces() -> list[tuple[str, bytes]]:
    return [(fmt, p.encode()) for fmt, _, pieces in CREDS for p in pieces]


def make_repo(root: Path) -> Path:
    root.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "remote", "add", "origin", ORIGIN], check=True)
    return root


def build_cache(store: Store, repo: Path) -> None:
    rec = recaller_for(store, repo)
    rec.recall("s-cache", "what do we know about deploy keys and tokens", now=NOW)


def test_the_corpus_is_large_and_the_format_table_is_data():
    assert len({fmt for fmt, _, _ in CREDS}) >= 60
    assert len(lookalikes()) >= 200
    assert len(format_kinds()) >= 60


@pytest.mark.parametrize(("fmt", "message", "pieces"), CREDS, ids=[c[0] for c in CREDS])
def test_every_format_is_found_in_its_message(fmt, message, pieces):
    spans = find_secrets(message)
    covered = "".join(message[s.start : s.end] for s in spans)
    for piece in pieces:
        assert piece in covered or any(s.start <= message.find(piece) < s.end for s in spans), (
            f"{fmt}: a piece is not inside any finding"
        )


def test_benign_lookalikes_are_refused_at_most_one_percent():
    texts = lookalikes()
    refused = [
        t for t in texts if check_candidate(t, check_exclusions=False).reason == "refused-secret"
    ]
    assert len(refused) <= len(texts) // 100, refused


def test_core_channels_write_no_secret(tmp_path):
    home = tmp_path / "home"
    repo = make_repo(tmp_path / "repo")
    store = Store(home)
    from memlsp.core.identity import resolve_project

    scope = store.project_scope(project=resolve_project(repo))
    store.ensure_scope(scope)
    learned = 0
    for i, (fmt, message, _) in enumerate(CREDS):
        # remember: the whole request is refused, nothing is written
        with pytest.raises(RefusedError) as exc:
            remember(store, scope, f"Deploys freeze on Fridays. {message}", now=NOW)
        assert exc.value.reason.startswith("refused-"), fmt
        # extraction, secret in the user turn: the rest of the turn is still learned
        user = f"{message}\nAlso, we always squash-merge feature branches into main number {i}."
        r = extract_turn(
            store,
            scope,
            session_id=f"u{i}",
            turn=1,
            now=NOW,
            messages=[{"role": "user", "content": user}],
        )
        learned += bool(r.written or r.updated)
        # secret in the assistant's turn, approved by the user
        extract_turn(
            store,
            scope,
            session_id=f"a{i}",
            turn=1,
            now=NOW,
            messages=[
                {"role": "user", "content": "How should the release job authenticate?"},
                {"role": "assistant", "content": f"I will configure it like this: {message}"},
                {"role": "user", "content": "Yes, exactly, keep doing it that way for releases."},
            ],
        )
        # secret in a tool turn
        extract_turn(
            store,
            scope,
            session_id=f"t{i}",
            turn=1,
            now=NOW,
            messages=[
                {"role": "user", "content": "Check the deploy config for me."},
                {"role": "tool", "content": f"$ cat deploy.env\n{message}"},
                {"role": "assistant", "content": "The config is loaded from deploy.env."},
                {
                    "role": "user",
                    "content": "Good. We never deploy on public holidays, remember that.",
                },
            ],
        )
    # session records carry the user's prompts
    prompts = [m for _, m, _ in CREDS]
    for k in range(0, len(prompts), 5):
        msgs = [
            {"role": "user", "content": p, "at": "2026-06-01T09:00:00Z"} for p in prompts[k : k + 5]
        ]
        msgs.append(
            {"role": "user", "content": "Plan the storage capacity review for next quarter please."}
        )
        autosave_session(store, scope, session_id=f"rec{k}", messages=msgs, now=NOW)
    build_cache(store, repo)
    assert learned >= len(CREDS) // 2, "the rest of a turn holding a secret is still learned"
    assert leaks(home, all_pieces()) == []


def test_cli_remember_and_extract_write_no_secret(tmp_path, monkeypatch, capsys):
    home = tmp_path / "home"
    repo = make_repo(tmp_path / "repo")
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    monkeypatch.delenv("MEMLSP_MODEL_PROVIDER", raising=False)
    monkeypatch.chdir(repo)
    for fmt, message, _ in CREDS:
        assert main(["remember", f"Staging refreshes nightly. {message}"]) != 0, fmt
    lines = []
    for fmt, message, _ in CREDS:
        lines.append({"role": "user", "content": message, "at": "2026-06-01T09:00:00Z"})
        lines.append({"role": "assistant", "content": f"Noted the {fmt} setting."})
    transcript = tmp_path / "t.jsonl"
    transcript.write_text("\n".join(json.dumps(x) for x in lines), "utf-8")
    assert main(["extract", "--transcript", str(transcript), "--session", "cli"]) == 0
    capsys.readouterr()
    build_cache(Store(home), repo)
    assert leaks(home, all_pieces()) == []


def test_one_cli_remember_in_a_real_process_is_refused(tmp_path):
    import os
    import sys

    home = tmp_path / "home"
    repo = make_repo(tmp_path / "repo")
    fmt, message, pieces = CREDS[0]
    env = {**os.environ, "MEMLSP_HOME": str(home)}
    proc = subprocess.run(
        [sys.executable, "-m", "memlsp", "remember", message],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode != 0 and "secret" in proc.stderr
    assert pieces[0] not in proc.stderr and pieces[0] not in proc.stdout
    assert leaks(home, all_pieces()) == []


def test_a_dream_over_an_inbox_holding_secrets_leaves_none(tmp_path):
    home = tmp_path / "home"
    repo = make_repo(tmp_path / "repo")
    store = Store(home)
    from memlsp.core.identity import resolve_project

    scope = store.ensure_scope(store.project_scope(project=resolve_project(repo)))
    inbox = scope.root / "inbox"
    inbox.mkdir(parents=True, exist_ok=True)
    for i, (_fmt, message, pieces) in enumerate(CREDS):
        desc = f"Release credentials {i}: {pieces[0]}"[:150] if "\n" not in pieces[0] else "Keys"
        note = Note(
            name=f"copied-in-{i}",
            description=desc.replace("\n", " "),
            type="project",
            body=f"Copied from the old wiki.\n\n{message}\n",
            meta={"created": "2026-05-01T00:00:00Z", "source": "manual"},
        )
        (inbox / f"copied-in-{i}.md").write_text(note.render(), "utf-8")
    res = dream(store, scope, now=NOW, force=True)
    assert res.status == "applied", res.to_json()
    build_cache(store, repo)
    assert leaks(home, all_pieces()) == []
