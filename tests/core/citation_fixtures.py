"""Workspaces for the citation tests and the citation benchmark: real git repositories.

``build_fixture_repo`` is the acceptance fixture (SPEC R29): Python, TypeScript, Rust and Go
files; a file renamed with ``git mv``; a deleted file; a renamed function; a function moved
to another file. ``generate_repo`` builds a larger synthetic repository with notes whose
stale citations are planted and known, for precision/recall and speed.
"""

from __future__ import annotations

import os
import random
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Fixture",
    "GIT_AUTHOR_EMAIL": "fixture@example.invalid",
    "GIT_COMMITTER_NAME": "Fixture",
    "GIT_COMMITTER_EMAIL": "fixture@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(repo: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV, "HOME": str(repo.parent)}
    out = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, env=env, check=True
    )
    return out.stdout


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def init_repo(repo: Path) -> None:
    repo.mkdir(parents=True, exist_ok=True)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "commit.gpgsign", "false")


BILLING_V1 = '''"""Billing."""

RATE = 0.2


def charge(amount):
    return amount


def compute_tax(amount):
    return amount * RATE


class Invoice:
    def total(self):
        return 0
'''

BILLING_V2 = BILLING_V1.replace("def compute_tax", "def compute_vat")

WEBHOOKS_V1 = """pub struct Dispatcher;

impl Dispatcher {
    pub fn dispatch(&self) {}
}

pub fn send_with_backoff(attempts: u32) -> u32 {
    attempts
}

pub fn verify_signature(body: &[u8]) -> bool {
    !body.is_empty()
}
"""

WEBHOOKS_V2 = """pub struct Dispatcher;

impl Dispatcher {
    pub fn dispatch(&self) {}
}

pub fn send_with_backoff(attempts: u32) -> u32 {
    attempts
}
"""

CRYPTO_V2 = """pub fn verify_signature(body: &[u8]) -> bool {
    !body.is_empty()
}
"""

CLIENT_TS = """export class ApiClient {
  send(): void {}
}

export function retryWithBackoff(n: number): number {
  return n;
}
"""

SERVER_GO = """package server

type Server struct{}

func NewServer() *Server { return &Server{} }

func (s *Server) Handle() {}
"""

OLD_UTIL_GO = """package legacy

func OldHelper() {}
"""

CONFIG_PY = """def load_config(path):
    return {}
"""


def build_fixture_repo(repo: Path) -> None:
    """Two commits: the second renames, deletes and moves things."""
    init_repo(repo)
    write(repo / "py/billing.py", BILLING_V1)
    write(repo / "src/webhooks.rs", WEBHOOKS_V1)
    write(repo / "web/client.ts", CLIENT_TS)
    write(repo / "go/server.go", SERVER_GO)
    write(repo / "legacy/old_util.go", OLD_UTIL_GO)
    write(repo / "old/config_loader.py", CONFIG_PY)
    write(repo / ".gitignore", "build/\n")
    write(repo / "build/generated.py", "def generated():\n    pass\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "initial import")
    (repo / "py").mkdir(exist_ok=True)
    git(repo, "mv", "old/config_loader.py", "py/config.py")
    git(repo, "rm", "-q", "legacy/old_util.go")
    write(repo / "py/billing.py", BILLING_V2)
    write(repo / "src/webhooks.rs", WEBHOOKS_V2)
    write(repo / "src/crypto.rs", CRYPTO_V2)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "rename config loader, drop legacy, VAT")


NOTE_BILLING = """---
name: billing
description: How billing computes totals and tax
type: project
refs:
  - path: py/billing.py
    symbol: charge
  - path: old/config_loader.py
---
Tax is computed by `compute_tax()` in `py/billing.py`.
`Invoice.total` sums the lines; the rate is `RATE`.
计费逻辑在 `py/billing.py:6` 里 😀，旧的 `legacy/old_util.go` 已删除。
"""

NOTE_WEBHOOKS = """---
name: webhooks
description: Webhook delivery, retries and signatures
type: project
---
The retry logic lives in `send_with_backoff` in `src/webhooks.rs`.
Signatures are checked by `verify_signature()` in `src/webhooks.rs`.
`Dispatcher::dispatch` routes events; `webhooks::gone_fn` was removed.
See [the client](web/client.ts#L1), `ApiClient.send` and `retryWithBackoff()`.
`Server.Handle` and `NewServer()` in `go/server.go`; `OldHelper()` is gone.
Not citations: `npm install foo`, `--force`, `https://example.com/x`, `v1.2.3`,
`MEMLSP_HOME`, `os.path.join`, `len()`, `application/json`, `build/generated.py` ok?
"""

