"""President (Scum) and its family, Forseti included: rules P1–P30."""

from ...engine.registry import register
from .preset import PresidentRules, PresidentVariant
from .state import PresidentGame

register("president", PresidentGame, PresidentVariant)

__all__ = ["PresidentGame", "PresidentRules", "PresidentVariant"]
