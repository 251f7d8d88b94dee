"""Shanghai rummy (contract rummy): rules S1–S13."""

from ...engine.registry import register
from .preset import ShanghaiRules, ShanghaiVariant
from .state import ShanghaiGame

register("shanghai", ShanghaiGame, ShanghaiVariant)

__all__ = ["ShanghaiGame", "ShanghaiRules", "ShanghaiVariant"]
