"""Every shipped rule file compiles to the same special-hand variants as before pattern
notation's second edition (chows named by their lowest tile, offsets on number variables).

The fingerprints in ``tests/data/variant_fingerprints.json`` were written by
``tests/variants.py`` on the code before that change (commit "Fingerprints of the shipped
rule files' variants, from the unchanged code"); a new reading of the notation that
changes what a shipped file means shows here as a configuration whose digest differs.

The digests cover the distance targets too. They were written again after e82bab8 fixed
two of those (a run of singles repeating a tile, 1997; a fixed hand's chow limit): the
58 configurations of western, american and bmja with the exception off changed their
digests only, every count the same, and the variants (``rules/patterns.py``) untouched.
The three bmja configurations were written again when bmja's all pair honours stopped
counting four alike as two pairs (a change of the rule file, not of the notation): their
digests only, every count the same.
"""

from __future__ import annotations

import json

import pytest

from variants import FINGERPRINTS, configurations, fingerprint, load

EXPECTED: dict[str, dict[str, object]] = json.loads(FINGERPRINTS.read_text(encoding="utf-8"))
CONFIGURATIONS = list(configurations())


def test_every_configuration_has_a_fingerprint() -> None:
    assert sorted(label for label, _, _ in CONFIGURATIONS) == sorted(EXPECTED)
    assert len(EXPECTED) > 50  # every shipped file, its presets and the options that reshape hands


@pytest.mark.parametrize(("label", "name", "keywords"), CONFIGURATIONS, ids=[c[0] for c in CONFIGURATIONS])
def test_shipped_rule_file_compiles_to_the_same_variants(label: str, name: str, keywords: dict[str, object]) -> None:
    assert fingerprint(load(name, keywords)) == EXPECTED[label]
