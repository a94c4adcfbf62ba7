# Bit helpers over 64-bit tile masks and count arrays, inline C for every kernel module
# (a call through an imported function table would cost more than they do).
from libc.stdint cimport uint8_t, uint64_t

cdef extern from *:
    """
    #include <string.h>
    /* The honours' 34-bit tile mask (bit t = tile t). */
    #define MJ_M_HONOURS (0x7FULL << 27)
    #if defined(_MSC_VER)
    #include <intrin.h>
    static int mj_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static int mj_popcount64(unsigned long long x) { return (int)__popcnt64(x); }
    #else
    static inline int mj_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
    /* one instruction: x86-64 built with -mpopcnt (setup.py), or ARM's cnt */
    static inline int mj_popcount64(unsigned long long x) { return __builtin_popcountll(x); }
    #else
    static inline int mj_popcount64(unsigned long long x) {  /* SWAR: no libgcc call without -mpopcnt */
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    #endif
    #endif
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* Bit t set when count t (each at most 8) is at least k (1-8): with SSE2 (every
       x86-64) the first 32 in two 16-byte registers and the last two in the top bytes of
       a third, loaded at c + 18 (at least k: max(count, k) is the count), else eight at a
       time in 64-bit words. */
    static inline unsigned long long mj_at_least34(const unsigned char *c, int k) {
        unsigned long long mask = 0;
    #if defined(__SSE2__)
        const __m128i least = _mm_set1_epi8((char)k);
        __m128i a = _mm_loadu_si128((const __m128i *)c), b = _mm_loadu_si128((const __m128i *)(c + 16)),
                e = _mm_loadu_si128((const __m128i *)(c + 18));  /* its top two bytes: counts 32, 33 */
        mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(a, least), a))
               | (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(b, least), b)) << 16;
        return mask | (unsigned long long)((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(e, least), e)) >> 14)
                      << 32;
    #elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        int t;
        for (t = 0; t < 32; t++) mask |= (unsigned long long)(c[t] >= k) << t;
    #else
        unsigned long long x;
        int t;
        for (t = 0; t < 32; t += 8) {
            memcpy(&x, c + t, 8);
            x = ((x + 0x0101010101010101ULL * (unsigned long long)(0x80 - k)) & 0x8080808080808080ULL) >> 7;
            mask |= ((x * 0x0102040810204080ULL) >> 56) << t;
        }
    #endif
        return mask | ((unsigned long long)(c[32] >= k) << 32) | ((unsigned long long)(c[33] >= k) << 33);
    }
    """
    const uint64_t M_HONOURS "MJ_M_HONOURS"
    int mj_ctz64(uint64_t x) noexcept nogil  # x != 0
    int mj_popcount64(uint64_t x) noexcept nogil
    uint64_t mj_at_least34(const uint8_t* c, int k) noexcept nogil
