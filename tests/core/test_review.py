"""Review before trust (SPEC R37, issue 15 acceptance 3): a table over the ``review``
setting (``auto`` | ``required``) × extraction, recall, dream, list, accept, reject, edit,
run through the memory service on a real temporary home — and the edges around it:
updates carry a diff, a person's ``remember`` is never held, typed refusals, hostile ids,
a rejected item leaves no trace, the watcher sees pending changes.
"""

from __future__ import annotations

import os
import random
import string
import time
from pathlib import Path

import pytest
from memlsp.core import pending
from memlsp.core.errors import InvalidRequestError, NotFoundError, RefusedError
from memlsp.core.notes import Note, utcnow
from memlsp.core.runtime import CancelToken
from memlsp.core.service import MemoryService, Message
from memlsp.core.settings import Settings, load_local, load_settings
from memlsp.core.watch import scope_signature

FACT = "Heads up: deploys of the billing-api are frozen because finance is closing the quarter."
QUESTION = "can I deploy the billing-api today?"
SUPERSEDE = (
    "Update: deploys of the billing-api are frozen from now on until the audit closes, "
    "not just while finance is closing the quarter."
)


def fake_token(seed: int) -> str:
    """An obviously fake GitHub-shaped token, built at run time (never a literal)."""
    rng = random.Random(seed)
    return (
        "gh" + "p_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))
    )


def run(job):
    return job.run(CancelToken(), lambda *args: None)


def make_service(tmp_path: Path, review: str) -> MemoryService:
    folder = tmp_path / "workspace"
    folder.mkdir(exist_ok=True)
    settings = Settings(rollout="on", home=str(tmp_path / "home"), review=review)
    return MemoryService(settings, default_folder=lambda: folder)


def extract(service: MemoryService, text: str = FACT, turn: int = 1):
    return run(service.turn_completed("chat-1", turn, [Message("user", text)]))


def recalled(service: MemoryService) -> list[str]:
    return [m.path for m in service.recall("chat-2", QUESTION, on_purpose=True).memories]


def home_text(service: MemoryService) -> str:
    """Every byte under the memory home, as text (what a leak would show up in)."""
    home = service.store.home
    return "\n".join(
        p.read_text("utf-8", "replace") for p in sorted(home.rglob("*")) if p.is_file()
    )


# ---- the table -------------------------------------------------------------------------------
def step_extraction(service):
    result = extract(service)
    return {"written": len(result.written), "held": len(result.held)}


def step_recall(service):
    extract(service)
    return {"recalled": len(recalled(service))}


def step_dream(service):
    extract(service)
    items = service.review()
    before = [Path(service.store.home / i.path).read_bytes() for i in items]
    result = run(service.dream_job(force=True))
    after = [Path(service.store.home / i.path).read_bytes() for i in service.review()]
    return {"dreamed_inbox": result.counts_before["inbox"], "pending_untouched": before == after}


def step_list(service):
    extract(service)
    scope = service.project_scope()
    return {
        "listed": len(service.list_notes().entries),
        "pending": len(service.review()),
        "in_index": "billing-api" in service.store.index_text(scope),
    }


def step_accept(service):
    extract(service)
    items = service.review()
    if not items:
        return {"pending": 0}
    done = service.review_decide(items[0].id, "accept")
    return {
        "accepted": done.action,
        "listed": [e.path for e in service.list_notes().entries] == [done.path],
        "recalled": recalled(service) == [done.path],
        "pending_after": len(service.review()),
    }


def step_reject(service):
    extract(service)
    items = service.review()
    if not items:
        return {"pending": 0}
    done = service.review_decide(items[0].id, "reject")
    return {
        "path": done.path,
        "pending_after": len(service.review()),
        "listed": len(service.list_notes().entries),
        "trace": "finance is closing" in home_text(service),
    }


def step_edit(service):
    extract(service)
    items = service.review()
    if not items:
        return {"pending": 0}
    text = "Deploys of the billing-api and the ledger-api are frozen until finance closes."
    done = service.review_decide(items[0].id, "edit", text)
    note = service.read(done.path).text
    return {"accepted": done.action, "edited": text in note, "pending_after": len(service.review())}


STEPS = {
    "extraction": step_extraction,
    "recall": step_recall,
    "dream": step_dream,
    "list": step_list,
    "accept": step_accept,
    "reject": step_reject,
    "edit": step_edit,
}

