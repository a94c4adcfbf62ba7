# The compiled fold (mjscore.score.fold) and what it knows of a row before it folds:
# the codes shared with Python (checked at import), the fact bits (looked up from
# mjscore.rules.facts at import), the groups and their atoms, the facts of a row's
# situation, tiles and sets, and a rule set's tables as flat C arrays, a reading scored
# against them and kept if it beats the best so far. The fact helpers and the fold of a
# reading's items are inline here: they run per row and per decomposition, where a call
# through the imported function table costs more than they do (the fold's special hands,
# which few readings reach, are c_fold_hands, out of line in _fold.pyx).
from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t, uint64_t

from mjscore.core._bits cimport M_HONOURS, mj_ctz64
from mjscore.core._group_codes cimport G_CHOW, G_PAIR

cdef enum:
    SHAPE_STANDARD = 0   # readings.SHAPE_CODES
    SHAPE_PAIRS = 1
    SHAPE_SPECIAL = 2
    SHAPE_LOSING = 3
    MAX_DECOMPOSITIONS = 64
    ANY_TILE = 255
    NO_TILE = 254

# Compile-time copies of the Python enums (so the C compiler can fold them); the
# module fails to import if they ever drift from mjscore.core.context/facts/errors.
cdef enum:
    W_SELF_DRAWN = 1
    W_DEALER = 2
    W_LAST_TILE = 4
    W_LAST_DISCARD = 8
    W_ROBBING = 16
    W_KONG_REPLACEMENT = 32
    W_BONUS_REPLACEMENT = 64
    W_KONG_ON_KONG = 128
    W_HEAVEN = 256
    W_EARTH = 512
    W_DECLARED = 1024
    W_WINNER = 2048
    A_SIMPLE = 0
    A_TERMINAL = 1
    A_DRAGON = 2
    A_SEAT = 3
    A_PREVAILING = 4
    A_DOUBLE = 5
    A_OTHER = 6
    S_OK = 0
    S_BAD_COUNT = 1
    S_WRONG_SIZE = 2
    S_NOT_WINNING = 3
    S_BAD_MELD = 4
    S_BAD_CONTEXT = 5
    S_BAD_NOTATION = 6        # never produced here: bulk readers of hand strings use it

ctypedef struct Group:
    int kind          # facts.Kind
    int tile          # first tile
    int concealed
    int atom          # facts.Atom

