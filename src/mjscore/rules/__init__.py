"""Rule sets as data: the shipped TOML files, the loader, and the compiled tables.

>>> from mjscore.rules import load_rules, rulesets
>>> "babcock" in rulesets()
True
>>> load_rules("babcock").limit
300
"""

from .loader import RULES_DIR, load_rules, rulesets
from .model import ItemRule, RuleSet, SetRule, Tables

__all__ = ["load_rules", "rulesets", "RuleSet", "SetRule", "ItemRule", "Tables", "RULES_DIR"]
