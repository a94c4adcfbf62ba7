# C-level special-hand matcher: the compiled patterns of one rule set
# (mjscore.rules.hands.HandTables) as flat C arrays, and the matching functions the
# scoring kernel calls inside its nogil loop. mjscore.rules.matching is the reference.
from libc.stdint cimport int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t

from mjscore.core._bits cimport M_HONOURS, mj_at_least34, mj_popcount64

cdef enum:
    FORM_STANDARD = 0
    FORM_PAIRS = 1          # seven distinct pairs
    FORM_PAIRS_KONGS = 2    # seven pairs, four alike counting as two
    ALL_FORMS = 7           # bit f: form f
    MAX_HANDS_MATCHED = 16  # rules.hands.MAX_MATCHED
    MAX_FIXED = 64          # fixed variants one hand's tiles can make, at most
    MAX_CANDIDATES = 1024   # variants kept by the per-row filter; more: every variant is tried

ctypedef struct Requirement:
    uint64_t masks[4]       # allowed first tiles per kind (chow, pung, kong, pair)
    int count
    int concealed
    uint64_t tiles          # every tile its groups may hold
    int copies              # 2 or 3: its groups need `count` tiles held this often; 0: no such test

ctypedef struct Variant:
    int32_t hand            # for an item pattern: the fact bit it sets
    int form
    int max_chows
    int first               # its requirements: reqs[first : first + n]
    int n
    uint64_t allowed
    uint64_t required
    int min_threes          # kinds a row must hold three times or more (its pung/kong groups)
    uint64_t threes_tiles   # the tiles those groups may hold: min_threes of them held 3+ times
    int max_kinds           # the most kinds its groups hold (a chow three, any other group one)
    int kong_groups         # its groups only a kong fills: a reading's kongs are its declared
                            # melds (a decomposition of the concealed tiles has none, nor
                            # has a reading as pairs)
    # c_fits' table: per group kind (chow, pung, kong, pair) and first tile, at
    # [34 * kind + tile], the requirements (bit j, the first 16) such a group may fill if
    # concealed; those that take an exposed one too are `open_reqs`
    const uint16_t* fit
    uint16_t open_reqs

ctypedef struct Fixed:
    int32_t hand
    uint64_t win_tiles
    uint8_t melds[4]        # meld bytes its groups allow (0xFF: none), sorted
    uint8_t kongs[4]        # tiles of its kong groups (0xFF: none)
    uint8_t held_kongs      # bit j: kongs[j] is marked concealed (FixedVariant.held_kongs), which
                            # a claimed kong does not stand for

ctypedef struct FixedSlot:
    # A slot of the fixed variants' hash, keyed by the counts they need: 32 bytes, two a
    # cache line, holding its first variant's hand and winning tiles, so a row making a
    # fixed-shape hand reads one line when its counts make one variant and it declares
    # no meld to match (most do), where the slot's key, count and first variant lay in
    # three arrays and the variant in a fourth: a chain of misses (western's fixed hands
    # are 35,000 count vectors, a row of them far from the cache when met among rows
    # of sets).
    uint64_t key[2]         # the packed counts (_pack); all zero in an empty slot
    uint64_t win_tiles      # of its first variant, fixed[first]
    uint32_t first          # its variants are fixed[first : first + count]
    uint16_t count          # (0: the slot is empty)
    int16_t hand            # of its first variant (a hand's index, as Best and the readings keep it)

ctypedef struct FixedHit:
    # A fixed variant a row's counts make (c_fixed): its index in Patterns.fixed, hand and
    # winning tiles.
    int32_t entry
    int32_t hand
    uint64_t win_tiles

ctypedef struct Situational:
    uint64_t need           # a situational hand's row facts (its when & ROW_FACTS)
    uint64_t forbid         # and those it may not hold (its unless & ROW_FACTS)
    int32_t hand
    int32_t concealed       # it needs a concealed hand


