"""How each setting's raw value — JSON from the editor, a string from the environment — is
checked and converted (:data:`memlsp.core.settings.COERCE` names one per key). Each
returns a converter raising ValueError that says what the value must be.
Must not import pygls, lsprotocol or an adapter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def choice(allowed: tuple[str, ...]) -> Callable[[Any], Any]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}")
        return value

    return check


def whole(minimum: int, what: str = "whole number") -> Callable[[Any], Any]:
    """Integers (or digit strings from the environment) of at least ``minimum``."""

    def check(value: Any) -> int:
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            qualifier = "non-negative" if minimum == 0 else "positive"
            raise ValueError(f"must be a {qualifier} {what}")
        return value

    return check


def real(*, positive: bool, what: str = "number") -> Callable[[Any], Any]:
    """Numbers (or numeric strings) >= 0, or > 0 when ``positive``."""

    def check(value: Any) -> float:
        if isinstance(value, str):
            try:
                value = float(value.strip())
            except ValueError:
                raise ValueError(f"must be a {what}") from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"must be a {what}")
        if value < 0 or (positive and value == 0):
            raise ValueError(f"must be a {'positive' if positive else 'non-negative'} {what}")
        return float(value)

    return check


def optional_text(check_text: Callable[[str], bool], what: str) -> Callable[[Any], Any]:
    def check(value: Any) -> str | None:
        if value is None or value == "":
            return None
        if not isinstance(value, str) or not check_text(value):
            raise ValueError(f"must be {what}")
        return value

    return check


def model_id(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("must be a model id")
    return value.strip()


def flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError("must be true or false")