NOTE_INBOX = """---
name: config-loading
description: Where configuration is loaded
type: project
---
Config is read by `load_config()` in `old/config_loader.py`.
"""

NOTE_GLOBAL = """---
name: prefers-small-files
description: The user prefers small files such as `utils/helpers.py`
type: user
---
Keep modules small, like `utils/helpers.py`.
"""

# (note file name, code, 0-based line in the note file, cited text, suggestion): the range
# of each finding is where ``cited text`` sits on that line.
EXPECTED = {
    ("billing.md", "moved-file", 7, "old/config_loader.py", "py/config.py"),
    ("billing.md", "stale-symbol", 9, "compute_tax", None),
    ("billing.md", "stale-file", 11, "legacy/old_util.go", None),
    ("webhooks.md", "moved-symbol", 6, "verify_signature", "src/crypto.rs"),
    ("webhooks.md", "stale-symbol", 7, "webhooks::gone_fn", None),
    ("webhooks.md", "stale-symbol", 9, "OldHelper", None),
    # Ignored by .gitignore: not a workspace file even though it is on disk.
    ("webhooks.md", "stale-file", 11, "build/generated.py", None),
    ("config-loading.md", "moved-file", 5, "old/config_loader.py", "py/config.py"),
}


@dataclass
class Generated:
    """A generated repository with notes; ``stale`` / ``live`` are the planted citations
    as ``(note file name, citation label)``."""

    repo: Path
    notes: dict[str, str] = field(default_factory=dict)
    stale: set[tuple[str, str]] = field(default_factory=set)
    live: set[tuple[str, str]] = field(default_factory=set)

    def place(self, store):
        """Write the notes into ``store``'s project scope for :attr:`repo` and generate its
        index. Returns the scope."""
        scope = store.ensure_scope(store.project_scope(self.repo))
        for name, text in self.notes.items():
            write(scope.root / name, text)
        store.rebuild_index(scope)
        return scope


_LANGS = ("py", "ts", "rs", "go")


def _source(lang: str, mod: str, funcs: list[str], cls: str) -> str:
    if lang == "py":
        body = "".join(f"def {f}(x):\n    return x\n\n\n" for f in funcs)
        return body + f"class {cls}:\n    def run(self):\n        return 1\n"
    if lang == "ts":
        body = "".join(
            f"export function {f}(x: number): number {{\n  return x;\n}}\n\n" for f in funcs
        )
        return body + f"export class {cls} {{\n  run(): number {{ return 1; }}\n}}\n"
    if lang == "rs":
        body = "".join(f"pub fn {f}(x: u32) -> u32 {{\n    x\n}}\n\n" for f in funcs)
        return (
            body + f"pub struct {cls};\n\nimpl {cls} {{\n    pub fn run(&self) -> u32 {{ 1 }}\n}}\n"
        )
    body = f"package {mod}\n\n" + "".join(
        f"func {f}(x int) int {{\n\treturn x\n}}\n\n" for f in funcs
    )
    return body + f"type {cls} struct{{}}\n\nfunc (c *{cls}) Run() int {{ return 1 }}\n"