ctypedef struct VariantIndex:
    # Per byte of a kinds mask (tiles 8b to 8b + 7) by the byte's value, bit v for each
    # variant v allowing every kind the byte holds: five loads for a row's kinds.
    uint64_t by_byte[5][256]
    # The variants needing at most k kinds held three times or more (k up to 7).
    uint64_t upto[8]
    # The variants whose groups may hold k kinds (k up to 34): a seven pairs or a hand of
    # pungs needs few, where most rows hold eight or more.
    uint64_t kinds_upto[35]
    # The variants of a set of forms (index bit f: FORM_STANDARD, FORM_PAIRS,
    # FORM_PAIRS_KONGS): a row that reads as no seven pairs looks only at the standard ones.
    uint64_t of_forms[8]
    # By the honours a row holds three times or more (bits 27-33 of its threes), the
    # variants whose honour pungs it may hold (_honour_pungs_may): a hand of pungs of
    # dragons (or winds) is ruled out for most rows by one load.
    uint64_t honour_threes[128]
    # The variants with at most k groups only a kong fills (k up to 4): a reading's kongs
    # are its declared melds, so a row declaring none makes no hand of four kongs.
    uint64_t kongs_upto[5]


ctypedef struct Patterns:
    int n_hands
    const uint64_t* when
    const uint64_t* unless
    const uint8_t* win_tile
    const uint8_t* concealed
    const uint8_t* exact    # per hand: it scores exactly its share of the limit
    const int32_t* values   # per hand: points, doubles, share num, share den; exposed, then concealed
    int n_quant
    Variant* quant
    int n_items
    Variant* items
    Requirement* reqs
    uint16_t* fit_block     # every variant's Variant.fit (4 * 34 each, quant then items)
    int n_situational
    int32_t* situational
    Situational* situational_rows   # the same hands, with what each needs of a row's facts
    # With at most 64 situational hands: per byte of the row facts that some of them read
    # (situational_bytes of them, at situational_byte[j]), by that byte's value, the
    # hands (bit k: situational[k]) it rules out; OR-ed over a row's bytes, those left are
    # its candidates (the exposed ones less situational_concealed).
    int situational_bytes
    uint8_t situational_byte[8]
    uint64_t* situational_out       # situational_bytes * 256 words
    uint64_t situational_concealed
    uint32_t n_slots        # the fixed hash table: power of two, 0 when no fixed hand
    FixedSlot* fixed_slots  # (32-byte aligned within fixed_block)
    void* fixed_block
    Fixed* fixed
    # Before it, a filter of the kinds-held masks of the fixed variants: two bits of one
    # word per mask (_presence_word, _presence_pair), so most rows end on one load and a
    # branch the predictor learns, and about one row of sets in seventy probes the table.
    uint32_t presence_bits_shift    # 64 - log2 of the filter's words
    uint64_t* presence_bits
    # Gates that let most rows skip the filters: the tiles the variants needing no pung may
    # use, and the fewest pungs the others need (quant, then items); the row facts some
    # situational hand needs (all ones when one needs none).
    uint64_t quant_loose
    int quant_threes
    uint64_t quant_threes_tiles  # every tile the others' pungs and kongs may hold
    uint64_t items_loose
    int items_threes
    uint64_t items_threes_tiles
    uint64_t situational_gate
    int has_pairs           # some variant is a hand of seven pairs
    # The first 64 quant and item variants indexed by kind; *_indexed: the index holds them all.
    VariantIndex quant_index
    VariantIndex items_index
    int quant_indexed
    int items_indexed
    # Both tables in one index where they fit together (quant variants at bits 0 to
    # n_quant - 1, then the items, any form): a row reads one index, not two.
    VariantIndex both_index
    int both_indexed
    # Per form f and k up to 7 (at [8 * f + k]), every tile the variants of that form
    # needing at most k pungs allow (k = 7: seven or more): a row holding a kind outside
    # them for its forms and pungs can fill none (c_forms_may_fill).
    uint64_t quant_loose_upto[24]
    uint64_t items_loose_upto[24]