# Fact bits (mjscore.rules.facts.FACT_BITS), compile-time constants so the compiler folds
# them; _fold.pyx checks each against the vocabulary at import.
cdef extern from *:
    """
    #define MJ_F_WINNER (1ULL << 0)  /* winner */
    #define MJ_F_SELF_DRAWN (1ULL << 1)  /* self-drawn */
    #define MJ_F_DISCARD (1ULL << 2)  /* discard */
    #define MJ_F_REPLACEMENT (1ULL << 3)  /* replacement */
    #define MJ_F_KONG_REPLACEMENT (1ULL << 4)  /* kong-replacement */
    #define MJ_F_BONUS_REPLACEMENT (1ULL << 5)  /* bonus-replacement */
    #define MJ_F_KONG_ON_KONG (1ULL << 6)  /* kong-on-kong */
    #define MJ_F_ROBBING (1ULL << 7)  /* robbing-kong */
    #define MJ_F_LAST_TILE (1ULL << 8)  /* last-tile */
    #define MJ_F_LAST_DISCARD (1ULL << 9)  /* last-discard */
    #define MJ_F_HEAVEN (1ULL << 10)  /* heaven */
    #define MJ_F_EARTH (1ULL << 11)  /* earth */
    #define MJ_F_DECLARED (1ULL << 12)  /* declared-calling */
    #define MJ_F_ORIGINAL_CALL (1ULL << 13)  /* original-call */
    #define MJ_F_DEALER (1ULL << 14)  /* dealer */
    #define MJ_F_DEALER_STREAK (1ULL << 15)  /* dealer-streak */
    #define MJ_F_OWN_FLOWER (1ULL << 16)  /* own-flower */
    #define MJ_F_OWN_SEASON (1ULL << 17)  /* own-season */
    #define MJ_F_ALL_FLOWERS (1ULL << 18)  /* all-flowers */
    #define MJ_F_ALL_SEASONS (1ULL << 19)  /* all-seasons */
    #define MJ_F_ONE_CHANCE (1ULL << 20)  /* one-chance */
    #define MJ_F_SINGLE_WAIT (1ULL << 21)  /* single-wait */
    #define MJ_F_PUNG_WAIT (1ULL << 22)  /* pung-wait */
    #define MJ_F_PAIR_WAIT (1ULL << 23)  /* pair-wait */
    #define MJ_F_FOURTH_TILE (1ULL << 24)  /* fourth-tile */
    #define MJ_F_CONCEALED_HAND (1ULL << 25)  /* concealed-hand */
    #define MJ_F_CONCEALED_SETS (1ULL << 26)  /* concealed-sets */
    #define MJ_F_STANDARD (1ULL << 27)  /* standard */
    #define MJ_F_NO_CHOWS (1ULL << 28)  /* no-chows */
    #define MJ_F_ONE_CHOW (1ULL << 29)  /* one-chow */
    #define MJ_F_NO_KONGS (1ULL << 30)  /* no-kongs */
    #define MJ_F_FOUR_KONGS (1ULL << 31)  /* four-kongs */
    #define MJ_F_FOUR_TRIPLETS (1ULL << 32)  /* four-triplets */
    #define MJ_F_THREE_CONCEALED (1ULL << 33)  /* three-concealed-triplets */
    #define MJ_F_FOUR_CONCEALED (1ULL << 34)  /* four-concealed-triplets */
    #define MJ_F_CONSECUTIVE (1ULL << 35)  /* three-consecutive-chows */
    #define MJ_F_SUIT_HONOURS (1ULL << 36)  /* one-suit-with-honours */
    #define MJ_F_ONE_SUIT (1ULL << 37)  /* one-suit-only */
    #define MJ_F_ALL_HONOURS (1ULL << 38)  /* all-honours */
    #define MJ_F_ALL_SIMPLES (1ULL << 39)  /* all-simples */
    #define MJ_F_ALL_TERMINALS (1ULL << 40)  /* all-terminals */
    #define MJ_F_TERMINALS_HONOURS (1ULL << 41)  /* all-terminals-honours */
    #define MJ_F_EACH_SET (1ULL << 42)  /* terminal-or-honour-each-set */
    #define MJ_F_NO_JOKERS (1ULL << 43)  /* no-jokers */
    #define MJ_F_NO_POINTS (1ULL << 44)  /* no-points */
    #define MJ_F_NO_SET_POINTS (1ULL << 45)  /* no-set-points */
    """
    const uint64_t F_WINNER "MJ_F_WINNER"
    const uint64_t F_SELF_DRAWN "MJ_F_SELF_DRAWN"
    const uint64_t F_DISCARD "MJ_F_DISCARD"
    const uint64_t F_REPLACEMENT "MJ_F_REPLACEMENT"
    const uint64_t F_KONG_REPLACEMENT "MJ_F_KONG_REPLACEMENT"
    const uint64_t F_BONUS_REPLACEMENT "MJ_F_BONUS_REPLACEMENT"
    const uint64_t F_KONG_ON_KONG "MJ_F_KONG_ON_KONG"
    const uint64_t F_ROBBING "MJ_F_ROBBING"
    const uint64_t F_LAST_TILE "MJ_F_LAST_TILE"
    const uint64_t F_LAST_DISCARD "MJ_F_LAST_DISCARD"
    const uint64_t F_HEAVEN "MJ_F_HEAVEN"
    const uint64_t F_EARTH "MJ_F_EARTH"
    const uint64_t F_DECLARED "MJ_F_DECLARED"
    const uint64_t F_ORIGINAL_CALL "MJ_F_ORIGINAL_CALL"
    const uint64_t F_DEALER "MJ_F_DEALER"
    const uint64_t F_DEALER_STREAK "MJ_F_DEALER_STREAK"
    const uint64_t F_OWN_FLOWER "MJ_F_OWN_FLOWER"
    const uint64_t F_OWN_SEASON "MJ_F_OWN_SEASON"
    const uint64_t F_ALL_FLOWERS "MJ_F_ALL_FLOWERS"
    const uint64_t F_ALL_SEASONS "MJ_F_ALL_SEASONS"
    const uint64_t F_ONE_CHANCE "MJ_F_ONE_CHANCE"
    const uint64_t F_SINGLE_WAIT "MJ_F_SINGLE_WAIT"
    const uint64_t F_PUNG_WAIT "MJ_F_PUNG_WAIT"
    const uint64_t F_PAIR_WAIT "MJ_F_PAIR_WAIT"
    const uint64_t F_FOURTH_TILE "MJ_F_FOURTH_TILE"
    const uint64_t F_CONCEALED_HAND "MJ_F_CONCEALED_HAND"
    const uint64_t F_CONCEALED_SETS "MJ_F_CONCEALED_SETS"
    const uint64_t F_STANDARD "MJ_F_STANDARD"
    const uint64_t F_NO_CHOWS "MJ_F_NO_CHOWS"
    const uint64_t F_ONE_CHOW "MJ_F_ONE_CHOW"
    const uint64_t F_NO_KONGS "MJ_F_NO_KONGS"
    const uint64_t F_FOUR_KONGS "MJ_F_FOUR_KONGS"
    const uint64_t F_FOUR_TRIPLETS "MJ_F_FOUR_TRIPLETS"
    const uint64_t F_THREE_CONCEALED "MJ_F_THREE_CONCEALED"
    const uint64_t F_FOUR_CONCEALED "MJ_F_FOUR_CONCEALED"
    const uint64_t F_CONSECUTIVE "MJ_F_CONSECUTIVE"
    const uint64_t F_SUIT_HONOURS "MJ_F_SUIT_HONOURS"
    const uint64_t F_ONE_SUIT "MJ_F_ONE_SUIT"
    const uint64_t F_ALL_HONOURS "MJ_F_ALL_HONOURS"
    const uint64_t F_ALL_SIMPLES "MJ_F_ALL_SIMPLES"
    const uint64_t F_ALL_TERMINALS "MJ_F_ALL_TERMINALS"
    const uint64_t F_TERMINALS_HONOURS "MJ_F_TERMINALS_HONOURS"
    const uint64_t F_EACH_SET "MJ_F_EACH_SET"
    const uint64_t F_NO_JOKERS "MJ_F_NO_JOKERS"
    const uint64_t F_NO_POINTS "MJ_F_NO_POINTS"
    const uint64_t F_NO_SET_POINTS "MJ_F_NO_SET_POINTS"
