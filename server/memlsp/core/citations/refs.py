"""Citations in a note's frontmatter ``refs`` (SPEC R4, R29): ``{path, symbol?, line?}``
mappings or plain path strings, each with the exact range of its path and symbol text and
the lines its list item spans (so that a fix can remove it).

Pure: the standard library and PyYAML.
"""

from __future__ import annotations

import re

import yaml

from .citation import (
    KIND_FILE,
    KIND_FILE_SYMBOL,
    KIND_SYMBOL,
    Citation,
    RefSpan,
    SourceRange,
    normalise_path,
)

# libyaml when present (columns are still counted in characters); pure Python otherwise.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RE_FM_END = re.compile(r"^(?:---|\.\.\.)\s*$")


def split_frontmatter(text: str) -> tuple[list[str], int, int]:
    """The note's lines, the index of the opening ``---`` and of the closing one
    (``(lines, -1, -1)`` when there is no frontmatter)."""
    lines = text.split("\n")
    if not lines or lines[0].lstrip("\ufeff").rstrip() != "---":
        return lines, -1, -1
    for i in range(1, len(lines)):
        if _RE_FM_END.match(lines[i]):
            return lines, 0, i
    return lines, -1, -1


def _scalar_range(node: yaml.Node, lines: list[str], line_offset: int) -> SourceRange | None:
    if not isinstance(node, yaml.ScalarNode):
        return None
    sm, em = node.start_mark, node.end_mark
    line_no = sm.line + line_offset
    if line_no >= len(lines):
        return None
    line_text = lines[line_no]
    start = sm.column
    end = em.column if em.line == sm.line else len(line_text.rstrip())
    if node.style in ("'", '"') and end - start >= 2:
        start, end = start + 1, end - 1
    return SourceRange.on(line_no, line_text, start, end)


def refs_citations(lines: list[str], fm_start: int, fm_end: int) -> list[Citation]:
    """The ``refs`` items of the frontmatter between the ``---`` lines ``fm_start`` and
    ``fm_end`` of ``lines`` (see :func:`split_frontmatter`), in order."""
    fm_text = "\n".join(lines[fm_start + 1 : fm_end])
    if "refs" not in fm_text:
        return []
    try:
        root = yaml.compose(fm_text, Loader=_LOADER)
    except yaml.YAMLError:
        return []
    if not isinstance(root, yaml.MappingNode):
        return []
    seq = next(
        (v for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == "refs"), None
    )
    if not isinstance(seq, yaml.SequenceNode):
        return []
    offset = fm_start + 1
    out: list[Citation] = []
    items = seq.value
    for i, item in enumerate(items):
        first = item.start_mark.line + offset
        if seq.flow_style:
            span = RefSpan(i, first, first + 1, True)
        else:
            # The item starts on the line of its "- " marker and runs to the next item.
            nxt = items[i + 1].start_mark.line + offset if i + 1 < len(items) else None
            end = nxt if nxt is not None else _block_end(lines, first, fm_end)
            span = RefSpan(i, first, end, False)
        fields: dict[str, yaml.Node] = {}
        if isinstance(item, yaml.ScalarNode):
            fields["path"] = item
        elif isinstance(item, yaml.MappingNode):
            for k, v in item.value:
                if isinstance(k, yaml.ScalarNode) and k.value in ("path", "symbol", "line"):
                    fields[k.value] = v
        else:
            continue
        path = symbol = None
        line = None
        path_range = symbol_range = None
        if isinstance(fields.get("path"), yaml.ScalarNode) and str(fields["path"].value).strip():
            raw = str(fields["path"].value).strip()
            m = re.match(r"^(.*?)(?::(\d+))?$", raw)
            path = normalise_path(m.group(1) if m else raw)
            if m and m.group(2):
                line = int(m.group(2))
            path_range = _scalar_range(fields["path"], lines, offset)
        if (
            isinstance(fields.get("symbol"), yaml.ScalarNode)
            and str(fields["symbol"].value).strip()
        ):
            symbol = str(fields["symbol"].value).strip()
            symbol_range = _scalar_range(fields["symbol"], lines, offset)
        if isinstance(fields.get("line"), yaml.ScalarNode):
            try:
                line = int(fields["line"].value)
            except ValueError:
                pass
        if not path and not symbol:
            continue
        if path and path.startswith(("/", "~", "../")):
            continue
        kind = KIND_FILE_SYMBOL if path and symbol else KIND_FILE if path else KIND_SYMBOL
        rng = path_range or symbol_range
        if rng is None:
            continue
        text = lines[rng.line][rng.start_cp : rng.end_cp]
        out.append(
            Citation(
                kind=kind,
                path=path,
                symbol=symbol,
                line=line,
                range=rng,
                origin="refs",
                text=text,
                path_range=path_range,
                symbol_range=symbol_range,
                ref=span,
            )
        )
    return out


def _block_end(lines: list[str], first: int, fm_end: int) -> int:
    """The line after the last one of a block item that starts at ``first``."""
    indent = len(lines[first]) - len(lines[first].lstrip())
    j = first + 1
    while j < fm_end:
        stripped = lines[j].lstrip()
        if stripped and (len(lines[j]) - len(stripped)) <= indent:
            break
        j += 1
    return j


__all__ = ["refs_citations", "split_frontmatter"]
