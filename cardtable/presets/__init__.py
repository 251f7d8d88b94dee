"""Presets: TOML files of house rules, validated by each family's pydantic model."""

from __future__ import annotations

from .loader import list_variants, load_variant, preset_path, validate_file
from .model import PlayerRange, VariantBase, describe_rules, value_text

__all__ = ["PlayerRange", "VariantBase", "describe_rules", "list_variants", "load_variant",
           "preset_path", "validate_file", "value_text"]