# The context word's fields beyond the Flag bits (mjscore.core.context), checked at import.
cdef enum:
    MAX_CALLING_GATES = 32  # the gates of a calling hand's targets of sets (checked when compiled)
    GATE_WORDS = 7  # the words of one (rules.calling.GATE_WORDS, checked at import)
    # A calling hand's words start with the gates each profile may pass: of the kinds held,
    # count of declared kongs and whether MANY_SETS pungs or kongs are held
    # (rules.calling.gates_by_profile and its constants, checked at import).
    KINDS_PROFILES = 32
    KONG_COUNTS = 5
    MANY_SETS = 3
    SET_COUNTS = 2
    PROFILES = KINDS_PROFILES * KONG_COUNTS * SET_COUNTS
    GATE_ROW = PROFILES + GATE_WORDS * MAX_CALLING_GATES  # a calling hand's words
    FLOWER_SHIFT = 16
    SEASON_SHIFT = 20
    CLAIMED_SHIFT = 24
    STREAK_SHIFT = 28
# The facts fixed for a whole row (its situation, its tiles, its concealment): a special
# hand that needs one of them otherwise is left out before any reading is made.
cdef uint64_t BASE_FACTS

# A group's share of the decomposition facts, as 3-bit counters in one word, so a
# reading's counters are a plain sum over its groups (at most 5 per counter: no carry).
cdef enum:
    C_CHOWS = 0
    C_TRIPLETS = 3      # pungs and kongs
    C_KONGS = 6
    C_CONCEALED = 9     # concealed pungs and kongs
    C_DRAGONS = 12      # pungs and kongs of dragons
    C_WINDS = 15        # pungs and kongs of winds
    C_SIMPLES = 18      # groups of 2-8 only (atom simple)
    C_DRAGON_PAIRS = 21
    C_WIND_PAIRS = 24

cdef uint32_t FOUND_COUNTERS[256]   # by group byte of a decomposition: a pung is concealed
cdef uint32_t MELD_COUNTERS[256]    # by group byte of a declared meld: a pung is exposed
# By either byte: a run 123/456/789 counted in 3 bits at field 3 * suit + rank // 3
# (counts, not bits: a reading adds its groups' entries, four of one run at most)
cdef uint32_t RUN_COUNTS[256]
# By decomposition byte, what a reading needs of its group (a byte that is no group: 0):
# its kind (G_CHOW, G_PUNG, G_PAIR), first tile, atom (A_ROW_WIND for a wind: that one
# depends on the row's winds) and the tiles it holds (bit t: tile t).
cdef enum:
    A_ROW_WIND = 7