TABLE = {
    ("auto", "extraction"): {"written": 1, "held": 0},
    ("required", "extraction"): {"written": 0, "held": 1},
    ("auto", "recall"): {"recalled": 1},
    ("required", "recall"): {"recalled": 0},
    ("auto", "dream"): {"dreamed_inbox": 1, "pending_untouched": True},
    ("required", "dream"): {"dreamed_inbox": 0, "pending_untouched": True},
    ("auto", "list"): {"listed": 1, "pending": 0, "in_index": True},
    ("required", "list"): {"listed": 0, "pending": 1, "in_index": False},
    ("auto", "accept"): {"pending": 0},
    ("required", "accept"): {
        "accepted": "created",
        "listed": True,
        "recalled": True,
        "pending_after": 0,
    },
    ("auto", "reject"): {"pending": 0},
    ("required", "reject"): {"path": None, "pending_after": 0, "listed": 0, "trace": False},
    ("auto", "edit"): {"pending": 0},
    ("required", "edit"): {"accepted": "created", "edited": True, "pending_after": 0},
}


@pytest.mark.parametrize(("mode", "step"), sorted(TABLE))
def test_review_mode_table(tmp_path, mode, step):
    service = make_service(tmp_path, mode)
    assert STEPS[step](service) == TABLE[(mode, step)]


def test_the_table_covers_both_modes_and_every_step():
    assert {m for m, _ in TABLE} == {"auto", "required"}
    assert {s for _, s in TABLE} == set(STEPS)
    assert len(TABLE) == 2 * len(STEPS)


