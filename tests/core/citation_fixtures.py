"""The acceptance workspace of the citation tests (SPEC R29): a real git repository.

``build_fixture_repo``: Python, TypeScript, Rust and Go files; a file renamed with
``git mv``; a deleted file; a renamed function; a function moved to another file. The
notes citing it, and every finding they must produce (``EXPECTED``). The larger generated
repository of the benchmarks and the precision test is ``bench/fixtures/citation_repo.py``,
whose git helpers build this one too.
"""

from __future__ import annotations

from pathlib import Path

from bench.fixtures.citation_repo import git, init_repo, write

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