cdef enum:
    WIND_SEAT = 0           # Tables.wind_points' rows
    WIND_PREVAILING = 1
    WIND_BOTH = 2
ctypedef struct FoundSums:
    uint32_t counters   # FOUND_COUNTERS
    uint32_t runs       # RUN_COUNTS
    int32_t points      # the group's set points and doubles, concealed
    int32_t doubles
cdef uint8_t FOUND_KIND[256]
cdef uint8_t FOUND_TILE[256]
cdef uint8_t FOUND_ATOM[256]
cdef uint64_t FOUND_HOLDS[256]
# By meld byte, the meld a row declares (A_ROW_WIND as above).
ctypedef struct MeldInfo:
    uint8_t n           # its tiles, 3 or 4; 0 for a byte that is no meld
    uint8_t kind        # G_CHOW, G_PUNG or G_KONG
    uint8_t tile        # its first tile
    uint8_t concealed
    uint8_t atom
cdef MeldInfo MELD_INFO[256]
cdef enum:
    CONTEXT_WORDS = 4096            # the context word's 12 flag bits
cdef uint64_t CONTEXT_FACTS[4096]   # by context word: its facts (a table: a dozen tests per row otherwise)
cdef uint64_t TILE_FACTS[64]        # by _kinds_profile: the tile-class facts of the kinds held
cdef uint8_t SUIT_PROFILE[3][512]   # by suit and its ranks held (bit r): its share of _kinds_profile



cdef inline int _atom(int kind, int tile, int seat, int prevailing) noexcept nogil:
    cdef int rank
    if tile >= 31:
        return A_DRAGON
    if tile >= 27:
        if tile == seat and tile == prevailing:
            return A_DOUBLE
        if tile == seat:
            return A_SEAT
        return A_PREVAILING if tile == prevailing else A_OTHER
    rank = tile % 9
    if kind == G_CHOW:
        return A_TERMINAL if rank == 0 or rank == 6 else A_SIMPLE
    return A_TERMINAL if rank == 0 or rank == 8 else A_SIMPLE


cdef enum:
    COUNTER_HIGH_BITS = 0x4924924   # the high bit of each of the nine 3-bit counters


cdef inline int _counter(uint32_t counters, int field) noexcept nogil:
    return (counters >> field) & 7


cdef inline uint64_t _concealed_facts(int concealed) noexcept nogil:
    if concealed == 3:
        return F_THREE_CONCEALED
    return F_FOUR_CONCEALED if concealed == 4 else 0


cdef inline int _wait_one_chance(int kind, int first, int tile) noexcept nogil:
    """The tile fills a pair, the middle of a run, or 3 of 1-2 / 7 of 8-9 (wait_role), in a
    group of ``kind`` whose first tile is ``first``."""
    cdef int offset
    if kind == G_PAIR:
        return 1
    if kind != G_CHOW:
        return 0
    offset = tile - first
    if offset == 1:
        return 1
    return (offset == 2 and first % 9 == 0) or (offset == 0 and first % 9 == 6)



cdef inline uint64_t _tile_facts(uint64_t held) noexcept nogil:
    """Tile-class facts from the mask of the kinds the whole hand holds."""
    return TILE_FACTS[_kinds_profile(held)]


cdef inline int _kinds_profile(uint64_t held) noexcept nogil:
    """Which suits (bits 0-2), whether honours (3), suited 2-8s (4) and suited 1s or 9s (5)
    a mask of kinds holds: the tile-class facts' index and, in its five low bits,
    rules.calling.profile. (Each suit's share by table: one load where its three tests
    would branch or set a flag each.)"""
    return (SUIT_PROFILE[0][held & 0x1FF] | SUIT_PROFILE[1][(held >> 9) & 0x1FF]
            | SUIT_PROFILE[2][(held >> 18) & 0x1FF] | (held & M_HONOURS != 0) << 3)


cdef inline uint64_t _context_facts(uint32_t w) noexcept nogil:
    """The facts of the context word ``w`` (``mjscore.core.context.Flag`` bits)."""
    return CONTEXT_FACTS[w & (CONTEXT_WORDS - 1)]