def generate_repo(
    root: Path,
    *,
    files: int = 300,
    notes: int = 60,
    cites_per_note: int = 6,
    stale_ratio: float = 0.25,
    seed: int = 7,
    commit: bool = True,
) -> Generated:
    """A repository of ``files`` source files in four languages and ``notes`` notes whose
    citations are live or planted-stale (deleted, renamed with git, symbol renamed, symbol
    removed), in several citation forms."""
    rng = random.Random(seed)
    repo = root
    init_repo(repo)
    modules: list[tuple[str, str, list[str], str]] = []  # (path, lang, funcs, class)
    for i in range(files):
        lang = _LANGS[i % len(_LANGS)]
        pkg = f"pkg{i % 37:02d}"
        mod = f"mod{i:05d}"
        path = f"{lang}src/{pkg}/{mod}.{lang}"
        funcs = [f"fn_{i:05d}_{k}" for k in range(4)]
        cls = f"Widget{i:05d}"
        write(repo / path, _source(lang, pkg if lang == "go" else mod, funcs, cls))
        modules.append((path, lang, funcs, cls))
    write(repo / ".gitignore", "target/\nnode_modules/\n")
    if commit:
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "generated")
    out = Generated(repo)
    # Plant changes: delete some files, git-mv some, rename or remove some functions.
    picks = rng.sample(range(files), k=max(8, files // 10))
    quarter = len(picks) // 4
    deleted = set(picks[:quarter])
    moved = set(picks[quarter : 2 * quarter])
    fn_renamed = set(picks[2 * quarter :])
    moved_to: dict[int, str] = {}
    for i in deleted:
        if commit:
            git(repo, "rm", "-q", modules[i][0])
        else:
            (repo / modules[i][0]).unlink()
    for i in moved:
        path = modules[i][0]
        new = path.replace("/mod", "/moved_mod")
        if commit:
            git(repo, "mv", path, new)
        else:
            (repo / path).rename(repo / new)
        moved_to[i] = new
    for i in fn_renamed:
        path, lang, funcs, cls = modules[i]
        src = (repo / path).read_text()
        (repo / path).write_text(src.replace(funcs[0] + "(", funcs[0] + "_v2("))
    if commit:
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "churn")
    intact = [
        i for i in range(files) if i not in deleted and i not in moved and i not in fn_renamed
    ]
    for n in range(notes):
        name = f"note-{n:05d}"
        lines = []
        refs = []
        for k in range(cites_per_note):
            stale = rng.random() < stale_ratio
            form = rng.randrange(6)
            if stale:
                kind = rng.choice(("deleted", "moved", "fn"))
                pool = {"deleted": deleted, "moved": moved, "fn": fn_renamed}[kind]
                i = rng.choice(sorted(pool))
            else:
                i = rng.choice(intact)
                kind = "live"
            path, lang, funcs, cls = modules[i]
            if kind in ("deleted", "moved") or (kind == "live" and form in (0, 1, 2)):
                if form == 0:
                    label = path
                    refs.append(f"  - path: {path}")
                elif form == 1:
                    label = f"{path}:3"
                    lines.append(f"The code at `{path}:3` matters ({k}).")
                else:
                    label = path
                    lines.append(f"See [this module]({path}) — 第{k}条说明 😀.")
            else:
                fn = (
                    funcs[0]
                    if kind == "fn"
                    else funcs[rng.randrange(1, 4)]
                    if form % 2
                    else funcs[0]
                )
                if kind == "live" and rng.random() < 0.3:
                    label = (
                        f"{cls}.run"
                        if lang in ("py", "ts")
                        else (f"{cls}::run" if lang == "rs" else f"{cls}.Run")
                    )
                    lines.append(f"`{label}` drives it.")
                elif form in (3, 4):
                    label = fn
                    lines.append(f"It calls `{fn}()` in `{path}` first.")
                else:
                    label = fn
                    lines.append(f"Use `{fn}()` for this ({k}).")
            (out.stale if stale else out.live).add((f"{name}.md", label))
        lines.append(
            "Run `npm install left-pad` or `cargo build --release`; see https://x.invalid."
        )
        head = [
            "---",
            f"name: {name}",
            f"description: Generated note {n} about modules",
            "type: project",
        ]
        if refs:
            head.append("refs:")
            head += refs
        head.append("---")
        out.notes[f"{name}.md"] = "\n".join(head + lines) + "\n"
    return out


def place_fixture_notes(store, repo: Path):
    """Write the acceptance notes into the memory home of ``store`` for workspace ``repo``
    (two topic notes and an inbox note in its project scope, one global note) and generate
    the indexes. Returns the project scope."""
    scope = store.ensure_scope(store.project_scope(repo))
    write(scope.root / "billing.md", NOTE_BILLING)
    write(scope.root / "webhooks.md", NOTE_WEBHOOKS)
    write(scope.root / "inbox" / "config-loading.md", NOTE_INBOX)
    glob = store.ensure_scope(store.global_scope())
    write(glob.root / "prefers-small-files.md", NOTE_GLOBAL)
    store.rebuild_index(scope)
    store.rebuild_index(glob)
    return scope


def note_texts() -> dict[str, str]:
    return {
        "billing.md": NOTE_BILLING,
        "webhooks.md": NOTE_WEBHOOKS,
        "config-loading.md": NOTE_INBOX,
    }


def expected_ranges() -> set[tuple]:
    """EXPECTED as ``(note file name, code, line, start, end, suggestion)``, the columns in
    UTF-16 code units computed from the note text independently of the extractor."""
    out = set()
    for name, code, line, cited, suggestion in EXPECTED:
        text = note_texts()[name].split("\n")[line]
        cp = text.index(cited)
        start = len(text[:cp].encode("utf-16-le")) // 2
        out.add((name, code, line, start, start + len(cited.encode("utf-16-le")) // 2, suggestion))
    return out
