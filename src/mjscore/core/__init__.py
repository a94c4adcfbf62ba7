"""The vocabulary every other folder speaks: tiles, groups and their codes, hands,
the context of a win, where jokers may stand, the hand notation, and the errors.

Owns: ``tile``, ``group_codes`` (and ``_group_codes.pxd``, the same codes for the
kernels), ``group``, ``hand``, ``context``, ``jokers``, ``notation``, ``errors``, and
``_bits.pxd`` (bit helpers the kernels share).

May import: nothing of the package outside this folder (it is the bottom layer).
"""