cdef inline uint64_t _row_facts(uint32_t w, int seat, int exposed, int streak_needed) noexcept nogil:
    """The facts of a row's bonus tiles, dealer's streak and original call, from its context
    word, seat wind (27-30), exposed melds and the rule set's ``dealer-streak`` (0: none)."""
    cdef uint64_t facts = 0
    cdef uint32_t flowers = (w >> FLOWER_SHIFT) & 0xF, seasons = (w >> SEASON_SHIFT) & 0xF
    if w >> FLOWER_SHIFT == 0 and not w & W_DECLARED:
        return 0  # no bonus tile, claimed kong, streak or call: most rows
    if flowers >> (seat - 27) & 1: facts |= F_OWN_FLOWER
    if seasons >> (seat - 27) & 1: facts |= F_OWN_SEASON
    if flowers == 0xF: facts |= F_ALL_FLOWERS
    if seasons == 0xF: facts |= F_ALL_SEASONS
    # at the end: a winning discard (a robbed kong's tile too) has exposed one more meld
    if w & W_DECLARED and exposed + (w & W_WINNER != 0 and w & W_SELF_DRAWN == 0) < 3:
        facts |= F_ORIGINAL_CALL
    if (streak_needed and w & W_WINNER and w & W_DEALER
            and <int>(w >> STREAK_SHIFT) >= streak_needed): facts |= F_DEALER_STREAK
    return facts


cdef inline int _bonus_count(uint32_t w) noexcept nogil:
    """The flowers and seasons a context word says the player holds."""
    cdef uint32_t b = (w >> FLOWER_SHIFT) & 0xFF
    b = b - ((b >> 1) & 0x55)
    b = (b & 0x33) + ((b >> 2) & 0x33)
    return <int>((b + (b >> 4)) & 0x0F)


from libc.stdint cimport INT64_MAX, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy

from mjscore.rules._pattern_kernel cimport MAX_HANDS_MATCHED, Patterns

ctypedef struct ItemSums:  # the points and doubles of a byte of items, read together
    int32_t points
    int32_t doubles


cdef enum:
    FEW_EXCLUDERS = 4


ctypedef struct Tables:
    const int32_t* set_points     # [kind][concealed][atom], 4 x 2 x 7
    const int32_t* set_doubles
    const uint64_t* when
    const uint64_t* unless
    const uint64_t* item_tiles    # the winning tiles each item accepts (all 34 bits: any)
    const int32_t* points
    const int32_t* doubles
    const uint64_t* excludes
    const uint8_t* late
    const uint8_t* base
    int n_items
    int64_t limit
    int64_t cap            # the most a points-based total reaches: the limit, or (roof-off) 2**31 - 1
    uint64_t per_bonus     # items counted once per bonus tile held
    int claimed_concealed  # claimed-kongs = "concealed"
    int streak             # the rule set's dealer-streak (0: none)
    int roof_off           # no cap: a reading worth a whole limit beats any points-based one
    int n_calling          # its calling hands, each decided by a rule set of its own
    const int32_t* calling          # their indices among the special hands
    const void** calling_tables     # their deciding rule sets' Tables (const Tables*)
    const uint64_t* calling_gates   # per calling hand, GATE_ROW words: the gates by profile, then
                                    # the gates, GATE_WORDS words each (rules.calling.calling_gates)
    const uint64_t* calling_near    # their hash tables of near presences (rules.calling.near_presences),
    const int64_t* calling_near_starts  # one after another: where each starts (n_calling + 1)
    const uint64_t* calling_by_profile  # per profile word (PROFILES), the calling hands (bit k) it may be near
    uint64_t calling_conditional    # the calling hands (bit k) with facts in their when or unless
    const uint8_t* runless          # per special hand: no chow or singles (hands.HandTables.runless)
    int shapes
    int losers
    int stack              # special-hands = "stack": every special hand made scores
    int share_alone        # special-value = "share": a reading only of a special hand earns its share
    int required           # special-required: only readings making a special hand win
    uint64_t plain_needs   # facts a reading making no special hand needs one of (0: none)
    const Patterns* pat
    int max_chows          # 4 when the rule set sets no limit
    uint64_t used          # every fact some item names: the others need not be computed
    uint64_t late_items    # items that need the no-points fact
    uint64_t items[2]      # every item: [0] for a hand without bonus tiles (none counted per
                           # bonus tile), [1] with them
    uint64_t late_gate     # a late item can match only if the facts hold one of these
    uint64_t scoring_items  # items with points that are not base points: one applied, a hand is not bare
    int any_excludes
    int jokers             # where jokers may stand (mjscore.core.jokers.JokerUse); 0: no jokers
    uint64_t no_jokers     # the no-jokers fact for a hand without jokers (0 when jokers are off)
    # Item matching by table lookup, one table per byte of the fact word: the items
    # whose `when` facts within that byte are all present and whose `unless` facts
    # within it are all absent. AND over the 8 bytes gives the matching items.
    uint64_t allowed[8][256]
    uint64_t tile_allowed[256]   # items whose win-tile condition holds for this tile
    # The points and doubles of the items applied, summed a byte of the item mask at a
    # time (item_bytes bytes): a fixed loop, where one per item ends on the data.
    int item_bytes
    ItemSums sums_by_byte[8][256]
    # The items those applied exclude (OR of their excludes), by byte in the same way;
    # where 1 to FEW_EXCLUDERS items exclude others (every shipped rule set: none or one),
    # their number, each of them and what it excludes instead (no table lines to load).
    uint64_t excludes_by_byte[8][256]
    int few_excluders
    int excluder[FEW_EXCLUDERS]
    uint64_t excluded_by[FEW_EXCLUDERS]
    # Items with ``holds`` (model.Tables.holds): the fact bit each sets on a reading whose
    # counters reach its needs, the fewest of each counter in that counter's 3 bits.
    int n_holds
    const uint64_t* holds_bit
    const uint32_t* holds_need
    # By decomposition byte, what its group adds to a reading, concealed, in one 16-byte
    # entry (a reading sums five of them, without a branch): all zero for a byte that is
    # no group; a wind's set points as another player's wind, which is what its atom is
    # unless the row's own winds say otherwise (wind_points).
    FoundSums found[256]
    # The row's own winds: what a concealed pair (count 2) or pung (count 3) of the seat
    # wind (WIND_SEAT), the prevailing wind, or the wind both are, adds to the set
    # points and doubles found[] gives it; 0 for other counts. A decomposition holds a
    # wind's count as one group, so a row adds this once for all its readings.
    int32_t wind_points[3][8]
    int32_t wind_doubles[3][8]

