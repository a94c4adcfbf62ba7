"""Fingerprints of what every shipped rule file compiles to, under its presets and options.

A change to the pattern notation must leave the shipped files' meaning alone: each
configuration below (a rule set with a preset or options) compiles to the same special-hand
variants, item patterns and distance targets as before. ``tests/data/variant_fingerprints.json``
holds their fingerprints as the code compiled them when the file was written; run this
module to write it again (only on code whose variants are known to be right)::

    PYTHONPATH=src python tests/variants.py tests/data/variant_fingerprints.json
"""

from __future__ import annotations

import functools
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import mjscore
from mjscore.distances.targets import distance_targets
from mjscore.rules.hands import SpecialHand, pattern_variants

FINGERPRINTS = Path(__file__).resolve().parent / "data" / "variant_fingerprints.json"


def configurations() -> Iterator[tuple[str, str, dict[str, object]]]:
    """Each (label, rule set, load_rules keywords) to compare: the defaults, every preset,
    every global true/false option flipped alone, every hand option a rule set's hands
    declare set for all of them (alone, then all at once), every chow limit with and
    without its exception, and each preset with the options that reshape hands."""
    for name in mjscore.rulesets():
        rules = mjscore.load_rules(name)
        options = dict(rules.options)
        yield f"{name}", name, {}
        flips = sorted(k for k, v in options.items() if isinstance(v, bool) and "." not in k)
        for key in flips:
            yield f"{name} {key}={not options[key]}", name, {key: not options[key]}
        bare = sorted({k.split(".", 1)[1] for k in options if "." in k})
        for key in bare:
            yield f"{name} all {key}=True", name, {key: True}
        if bare:
            yield f"{name} all hand options True", name, dict.fromkeys(bare, True)
        if "max-chows" in options:
            for limit in range(4):
                for exception in (True, False):
                    yield (f"{name} max-chows={limit} max-chows-exception={exception}", name,
                           {"max-chows": limit, "max-chows-exception": exception})
        if "no-mixed-suits" in options:
            yield f"{name} no-mixed-suits=True allow-melded=True", name, {"no-mixed-suits": True,
                                                                          "allow-melded": True}
            yield f"{name} no-mixed-suits=True max-chows=1", name, {"no-mixed-suits": True, "max-chows": 1}
        for preset in rules.presets:
            yield f"{name} preset={preset.name}", name, {"preset": preset.name}
            for key in ("allow-seven-pairs", "no-chows", "allow-melded"):
                if key in bare:
                    yield f"{name} preset={preset.name} all {key}=True", name, {"preset": preset.name, key: True}
            if "max-chows" in options:
                yield f"{name} preset={preset.name} max-chows=1", name, {"preset": preset.name, "max-chows": 1}


def fingerprint(rules: mjscore.RuleSet) -> dict[str, object]:
    """What a loaded rule set compiled its patterns to: counts, and a digest of it all in order
    (each hand's variants and distance targets, the item patterns)."""
    tables = rules.hand_tables
    hands = [(hand.id, _hand_digest(hand)) for hand in rules.hands]
    # the item patterns without the fact bit each sets: bits follow the facts' numbering
    text = repr((hands, [variant for _, variant in tables.item_patterns], tables.situational))
    return {"quant": len(tables.quant), "fixed": sum(len(v) for v in tables.fixed.values()),
            "items": len(tables.item_patterns), "hands": len(hands),
            "sha256": hashlib.sha256(text.encode()).hexdigest()}


@functools.cache
def _hand_digest(hand: SpecialHand) -> str:
    """A digest of one hand's variants, form by form, and of its distance targets, as the hand
    would compile first in a rule set (most hands are the same under most options)."""
    variants = [pattern_variants(hand, 0, form) for form in hand.forms]
    _, targets = distance_targets((hand,))
    return hashlib.sha256(repr((variants, targets)).encode()).hexdigest()


def load(name: str, keywords: dict[str, object]) -> mjscore.RuleSet:
    """The rule set under the options, with the option names spelt as Python keywords."""
    return mjscore.load_rules(name, {k: v for k, v in keywords.items() if k != "preset"},
                              **({"preset": keywords["preset"]} if "preset" in keywords else {}))


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else FINGERPRINTS
    prints = {label: fingerprint(load(name, keywords)) for label, name, keywords in configurations()}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(prints)} configurations -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
