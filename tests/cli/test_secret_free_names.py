"""A session id is chosen by the caller (``--session NAME``, an LSP ``sessionId``, a Claude
Code ``session_id``): when it holds a secret, no file under the memory home is named after
it and no file holds it (SPEC R8; the attack run of issue 14). Secrets are built at run
time, never committed."""

from __future__ import annotations

import random
import string
from pathlib import Path

from .clikit import HomeCli

ORIGIN = "https://github.com/example/shop.git"


def fake_tokens() -> list[str]:
    rng = random.Random()
    alnum = string.ascii_letters + string.digits

    def s(n: int, alphabet: str = alnum) -> str:
        return "".join(rng.choice(alphabet) for _ in range(n - 2)) + "a7"

    return [
        "gh" + "p_" + s(36),
        "AK" + "IA" + s(16, string.ascii_uppercase + string.digits).upper(),
        "sk-" + "proj-" + s(48),
    ]


def traces(home: Path, token: str) -> list[str]:
    """Every path under ``home`` whose name or bytes hold ``token``."""
    found = []
    for path in home.rglob("*"):
        if token in path.name:
            found.append(f"name: {path.relative_to(home)}")
        elif path.is_file() and not path.is_symlink() and token.encode() in path.read_bytes():
            found.append(f"bytes: {path.relative_to(home)}")
    return found


def test_a_session_id_holding_a_secret_never_names_a_file(make_repo, tmp_path: Path) -> None:
    repo = make_repo(origin=ORIGIN)
    cli = HomeCli(tmp_path / "home", repo)
    cli.run("remember", "We always use pnpm for installs, never npm.", "--type", "feedback")
    transcript = tmp_path / "chat.jsonl"
    transcript.write_text(
        '{"role": "user", "content": "From now on the release freeze starts on 2026-12-15."}\n'
        '{"role": "assistant", "content": "Noted."}\n'
    )
    for token in fake_tokens():
        cli.run("recall", "which package manager do we use for installs?", "--session", token)
        cli.run("extract", "--transcript", str(transcript), "--session", token)
        assert traces(cli.home, token) == [], token
    # the session is still one session: a second recall in it injects nothing again (R17)
    token = fake_tokens()[0]
    first = cli.json("recall", "which package manager do we use for installs?", "--session", token)
    again = cli.json("recall", "which package manager do we use for installs?", "--session", token)
    assert first["memories"] and not again["memories"]
    assert again["silence"] == "already-injected"
