"""Review before trust over the protocol (SPEC R37, issue 15 acceptance 3): ``memory/review``
and ``memory/reviewDecide`` against the real server over stdio (pytest-lsp), with
``review: required`` from initializationOptions — pending items from ``memory/turnCompleted``,
accept, edit (a whole note, as ``memory/read`` returned it), reject, the diff of an update,
``memory/notesChanged`` on each change, and every typed refusal.
"""

from __future__ import annotations

import pytest
import pytest_asyncio
from pygls.exceptions import JsonRpcException

from .conftest import PROJECT, error_reason, start_harness, stop_harness

pytestmark = pytest.mark.asyncio(loop_scope="module")

FACT = "Heads up: deploys of the billing-api are frozen because finance is closing the quarter."
SUPERSEDE = (
    "Update: deploys of the billing-api are frozen from now on until the audit closes, "
    "not just while finance is closing the quarter."
)
OTHER = "Heads up: the mobile team owns the push-notification service and its on-call rota."
# a rejected proposal is not proposed again, so the next test brings its own statement
ANOTHER = "Heads up: the data team owns the nightly warehouse export and its alerting."
OTHER_AGAIN = "Heads up: the security team owns the SSO gateway and rotates its certificates."


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def h(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("review")
    harness = await start_harness(
        tmp,
        "vscode",
        init_options={
            "rollout": "on",
            "review": "required",
            "server": {"watchIntervalSeconds": 0.2},
        },
    )
    yield harness
    await stop_harness(harness)


async def turn(h, text: str, number: int):
    started = await h.request(
        "memory/turnCompleted",
        {"sessionId": "s-review", "turn": number, "messages": [{"role": "user", "content": text}]},
    )
    return await h.wait_job(started.jobId, timeout=60)


async def pending(h, scope: str | None = None):
    return list((await h.request("memory/review", {"scope": scope} if scope else {})).items)


async def changed_since(h, count: int) -> bool:
    async def seen():
        return any(PROJECT in n.scopes for n in h.notes_changed[count:])

    return await h.eventually(seen, timeout=10)


async def test_an_extracted_note_waits_for_review_then_is_accepted(h):
    before = len(h.notes_changed)
    final = await turn(h, FACT, 1)
    assert final.state == "done" and "held 1 for review" in final.message, final.message
    assert await changed_since(h, before), "memory/notesChanged on a new pending item"
    listed = await h.request("memory/list", {})
    assert not [e for e in listed.entries if "billing-api" in e.description]
    (item,) = await pending(h)
    assert item.kind == "new" and item.source == "extraction" and item.diff is None
    assert item.path == f"{PROJECT}/pending/{item.id}.md" and "billing-api" in item.description
    assert item.scope == PROJECT and item.created.endswith("Z")
    assert await pending(h, "global") == [] and len(await pending(h, "project")) == 1
    read = await h.request("memory/read", {"path": item.path})
    assert "review:" in read.content and "billing-api" in read.content

    await h.request("memory/sessionStarted", {"sessionId": "s-ask"})
    ask = {"sessionId": "s-ask", "message": "can I deploy the billing-api today?"}
    assert list((await h.request("memory/recall", ask)).memories) == [], "pending: not recalled"

    before = len(h.notes_changed)
    done = await h.request("memory/reviewDecide", {"id": item.id, "decision": "accept"})
    assert done.action == "created" and done.path.startswith(f"{PROJECT}/inbox/")
    assert await changed_since(h, before), "memory/notesChanged on a decision"
    assert await pending(h) == []
    listed = await h.request("memory/list", {})
    assert done.path in [e.path for e in listed.entries]
    await h.request("memory/sessionStarted", {"sessionId": "s-ask-2"})
    res = await h.request("memory/recall", {**ask, "sessionId": "s-ask-2"})
    assert done.path in [m.path for m in res.memories]


async def billing_note(h) -> list:
    """The accepted billing-api note. The test above creates it; under pytest-xdist this
    module's tests can run on two workers, each with its own server, so the next test
    creates it itself when it runs first."""
    entries = (await h.request("memory/list", {})).entries
    if not [e for e in entries if "billing" in e.path]:
        await turn(h, FACT, 10)
        (item,) = await pending(h)
        await h.request("memory/reviewDecide", {"id": item.id, "decision": "accept"})
        entries = (await h.request("memory/list", {})).entries
    return [e for e in entries if "billing" in e.path]


async def test_an_update_carries_a_diff_and_an_edit_replaces_it(h):
    target = await billing_note(h)
    assert len(target) == 1
    final = await turn(h, SUPERSEDE, 2)
    assert "held 1 for review" in final.message
    (item,) = await pending(h)
    assert item.kind == "update" and item.target == target[0].path
    assert f"--- a/{target[0].path}" in item.diff and "+" in item.diff
    read = await h.request("memory/read", {"path": item.path})
    edited = read.content.replace("the audit closes", "the audit and the tax-api review close")
    done = await h.request(
        "memory/reviewDecide", {"id": item.id, "decision": "edit", "text": edited}
    )
    assert (done.path, done.action) == (target[0].path, "updated")
    note = await h.request("memory/read", {"path": done.path})
    assert "tax-api" in note.content and "review:" not in note.content


async def test_a_rejected_item_is_gone(h):
    await turn(h, OTHER, 3)
    (item,) = await pending(h)
    done = await h.request("memory/reviewDecide", {"id": item.id, "decision": "reject"})
    assert (done.path, done.action) == (None, None)
    assert await pending(h) == []
    with pytest.raises(JsonRpcException) as gone:
        await h.request("memory/read", {"path": item.path})
    assert error_reason(gone) == "not-found"
    assert not [
        p
        for p in h.home.rglob("*")
        if p.is_file() and "push-notification" in p.read_text("utf-8", "replace")
    ]


@pytest.mark.parametrize(
    ("method", "params", "reason", "code"),
    [
        (
            "memory/reviewDecide",
            {"id": "0123456789ab", "decision": "accept"},
            "unknown-item",
            -32803,
        ),
        ("memory/reviewDecide", {"id": "../../x", "decision": "reject"}, "unknown-item", -32803),
        (
            "memory/reviewDecide",
            {"id": "0123456789ab", "decision": "approve"},
            "invalid-decision",
            -32602,
        ),
        ("memory/reviewDecide", {"id": "0123456789ab", "decision": "edit"}, "missing-text", -32602),
        ("memory/reviewDecide", {"decision": "accept"}, "invalid-params", -32602),
        ("memory/reviewDecide", {"id": 7, "decision": "accept"}, "invalid-params", -32602),
        ("memory/review", {"scope": 3}, "invalid-params", -32602),
        ("memory/review", {"scope": "projects/nowhere"}, "unknown-scope", -32602),
    ],
)
async def test_typed_refusals(h, method, params, reason, code):
    with pytest.raises(JsonRpcException) as exc:
        await h.request(method, params)
    assert error_reason(exc) == reason
    assert exc.value.code == code


async def test_a_refused_edit_keeps_the_item(h):
    await turn(h, ANOTHER, 4)
    (item,) = await pending(h)
    with pytest.raises(JsonRpcException) as exc:
        await h.request(
            "memory/reviewDecide",
            {
                "id": item.id,
                "decision": "edit",
                "text": "The login handler is defined in src/auth/login.py",
            },
        )
    assert error_reason(exc).startswith("refused-excluded")
    assert [i.id for i in await pending(h)] == [item.id]
    await h.request("memory/reviewDecide", {"id": item.id, "decision": "reject"})


async def test_the_server_declares_both_methods(h):
    caps = h.init_result.capabilities.experimental["memlsp"]
    assert {"memory/review", "memory/reviewDecide"} <= set(caps["methods"])


async def test_an_accept_while_memory_md_is_a_folder_saves_with_a_warning(h):
    # MEMORY.md is derived (R5): a folder in its place makes the accept's answer carry a
    # warning; the note is saved and the item gone, as with a writable MEMORY.md
    await turn(h, OTHER_AGAIN, 30)
    (item,) = [i for i in await pending(h) if "warehouse" not in i.description]
    index = h.home / PROJECT / "MEMORY.md"
    if index.exists():
        index.unlink()
    index.mkdir()
    try:
        done = await h.request("memory/reviewDecide", {"id": item.id, "decision": "accept"})
        assert done.action == "created" and "MEMORY.md" in done.warning, done
        assert (h.home / done.path).is_file()
        assert item.id not in [i.id for i in await pending(h)]
    finally:
        index.rmdir()