cdef inline int c_may_fill(uint64_t loose, int threes_needed, uint64_t threes_tiles, uint64_t presence,
                           uint64_t threes) noexcept nogil:
    """Whether a row may fill some variant at all (so c_candidates is worth calling); ``threes``:
    the kinds it holds 3+ times."""
    return not (presence & ~loose) or mj_popcount64(threes & threes_tiles) >= threes_needed


cdef inline int c_forms_may_fill(const uint64_t* loose_upto, int forms, uint64_t presence,
                                 uint64_t threes) noexcept nogil:
    """Whether a row may fill some variant of ``forms`` (bit f: form f) needing no more
    pungs than it holds (``loose_upto``: Patterns.quant_loose_upto or items_loose_upto;
    ``threes``: the kinds it holds 3+ times): a test of a few instructions where most
    rows of a rule set whose hands need pungs end, before the candidate filter."""
    cdef int k = mj_popcount64(threes)
    if k > 7:
        k = 7
    return not (presence & ~(loose_upto[k] & -<uint64_t>(forms & 1) | loose_upto[8 + k] & -<uint64_t>((forms >> 1) & 1)
                             | loose_upto[16 + k] & -<uint64_t>((forms >> 2) & 1)))


cdef class CompiledPatterns:
    cdef Patterns p
    cdef object keep        # the arrays the pointers point into

cdef CompiledPatterns compiled_patterns(rules)

# Whether groups (kind, first tile, concealed per group) fill the variant's requirements.
cdef int c_fits(const Patterns* p, const Variant* v, uint64_t held, const uint8_t* kinds,
                const uint8_t* firsts, const uint8_t* concealed, int n) noexcept nogil
# c_fixed past its filter of kinds held (which let the row through).
cdef int c_fixed_lookup(const Patterns* p, const uint8_t* held_counts, const uint8_t* melds,
                        uint32_t claimed, FixedHit* out) noexcept nogil
# Start loading the hash slot c_fixed_lookup will read for these counts: a row the filter
# lets through reads a table far from the cache, so a caller with other work to do first
# (the row's decompositions) has the slot by the time it looks.
cdef void c_fixed_prefetch(const Patterns* p, const uint8_t* held_counts) noexcept nogil


cdef inline uint32_t _presence_word(uint64_t presence, uint32_t shift) noexcept nogil:
    """The filter's word of a kinds-held mask: the product's top bits."""
    return <uint32_t>((presence * <uint64_t>0x9E3779B97F4A7C15) >> shift)


cdef inline uint64_t _presence_pair(uint64_t presence) noexcept nogil:
    """The mask's two bits in its word, from another product's top twelve bits."""
    cdef uint64_t h = presence * <uint64_t>0xC2B2AE3D27D4EB4F
    return ((<uint64_t>1) << (h >> 58)) | ((<uint64_t>1) << ((h >> 52) & 63))


cdef inline int c_fixed_may(const Patterns* p, uint64_t presence) noexcept nogil:
    """c_fixed's filter of kinds held: 0 when no fixed variant holds just these kinds."""
    cdef uint64_t pair
    if not p.n_slots:
        return 0
    pair = _presence_pair(presence)
    return p.presence_bits[_presence_word(presence, p.presence_bits_shift)] & pair == pair


cdef inline int c_fixed(const Patterns* p, const uint8_t* held_counts, uint64_t presence,
                        const uint8_t* melds, uint32_t claimed, FixedHit* out) noexcept nogil:
    """The fixed variants the whole hand's counts (``held_counts``, melds included, kongs
    as four; ``presence`` its mask of kinds held) make with these meld bytes (0xFF:
    none); writes them into ``out`` (MAX_FIXED) and returns how many. Most rows stop at
    the filter of kinds held, read here in the caller (no call). ``claimed``, bit ``k``
    the row's ``k``-th meld: a claimed kong that stands for a kong of the grouping as a
    concealed kong does, save one marked concealed (0 unless the rule set's claimed kongs
    keep a hand concealed; matching.fixed_variants)."""
    if not c_fixed_may(p, presence):
        return 0
    return c_fixed_lookup(p, held_counts, melds, claimed, out)


