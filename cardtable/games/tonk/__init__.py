"""Tonk (Tunk) and its house rules: rules T1–T13."""

from ...engine.registry import register
from .preset import TonkRules, TonkVariant
from .state import TonkGame
from .view import TonkView

register("tonk", TonkGame, TonkVariant)

__all__ = ["TonkGame", "TonkRules", "TonkVariant", "TonkView"]