cdef inline void _row_winds(const Tables* r, const uint8_t* c, int seat, int prevailing, int64_t* points,
                            int64_t* doubles) noexcept nogil:
    """What the concealed groups of the row's own winds add to any of its standard
    readings beyond their found[] entries (Tables.wind_points)."""
    cdef int both = seat == prevailing  # (no branch on it: it is data)
    if 27 <= seat <= 30:  # (always, but for a caller's odd winds)
        points[0] += r.wind_points[WIND_SEAT + 2 * both][c[seat]]
        doubles[0] += r.wind_doubles[WIND_SEAT + 2 * both][c[seat]]
    if 27 <= prevailing <= 30:
        points[0] += r.wind_points[WIND_PREVAILING][c[prevailing]] * (1 - both)
        doubles[0] += r.wind_doubles[WIND_PREVAILING][c[prevailing]] * (1 - both)


cdef inline int _claimed_count(uint32_t w) noexcept nogil:
    """The claimed kongs a context word marks among the row's melds."""
    # the bits set in each 4-bit value, one hex digit each (digit b: popcount(b))
    return <int>((<uint64_t>0x4332322132212110 >> (4 * ((w >> CLAIMED_SHIFT) & 0xF))) & 0xF)


cdef inline int _open_melds(const Tables* r, uint32_t w, int exposed) noexcept nogil:
    """Of a row's ``exposed`` melds, those that open the hand (a claimed kong does not where
    the rule set says claimed-kongs = "concealed")."""
    return exposed - _claimed_count(w) if r.claimed_concealed else exposed


cdef inline uint64_t _situation_facts(const Tables* r, uint32_t w, int seat, int exposed) noexcept nogil:
    """The facts of a row's situation (readings._context_facts and _situation_facts): its
    context word, bonus tiles, streak, original call and concealment, ``exposed`` being
    its exposed melds (claimed kongs among them)."""
    return (_context_facts(w) | _row_facts(w, seat, exposed, r.streak)
            | (0 if _open_melds(r, w, exposed) else F_CONCEALED_HAND))


cdef inline bint _plain_wins(const Tables* r, uint64_t facts) noexcept nogil:
    """Whether a reading that makes no special hand goes out: not when special hands are
    required, and under the prohibition of mixed suits only in one suit or in honours."""
    return not r.required and (r.plain_needs == 0 or (facts & r.plain_needs) != 0)