# The variants of `variants` (n of them, sorted by min_threes; with `among`, the n
# variants it lists, ascending) one row can fill at all, by its tiles (`held` counts,
# melds included, their `presence` mask and `threes`, the kinds held 3+ times), the
# facts fixed for the row (`base`, the bits of `base_bits`) and its concealment: indices
# into `out` (MAX_CANDIDATES); the count, or -1 when more passed (then try them all).
# `is_item`: the variants are item patterns (no conditions).
cdef int c_candidates(const Patterns* p, const Variant* variants, const int16_t* among, int n,
                      int is_item, const uint8_t* held, uint64_t presence, uint64_t threes,
                      uint64_t base, uint64_t base_bits, int concealed_hand,
                      int16_t* out) noexcept nogil
# The same over a whole table (p.items with `is_item`, else p.quant): of its first 64
# variants those of `left` (c_index_left's), the rest (sorted by the pungs they need)
# tried in turn.
cdef int c_table_candidates(const Patterns* p, int is_item, uint64_t left, const uint8_t* held,
                            uint64_t presence, uint64_t threes, uint64_t base, uint64_t base_bits,
                            int concealed_hand, int16_t* out) noexcept nogil


cdef inline uint64_t c_index_left(const VariantIndex* index, int forms, int kongs, uint64_t presence,
                                  uint64_t threes) noexcept nogil:
    """Of a table's first 64 variants (bit v: variant v), those a row may fill: of `forms`
    (bit f: form f), allowing each kind it holds (`presence`), needing no more pungs than
    it holds (`threes`: its kinds held 3+ times) and no honour pung it lacks, no more kongs
    than it declares (`kongs`), holding as many kinds. A dozen loads and no branch: most
    rows of sets get none, and a caller that tests the result first skips the candidate
    search on a branch the predictor learns, where a gate on the row's masks passes a
    third of them (western's rows of sets, each then paying for the search)."""
    cdef int n_threes = mj_popcount64(threes)
    return (index.by_byte[0][presence & 0xFF] & index.by_byte[1][(presence >> 8) & 0xFF]
            & index.by_byte[2][(presence >> 16) & 0xFF] & index.by_byte[3][(presence >> 24) & 0xFF]
            & index.by_byte[4][(presence >> 32) & 0xFF] & index.upto[n_threes if n_threes < 7 else 7]
            & index.kinds_upto[mj_popcount64(presence)] & index.honour_threes[(threes >> 27) & 0x7F]
            & index.kongs_upto[kongs if kongs < 4 else 4] & index.of_forms[forms & 7])
# The variants any of several rows may fill, ignoring conditions: every row holds at least
# the kinds `presence` and at most those of `may_hold`, at most the kinds of `threes`
# (`twos`) 3+ (2+) times, and declares `kongs` kongs. A superset of each row's c_candidates
# (same order, out and -1 as there). `index`: the table's VariantIndex if it holds every
# variant (Patterns.quant_indexed), else NULL.
cdef int c_candidates_bound(const Patterns* p, const Variant* variants, int n, const VariantIndex* index,
                            int kongs, uint64_t presence, uint64_t may_hold, uint64_t threes, uint64_t twos,
                            int16_t* out) noexcept nogil
# Whether hand `h`'s situation and concealment hold.
cdef int c_conditions(const Patterns* p, int h, uint64_t facts, int win, int concealed_hand) noexcept nogil
# The same for the facts of `base_bits` alone (a filter that holds for every reading of a row).
cdef int c_row_conditions(const Patterns* p, int h, uint64_t base, uint64_t base_bits,
                          int concealed_hand) noexcept nogil
# Insert `h` into the sorted list `hands` of `n` (no duplicates, at most MAX_HANDS_MATCHED); the new n.
cdef int c_add_hand(int16_t* hands, int n, int h) noexcept nogil
