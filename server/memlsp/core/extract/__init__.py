"""Per-turn extraction (SPEC R7–R11): what a completed chat turn teaches, written as notes.

:func:`extract_turn` runs in the background after each turn. It

- skips when the main model already wrote memory in that turn;
- sees only the recent messages (the current user message and the exchange before it);
- is handed the manifest of existing notes up front;
- with a model (``anthropic`` or ``editor``): at most 5 rounds, and the model's only tools
  are list/read/write/delete notes inside the memory home — no repository access;
- offline (the default, or whenever a model call fails or times out): rule-based
  recognition, in English and Chinese, of corrections, approvals, roles, deadlines and
  freezes, decisions and ownership, external references and forget requests — and silence
  on chatter;
- checks before writing: a statement on the topic of an existing note rewrites that note
  (a superseding statement replaces the old value; nothing is kept "for history");
- passes every write through :func:`memlsp.core.policy.check_candidate` (secrets never
  persisted, exclusions refused, poisoning refused, dates made absolute);
- writes new notes to ``inbox/`` with ``source: extraction``.

A forget request ("forget what I said about X", "忘掉…") removes the matching notes and
the matching prompts in session records (best-effort forget, R23), and says what it did.

Logs carry reasons and counts only — never message text, so never a secret.

The modules: :mod:`.turn` (the entry point), :mod:`.context` (messages, results, the
shared context), :mod:`.rules` (offline extraction), :mod:`.write` (check-before-write),
:mod:`.model` (the model tool loop), :mod:`.chat_forget` (forget in chat).

Must not import pygls, lsprotocol or the CLI. Other modules import it through this package,
never a submodule: a thread importing ``extract.pasted`` while another ran this file
deadlocked the two imports (``_DeadlockError``; tests/contract/test_import_contracts.py).
"""

from .chat_forget import FORGET_MATCH, remove_note
from .context import ExtractResult, Message, Refusal
from .model import SYSTEM_PROMPT, TOOLS, manifest
from .pasted import untrusted_note
from .turn import MAX_ROUNDS, MODEL_TIMEOUT_S, RECENT_MESSAGES, extract_turn

__all__ = [
    "FORGET_MATCH",
    "MAX_ROUNDS",
    "MODEL_TIMEOUT_S",
    "RECENT_MESSAGES",
    "SYSTEM_PROMPT",
    "TOOLS",
    "ExtractResult",
    "Message",
    "Refusal",
    "extract_turn",
    "manifest",
    "remove_note",
    "untrusted_note",
]
