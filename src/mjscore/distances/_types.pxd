# The C types the distance kernels share (a target, one row, a family's buffers) and the
# small helpers their hot loops call: inline, so compiled into each module that cimports
# this file, which has no module of its own.
from libc.stdint cimport int8_t, int32_t, uint8_t, uint32_t, uint64_t

from mjscore.core._group_codes cimport G_CONCEALED_KONG, G_KONG, G_SINGLE, group_kind, group_tile

cdef enum:
    MAX_NEEDS = 8
    MAX_DIMS = 10
    MAX_RUNS = 4
    MAX_JOKER_USES = 1 << 16   # uses vectors of one joker target
    MAX_GROUPS = 16            # groups of an enumerated way that may hold jokers
    MAX_JOKERS = 8
    N_FREE = 25                # chows started one and two tiles back still free to take a joker
    MAX_USES = 4096            # uses vectors of one target (the product of count + 1)
    N_BACK = 25                # chows started one and two tiles back: 0-4 each
    NONE = 127                 # no way / unreachable
    MAX_KNIT_STATES = 256      # groups used per knit, all knits of a target (product of count + 1)
    MAX_KNIT_MOVES = 256
    POOL_ENTRIES = 1 << 25     # bytes of the per-suit memo's tables

cdef enum:
    GUARD = 0x820820820820820  # bit 5 of each six-bit digit (ten digits)

cdef enum:                     # how the per-row records combine a target's suits
    JOIN_SUM = 0               # every need in one suit: the four suits' entries added
    JOIN_PAIRS = 1             # needs across suits: two suits merged with two, then summed
    JOIN_CHOWS = 2             # a limit on chows: all merged, the whole table scanned
    JOIN_KNITS = 3             # knitted groups, number by number
    JOIN_WAYS = 4              # concrete ways, scanned

cdef enum:                     # knitted targets with a closed form (DTarget.knit_form)
    KNIT_PROGRAMME = 0         # none: the programme over the numbers
    KNIT_ONE = 1               # one knit: the largest gains per tile held
    KNIT_AND_PAIR = 2          # a knit over every suit and one group of a knit within them

cdef struct Moves:             # the choices of groups starting on one tile, for one target
    int first
    int n

cdef struct DTarget:
    int column
    int n_needs
    int dims
    int track_chows
    int max_chows
    int n_uses
    int radix[MAX_DIMS]
    int stride[MAX_DIMS]
    int count[MAX_NEEDS]
    uint64_t masks[MAX_NEEDS][G_SINGLE + 1]   # by group kind, chow to single
    uint8_t declarable[MAX_NEEDS]
    uint8_t claimed_only[MAX_NEEDS]   # a claimed kong may fill it though no exposed meld may (Need.claimed_only)
    uint8_t distinct[MAX_NEEDS]
    uint8_t fixed[34]
    uint64_t required
    int distinct_pairs
    int32_t profile[4]
    uint64_t count_packed      # each dimension's count (the chows': their limit), six bits each
    int packed_first           # where the target's uses, packed, start in ``packed_of``
    int busy[4]                # whether any need has groups in the suit (else its table is one number)
    uint32_t support[4]        # per suit, 3-bit fields of the tiles a way may hold (the memo reads only those)
    int separable              # every need's groups lie in one suit, no chow limit: the suits add up
    int home[MAX_NEEDS]        # (separable) the suit of each need's groups
    int first_triple           # its (a, b, a + b) index triples in ``triples``
    int n_triples
    Moves moves[34]
    int first_variant
    int n_variants
    int jokers                 # J for a joker target (0: a target for rows without jokers)
    int first_run              # the digit of the first run of singles; the jokers' is the last
    int n_runs
    int run_cap[MAX_RUNS]
    uint8_t tile_runs[34]      # the runs through each tile (bits)
    int chow_joker             # whether chows may hold a joker
    int n_free                 # N_FREE when they may and the target has chows, else 1
    uint64_t extra_limit       # the digits a row reads past the needs and chows: runs' caps, J
    int extra_index
    int n_knits                # a target of knitted groups (found by ``knitted``)
    int knit_states
    int knit_full              # the state with every knit's groups chosen
    int first_knit_move        # its moves in ``knit_put``/``knit_numbers``, transitions in ``knit_next``
    int n_knit_moves
    int first_knit_next
    uint64_t knit_plain        # tiles no knit touches with a fixed or required tile there
    int knit_suits             # the suits (bits) some knit touches
    int duplicate              # the same knitted target as an earlier one (its suits named the other way)
    int knit_form              # KNIT_ONE, KNIT_AND_PAIR, or KNIT_PROGRAMME
    int knit_count             # (closed forms) the groups of the first knit
    int knit_pair_suits        # (KNIT_AND_PAIR) the suits (bits) of the second knit's one group

cdef struct Row:               # what every target reads of one row, found once per row
    const uint8_t* held
    const uint8_t* melds       # its declared melds' bytes, n_melds of them
    int n_melds
    int claimed                # which of them are claimed kongs (bit k: the k-th)
    int melded_chows
    uint8_t meld_counts[34]
    uint8_t caps[34]           # what the declared melds leave of each tile's four
    bint touched[4]            # the suits a declared meld holds tiles of (their tables are not memoised)

cdef struct Ctx:               # the buffers and arrays of one family of targets
    const uint64_t* packed_of
    const int32_t* triples
    int8_t* work               # four suits' tables (when not memoised) and three merged tables
    int8_t* cur                # two state buffers, NONE everywhere between calls
    int8_t* nxt
    int32_t* live              # two lists of live states
    int32_t* next_live


cdef inline int suit_base(int suit) noexcept nogil:
    """The first tile of a suit (0-3: characters, dots, bamboo, honours)."""
    return 9 * suit


cdef inline int suit_width(int suit) noexcept nogil:
    return 7 if suit == 3 else 9


cdef inline bint within(uint64_t uses, uint64_t limit) noexcept nogil:
    """Every digit of ``uses`` at most the same digit of ``limit`` (digits below 32)."""
    return ((limit + <uint64_t>GUARD - uses) & <uint64_t>GUARD) == <uint64_t>GUARD


cdef inline bint fits(const DTarget* t, int j, uint8_t code, bint claimed, const int* left) noexcept nogil:
    """Whether a declared meld (its byte; ``claimed``: a claimed kong) may fill need ``j``
    with ``left`` groups still free."""
    cdef int kind = group_kind(code), tile = group_tile(code)
    cdef bint concealed = kind == G_CONCEALED_KONG
    if concealed:  # a kong all the same, which a need of concealed groups takes
        kind = G_KONG
    return left[j] > 0 and (t.masks[j][kind] >> tile) & 1 and (t.declarable[j] or concealed
                                                                 or claimed and t.claimed_only[j])