ctypedef struct Best:
    int64_t total
    int special
    int bonus             # the row's flowers and seasons (set by the caller: items per bonus tile)
    int full              # the best reading is worth a whole limit or more (roof-off ranks it first)
    int found
    int64_t points
    int64_t doubles
    uint64_t applied
    # the reading being folded (set by the caller) and the best one's
    int reading[4]        # win tile, shape (readings.SHAPE_CODES), decomposition, group
    int best_reading[4]
    uint8_t groups[5]     # and a standard one's concealed groups (group bytes), NO_GROUP padded
    uint8_t best_groups[5]
    int n_matched         # the special hands the best reading made
    int16_t matched[MAX_HANDS_MATCHED]

cdef class CompiledRules:
    cdef Tables r
    cdef object arrays      # the arrays the pointers point into
    cdef const void** calling_tables

# The rule set's CompiledRules, built on first use and kept in rules.caches.
cdef CompiledRules compiled_rules(rules)

# The fold's special hands (c_fold past a reading's items): out of line, where few readings go.
cdef void c_fold_hands(const Tables* r, int64_t points, int64_t doubles, uint64_t applied, uint64_t facts,
                       const int16_t* hands, int n_hands, Best* best) noexcept nogil


cdef inline int _cell_of(int kind, int concealed, int atom) noexcept nogil:
    """A group's index in the set tables (kind x concealed x atom)."""
    return (kind * 2 + concealed) * 7 + atom


cdef inline int _cell(const Group* g) noexcept nogil:
    return _cell_of(g.kind, g.concealed, g.atom)


cdef inline int64_t _capped_total(const Tables* r, int64_t points, int64_t doubles) noexcept nogil:
    """``points << doubles`` within the rule set's limit (step 5 of mjscore.score.fold, before
    a special hand's share): not above the limit, nor overflowing on the way."""
    if points <= 0:
        return points
    if doubles >= 62 or points > (INT64_MAX >> doubles):
        return r.cap
    return min(points << doubles, r.cap)


cdef inline void _add_sets(const Tables* r, const Group* g, int n, int64_t* points,
                           int64_t* doubles) noexcept nogil:
    """Add the set points and doubles of ``n`` groups."""
    cdef int i, cell
    for i in range(n):
        cell = _cell(&g[i])
        points[0] += r.set_points[cell]
        doubles[0] += r.set_doubles[cell]


cdef inline uint64_t _triplet_facts(const Tables* r, uint32_t counters) noexcept nogil:
    """The facts of the pungs and kongs (and pairs) among some groups, from their summed
    counters (readings._triplet_facts; the concealed-triplet facts aside), with the bits of
    the rule set's ``holds`` items they meet."""
    cdef uint64_t facts = 0
    cdef uint32_t need, low_ge, ge
    cdef int k
    if _counter(counters, C_KONGS) == 4: facts |= F_FOUR_KONGS
    if _counter(counters, C_TRIPLETS) == 4: facts |= F_FOUR_TRIPLETS
    for k in range(r.n_holds):
        # every counter at least its need, all at once: per 3-bit field, the high bits
        # decide, or tie and the low two bits decide (their difference, the high bit set
        # first, keeps that bit where no borrow is taken; no field borrows from the next)
        need = r.holds_need[k]
        low_ge = ((counters & ~COUNTER_HIGH_BITS) | COUNTER_HIGH_BITS) - (need & ~COUNTER_HIGH_BITS)
        ge = (counters & ~need) | (~(counters ^ need) & low_ge)
        facts |= r.holds_bit[k] & -<uint64_t>(ge & COUNTER_HIGH_BITS == COUNTER_HIGH_BITS)  # (no branch: data)
    return facts


cdef inline uint64_t _set_facts(const Tables* r, uint32_t counters, uint32_t runs) noexcept nogil:
    """The facts of a decomposition's sets from its summed counters and RUN_COUNTS (the
    concealed-triplet facts aside: those depend on which group the winning tile
    completed, see _concealed_facts)."""
    cdef uint64_t facts = F_STANDARD | _triplet_facts(r, counters)
    cdef int chows = _counter(counters, C_CHOWS), kongs = _counter(counters, C_KONGS)
    cdef uint32_t held = (runs | runs >> 1 | runs >> 2) & 0x09249249  # bit 0 of each field held
    # (no branches: each fact is data, a coin toss for the predictor)
    facts |= F_NO_CHOWS * (chows == 0) | F_ONE_CHOW * (chows == 1) | F_NO_KONGS * (kongs == 0)
    # a suit's three runs (fields 3 * suit, + 1, + 2: bits 9 * suit, + 3, + 6)
    facts |= F_CONSECUTIVE * ((held & 0x49 == 0x49) | (held & 0x9200 == 0x9200) | (held & 0x1240000 == 0x1240000))
    facts |= F_EACH_SET * (_counter(counters, C_SIMPLES) == 0)
    return facts


