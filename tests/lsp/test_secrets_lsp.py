"""Issue 14, acceptance 1 over the language server: ``memory/remember``,
``memory/turnCompleted`` (secret in the user, assistant and tool turns) and
``memory/sessionEnded`` with every credential format of tests/core/secret_corpus.py, one
server for all of them; then ``memory/recall`` builds the retrieval cache and a byte search
of the whole home finds no secret piece."""

from __future__ import annotations

import pytest

from tests.core.secret_corpus import credentials

from .conftest import start_harness, stop_harness

CREDS = credentials()


def _turns(i: int, message: str) -> list[list[dict]]:
    return [
        [{"role": "user", "content": f"{message}\nWe always squash-merge branches, item {i}."}],
        [
            {"role": "user", "content": "How should the release job authenticate?"},
            {"role": "assistant", "content": f"Like this: {message}"},
            {"role": "user", "content": "Yes, exactly, keep doing it that way for releases."},
        ],
        [
            {"role": "user", "content": "Check the deploy config."},
            {"role": "tool", "content": f"$ cat deploy.env\n{message}"},
            {"role": "user", "content": "We never deploy on public holidays, remember that."},
        ],
    ]


@pytest.mark.asyncio
async def test_lsp_channels_write_no_secret(tmp_path):
    h = await start_harness(tmp_path, "minimal", init_options={"rollout": "on"})
    try:
        jobs = []
        for i, (fmt, message, _) in enumerate(CREDS):
            res = await h.request("memory/remember", {"text": f"Builds run at 02:00. {message}"})
            assert res.refused and res.path is None, fmt
            assert res.reason.startswith("refused-"), fmt
            for k, messages in enumerate(_turns(i, message)):
                res = await h.request(
                    "memory/turnCompleted",
                    {"sessionId": f"s{i}-{k}", "turn": 1, "messages": messages},
                )
                if res.jobId:
                    jobs.append(res.jobId)
            if len(jobs) >= 24:
                for job in jobs:
                    await h.wait_job(job, timeout=120)
                jobs = []
        for job in jobs:
            await h.wait_job(job, timeout=120)
        prompts = [m for _, m, _ in CREDS]
        for k in range(0, len(prompts), 5):
            msgs = [{"role": "user", "content": p} for p in prompts[k : k + 5]]
            msgs.append({"role": "user", "content": "Plan the capacity review for next quarter."})
            await h.request("memory/sessionEnded", {"sessionId": f"end{k}", "messages": msgs})
        await h.request(
            "memory/recall", {"sessionId": "s-cache", "message": "which deploy tokens do we use?"}
        )
    finally:
        await stop_harness(h)
    pieces = [(fmt, p.encode()) for fmt, _, ps in CREDS for p in ps]
    found = []
    for path in h.home.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            found += [(fmt, path.name) for fmt, p in pieces if p in data]
    assert found == []
    assert any(h.home.rglob("*.md")), "the rest of the turns is still learned"