# ---- updates, remember, refusals ---------------------------------------------------------------
def test_an_update_waits_with_a_diff_and_accepting_rewrites_the_target(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    first = service.review_decide(service.review()[0].id, "accept")
    extract(service, SUPERSEDE, turn=2)
    (item,) = service.review()
    assert item.kind == "update" and item.target == first.path
    assert item.diff.startswith(f"--- a/{first.path}\n+++ b/{first.path}\n")
    assert "\n+" in item.diff and "audit" in item.diff
    before = service.read(first.path).text
    assert "audit" not in before  # nothing changed until a person accepts
    done = service.review_decide(item.id, "accept")
    assert (done.path, done.action) == (first.path, "updated")
    assert "audit" in service.read(first.path).text
    assert len(service.list_notes().entries) == 1  # rewritten, not twinned


def test_the_same_proposal_twice_is_one_pending_item(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    extract(service, turn=2)
    assert len(service.review()) == 1


def test_remember_is_never_held(tmp_path):
    service = make_service(tmp_path, "required")
    res = service.remember("Use pnpm, never npm, in this repository", type_="feedback")
    assert res.action == "created"
    assert service.review() == []
    assert [e.path for e in service.list_notes().entries] == [res.path]


def test_typed_refusals(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    (item,) = service.review()
    with pytest.raises(InvalidRequestError) as bad:
        service.review_decide(item.id, "approve")
    assert bad.value.reason == "invalid-decision"
    for text in (None, "   "):
        with pytest.raises(InvalidRequestError) as missing:
            service.review_decide(item.id, "edit", text)
        assert missing.value.reason == "missing-text"
    for hostile in ("000000000000", "../../../etc/passwd", "", "ABCDEF012345", item.id + "0"):
        with pytest.raises(NotFoundError) as unknown:
            service.review_decide(hostile, "accept")
        assert unknown.value.reason == "unknown-item"
    token = fake_token(1)
    with pytest.raises(RefusedError) as secret:
        service.review_decide(item.id, "edit", f"The billing deploy key is {token}")
    assert secret.value.reason == "refused-secret"
    assert [i.id for i in service.review()] == [item.id]  # a refused edit keeps the item
    assert token not in home_text(service)
    service.review_decide(item.id, "reject")
    with pytest.raises(NotFoundError):
        service.review_decide(item.id, "accept")  # decided once


def test_an_edit_may_be_a_whole_note_and_the_review_key_is_dropped(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    (item,) = service.review()
    text = service.read(item.path).text.replace("finance is closing", "finance closes")
    assert "review:" in text
    done = service.review_decide(item.id, "edit", text)
    written = service.read(done.path).text
    assert "finance closes the quarter" in written and "review:" not in written


def test_an_excluded_edit_is_refused_like_remember(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    (item,) = service.review()
    text = "The login handler is defined in src/auth/login.py"
    refused = service.remember(text)
    with pytest.raises(RefusedError) as exc:
        service.review_decide(item.id, "edit", text)
    # the same gate as remember, whatever category it names
    assert refused.refused == exc.value.reason and exc.value.reason.startswith("refused-excluded")


def test_a_hand_edited_pending_file_with_a_secret_is_not_accepted(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    (item,) = service.review()
    file = service.store.home / item.path
    token = fake_token(2)
    file.write_text(file.read_text("utf-8") + f"\ntoken {token}\n", "utf-8")
    with pytest.raises(RefusedError) as exc:
        service.review_decide(item.id, "accept")
    assert exc.value.reason == "refused-secret"
    assert service.list_notes().entries == []


def test_the_watcher_sees_pending_items_change(tmp_path):
    service = make_service(tmp_path, "required")
    scope = service.store.ensure_scope(service.project_scope())
    empty = scope_signature(scope)
    extract(service)
    proposed = scope_signature(scope)
    assert proposed != empty
    service.review_decide(service.review()[0].id, "reject")
    assert scope_signature(scope) != proposed


def test_the_review_setting(monkeypatch):
    assert load_local(env={}).review == "auto"
    assert load_local(env={"MEMLSP_REVIEW": "required"}).review == "required"
    assert load_local({"review": "required"}, env={}).review == "required"
    with pytest.raises(ValueError, match="review"):
        load_local({"review": "sometimes"}, env={})


def test_managed_settings_can_require_review_but_never_loosen_it(tmp_path):
    folder = tmp_path / "etc-memlsp"
    folder.mkdir(mode=0o755)
    path = folder / "managed.json"
    me = [os.getuid()]
    path.write_text('{"review": "required"}')
    assert load_settings({}, {}, env={}, managed_paths=[path], trusted_uids=me).review == "required"
    path.write_text('{"review": "auto"}')
    local = {"review": "required"}
    assert (
        load_settings(local, {}, env={}, managed_paths=[path], trusted_uids=me).review == "required"
    )
    assert load_settings({}, {}, env={}, managed_paths=[path], trusted_uids=me).review == "auto"


def test_a_malformed_pending_file_is_skipped_not_fatal(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    folder = pending.folder(service.project_scope())
    (folder / "0123456789ab.md").write_text("not a note", "utf-8")
    (folder / "notes-by-hand.md").write_text("---\nname: x\n---\n", "utf-8")
    assert len(service.review()) == 1


def test_a_proposal_forgotten_meanwhile_is_not_brought_back(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    first = service.review_decide(service.review()[0].id, "accept")
    body = service.find_note(first.path).note.body
    # the same text proposed again (another turn, another session) before a person forgets it
    item = pending.propose(
        service.store,
        service.project_scope(),
        Note("deploy-freeze", "Deploys are frozen", "project", body, {"source": "extraction"}),
        target=None,
        now=utcnow(),
    )
    service.forget(first.path, service.read(first.path).sha256)
    with pytest.raises(RefusedError) as exc:
        service.review_decide(item.id, "accept")
    assert exc.value.reason == "forgotten"
    assert service.list_notes().entries == []
    assert [i.id for i in service.review()] == [item.id]  # a person may still reject it


def test_doctor_reports_a_leftover_temporary_file_in_pending(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    leftover = pending.folder(service.project_scope()) / ".0123456789ab.md.1.2.tmp"
    leftover.write_text("half", "utf-8")
    an_hour_ago = time.time() - 3600  # a crashed writer's, not a live one's
    os.utime(leftover, (an_hour_ago, an_hour_ago))
    found = [f for f in service.doctor() if f.reason == "leftover-temp-file"]
    assert [f.path for f in found] == [service.store.rel(leftover)]
    assert len(service.review()) == 1  # never read as an item
    assert not leftover.exists()  # doctor swept it, under the scope's lock


def test_a_rejected_proposal_is_not_proposed_again(tmp_path):
    service = make_service(tmp_path, "required")
    extract(service)
    (item,) = service.review()
    service.review_decide(item.id, "reject")
    # the same statement again (another turn; the transcript extracted a second time)
    final = extract(service, FACT, turn=2)
    assert service.review() == [] and final.held == [] and final.written == []
    assert "finance is closing" not in home_text(service), "the digest is no copy of the text"
    # something else is still proposed, and so is the same topic with new content
    extract(service, "Heads up: the mobile team owns the push-notification service.", turn=3)
    extract(service, "Heads up: deploys of the billing-api are frozen until the audit ends.", 4)
    described = sorted(i.description for i in service.review())
    assert len(described) == 2 and any("push-notification" in d for d in described)