cdef inline uint64_t _matching(const Tables* r, uint64_t facts, int win, uint64_t candidates) noexcept nogil:
    """The items among ``candidates`` whose conditions hold."""
    cdef int b
    cdef uint64_t mask = candidates & r.tile_allowed[win]
    for b in range(8):
        mask &= r.allowed[b][(facts >> (8 * b)) & 0xFF]
    return mask


cdef inline uint64_t _without_excluded(const Tables* r, uint64_t mask) noexcept nogil:
    """``mask`` less the items its items exclude: of each of a few excluding items, or a
    byte of the mask at a time (fixed loops, where one per item would end on the data)."""
    cdef uint64_t excluded = 0
    cdef int k
    if not r.any_excludes:
        return mask
    if r.few_excluders:  # (as many each time: the loop's branch is learnt)
        for k in range(r.few_excluders):
            excluded |= r.excluded_by[k] * ((mask >> r.excluder[k]) & 1)
        return mask & ~excluded
    for k in range(r.item_bytes):
        excluded |= r.excludes_by_byte[k][(mask >> (8 * k)) & 0xFF]
    return mask & ~excluded


cdef inline void _finish(const Tables* r, int64_t points, int64_t doubles, uint64_t applied, int special,
                  int64_t num, int64_t den, int exact, const int16_t* matched, int n_matched,
                  Best* best) noexcept nogil:
    """The total of one reading (step 5 of mjscore.score.fold), kept if it beats ``best``."""
    cdef int64_t share, total = _capped_total(r, points, doubles)
    cdef int full = num != 0 and num >= den and special >= 0
    if num:
        share = (2 * r.limit * num + den) // (2 * den)
        if share > total or exact or full:
            total = share
    if not best.found or (full > best.full if r.roof_off and full != best.full else total > best.total):
        best.total = total
        best.full = full
        best.special = special
        best.found = 1
        best.points = points
        best.doubles = doubles
        best.applied = applied
        memcpy(best.best_reading, best.reading, sizeof(best.reading))
        memcpy(best.best_groups, best.groups, sizeof(best.groups))
        best.n_matched = n_matched
        memcpy(best.matched, matched, n_matched * sizeof(int16_t))


# Score one reading (mjscore.score.fold.score_reading) whose groups earn `set_points` and
# `set_doubles` and which makes the special `hands`, and keep it if it beats `best`.
cdef inline void c_fold(const Tables* r, int64_t set_points, int64_t set_doubles, uint64_t facts, int win,
                 const int16_t* hands, int n_hands, Best* best) noexcept nogil:
    cdef int i, k, bare
    cdef int64_t points = set_points, doubles = set_doubles
    cdef uint64_t early, late, applied, rest
    cdef uint64_t all_items = r.items[best.bonus != 0]  # one counted per bonus tile needs one
    early = _without_excluded(r, _matching(r, facts, win, all_items & ~r.late_items))
    if r.late_items:
        # (no branches: whether a reading is bare is data)
        bare = (set_points == 0) & ((early & r.scoring_items) == 0)
        facts |= F_NO_POINTS * bare | F_NO_SET_POINTS * (set_points == 0)
        # without a late item matching, the early ones exclude none of themselves
        late = _matching(r, facts, win, r.late_items & all_items) if facts & r.late_gate else 0
        applied = _without_excluded(r, early | late) if late else early
    else:
        applied = early
    if applied & r.per_bonus:
        rest = applied
        while rest:
            i = mj_ctz64(rest)
            rest &= rest - 1
            if (r.per_bonus >> i) & 1:
                points += r.points[i] * best.bonus
                doubles += r.doubles[i] * best.bonus
            else:
                points += r.points[i]
                doubles += r.doubles[i]
    else:  # no item counted per bonus tile: a plain sum, a byte of items at a time
        for k in range(r.item_bytes):
            points += r.sums_by_byte[k][(applied >> (8 * k)) & 0xFF].points
            doubles += r.sums_by_byte[k][(applied >> (8 * k)) & 0xFF].doubles
    if n_hands == 0:
        _finish(r, points, doubles, applied, -1, 0, 1, 0, hands, 0, best)
    else:
        c_fold_hands(r, points, doubles, applied, facts, hands, n_hands, best)
