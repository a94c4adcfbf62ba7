# Scoring a bulk row: its checks and melds, a hand that did not go out, and every
# reading of a complete row folded: each standard decomposition with each group the
# winning tile may have completed, seven pairs, and the special hands the patterns match
# (mjscore.score.readings); with a JokerFilter, only the readings that keep a
# substitution's jokers where they may stand (mjscore.score.jokers.readings). The
# byte-parallel helpers over 34 counts are inline C, compiled into each importer.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from mjscore.score._fold cimport Best, Tables
from mjscore.score._fold cimport Group
from mjscore.score.jokers._placement cimport JokerFilter
from mjscore.decompose._shapes cimport SuitLookup

# Every reading of a complete row (`c` its concealed counts, `held` with the melds'),
# folded into `best`; S_OK if one was found, else S_NOT_WINNING. With `jf`, `c` is the
# natural hand S a hand with jokers stands for, and only the readings `jf` allows count.
# `ahead`: the suit lookups of `c` (c_look_ahead), or NULL.
cdef int c_score_readings(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                          int prevailing, const Tables* r, const uint8_t* held, uint64_t presence,
                          const Group* melds, int n_melds, int exposed, int total, uint64_t base,
                          const JokerFilter* jf, Best* best, const SuitLookup* ahead) noexcept nogil


from libc.stdint cimport uint8_t, uint32_t, uint64_t

from mjscore.score._fold cimport Best, Tables
from mjscore.score._fold cimport Group

cdef extern from *:
    """
    #include <string.h>
    /* Byte-parallel helpers over a 34-count vector, eight counts per 64-bit word
       (little-endian layout assumed; big-endian builds take the plain loops). */
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    #define MJ_WORDWISE 0
    #else
    #define MJ_WORDWISE 1
    #endif
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    static inline unsigned long long mj_word(const unsigned char *p) {
        unsigned long long x; memcpy(&x, p, 8); return x;
    }
    /* Any count above 4: with SSE2 (every x86-64) the first 32 in two 16-byte registers
       (at most 4: min(count, 4) is the count), else bit-twiddling "hasmore(x, 4)". */
    static inline int mj_any_above4(const unsigned char *c) {
    #if defined(__SSE2__)
        const __m128i four = _mm_set1_epi8(4);
        __m128i a = _mm_loadu_si128((const __m128i *)c), b = _mm_loadu_si128((const __m128i *)(c + 16));
        return (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(a, four), a))
                & _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(b, four), b))) != 0xFFFF || c[32] > 4 || c[33] > 4;
    #else
        int t;
        if (MJ_WORDWISE) {
            const unsigned long long ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
            unsigned long long bad = 0;
            for (t = 0; t < 32; t += 8) { unsigned long long x = mj_word(c + t); bad |= ((x + ones * 123) | x) & high; }
            return bad != 0 || c[32] > 4 || c[33] > 4;
        }
        for (t = 0; t < 34; t++) if (c[t] > 4) return 1;
        return 0;
    #endif
    }
    /* Sum of counts that are each at most 4. */
    static inline int mj_sum34(const unsigned char *c) {
        int t, total = c[32] + c[33];
        if (MJ_WORDWISE) {
            for (t = 0; t < 32; t += 8) total += (int)((mj_word(c + t) * 0x0101010101010101ULL) >> 56);
            return total;
        }
        for (t = 0; t < 32; t++) total += c[t];
        return total;
    }
    /* Bit t set when count t is not zero (counts below 16): with SSE2 (every x86-64) the
       first 32 in two 16-byte registers, the last two from a third. */
    static inline unsigned long long mj_presence34(const unsigned char *c) {
    #if defined(__SSE2__)
        /* counts 32 and 33: the top two bytes of a third load, at c + 18 */
        const __m128i zero = _mm_setzero_si128();
        return ~((unsigned long long)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)c), zero))
                 | (unsigned long long)(unsigned)_mm_movemask_epi8(
                       _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(c + 16)), zero)) << 16
                 | (unsigned long long)((unsigned)_mm_movemask_epi8(
                       _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(c + 18)), zero)) >> 14) << 32)
               & 0x3FFFFFFFFULL;
    #else
        unsigned long long mask = ((unsigned long long)(c[32] != 0) << 32) | ((unsigned long long)(c[33] != 0) << 33);
        int t;
        if (MJ_WORDWISE) {
            for (t = 0; t < 32; t += 8) {
                unsigned long long x = mj_word(c + t);
                x = (x | x >> 1 | x >> 2 | x >> 3) & 0x0101010101010101ULL;
                mask |= ((x * 0x0102040810204080ULL) >> 56) << t;
            }
            return mask;
        }
        for (t = 0; t < 32; t++) mask |= (unsigned long long)(c[t] != 0) << t;
        return mask;
    #endif
    }
    """
    bint mj_any_above4(const uint8_t* c) noexcept nogil
    int mj_sum34(const uint8_t* c) noexcept nogil  # each count at most 4
    uint64_t mj_presence34(const uint8_t* c) noexcept nogil  # counts below 16

# The row's checks (_score_reference.row_status), `jokers` held concealed counted as
# tiles; fills `held` (the melds' tiles added), the melds, how many are exposed (claimed kongs
# among them) and the tile total. A status.
cdef int c_check_row(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                     int prevailing, int jokers, uint8_t* held, Group* melds, int* n_melds,
                     int* exposed, int* total) noexcept nogil
# A hand that did not go out: its melds, concealed pungs and pairs, and the calling hands it
# holds (`m` its meld bytes, `held` its counts with the melds', `presence` the kinds held,
# `concealed` the tiles of `c`), folded into `best`.
cdef int c_score_losing(const uint8_t* c, const uint8_t* m, const uint8_t* held, uint64_t presence,
                        int kinds_profile, int concealed, uint32_t w, int seat, int prevailing, const Tables* r,
                        const Group* melds, int n_melds, uint64_t base, Best* best) noexcept nogil
# Validate and score one row without jokers (_score_reference.score_many); its status.
# `ahead`: the suit lookups of `c` made some rows before (c_look_ahead), or NULL.
cdef int c_score_row(const uint8_t* c, const uint8_t* m, int win, uint32_t w, int seat,
                     int prevailing, const Tables* r, Best* best, const SuitLookup* ahead) noexcept nogil
