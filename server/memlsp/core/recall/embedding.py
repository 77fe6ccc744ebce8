"""The embedder and glossary recall uses, as the settings ask (``recall.embedder``,
``recall.glossary``). Must not import pygls, lsprotocol or an adapter."""

from __future__ import annotations

from ..errors import MemlspError
from ..retrieval.embedders import Embedder, load_embedder
from ..retrieval.glossary import Glossary
from ..retrieval.params import RecallParams


def resolve_models(params: RecallParams) -> tuple[Embedder | None, Glossary | None]:
    """The embedder and glossary ``params`` ask for (``recall.embedder``, ``recall.glossary``):
    None where the defaults apply; an empty glossary when glosses are off; a clear error for
    an embedder name nobody knows."""
    glossary = None if params.glossary else Glossary("")
    if not params.embedder:
        return None, glossary
    try:
        return load_embedder(params.embedder), glossary
    except KeyError as exc:
        raise MemlspError(str(exc.args[0]), reason="unknown-embedder") from None
