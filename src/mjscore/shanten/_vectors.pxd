# Merging parts' lacks, for the shanten kernel: C in the extern blocks, compiled into each
# module that cimports them.
from libc.stdint cimport uint8_t, uint64_t

# A part's lacks as one 16-byte vector: lane m (0-4) for m sets without the pair, lane
# 8 + m with it; the other lanes are scratch. Merging two parts is a min-plus
# convolution, five shifted adds and minimums over all lanes at once (SSE2, which every
# x86-64 has; plain C elsewhere).
cdef extern from *:
    """
    #include <stdint.h>
    static const uint64_t MJ_FILL[5] = {0, 0x40, 0x4040, 0x404040, 0x40404040};
    static inline uint64_t mj_spread(uint64_t x) {
        x = (x & 0xFFFF) | ((x & 0xF0000) << 16);
        x = (x | (x << 8)) & 0x000000FF00FF00FFULL;
        return (x | (x << 4)) & 0x0000000F0F0F0F0FULL;
    }
    #include <string.h>
    #if (defined(__SSE2__) || defined(_M_X64)) && !defined(MJ_NO_SIMD)
    #include <emmintrin.h>
    typedef __m128i mj_vec;
    static inline mj_vec mj_part(uint64_t a) {
        return _mm_set_epi64x((long long)mj_spread((a >> 20) & 0xFFFFF), (long long)mj_spread(a & 0xFFFFF));
    }
    static inline void mj_store(mj_vec v, uint8_t *out) { _mm_storeu_si128((__m128i *)out, v); }
    static inline mj_vec mj_merge(mj_vec a, mj_vec b) {
        uint8_t la[16];
        int i;
        const __m128i low_half = _mm_set_epi64x(0, -1);
        mj_vec acc = _mm_set1_epi8((char)0xFF);
        _mm_storeu_si128((__m128i *)la, a);
        for (i = 0; i < 5; i++) {
            /* lane m of each half: b[m - i], or 64 (no deal) below i */
            __m128i bs = _mm_or_si128(_mm_sll_epi64(b, _mm_cvtsi32_si128(8 * i)),
                                      _mm_set1_epi64x((long long)MJ_FILL[i]));
            acc = _mm_min_epu8(acc, _mm_add_epi8(_mm_set1_epi8((char)la[i]), bs));
            acc = _mm_min_epu8(acc, _mm_or_si128(
                _mm_add_epi8(_mm_set1_epi8((char)la[8 + i]), _mm_shuffle_epi32(bs, 0x4E)), low_half));
        }
        return acc;
    }
    #else
    typedef struct { uint8_t b[16]; } mj_vec;
    static inline mj_vec mj_part(uint64_t a) {
        mj_vec v; uint64_t lo = mj_spread(a & 0xFFFFF), hi = mj_spread((a >> 20) & 0xFFFFF);
        memcpy(v.b, &lo, 8); memcpy(v.b + 8, &hi, 8); return v;
    }
    static inline void mj_store(mj_vec v, uint8_t *out) { memcpy(out, v.b, 16); }
    static inline mj_vec mj_merge(mj_vec a, mj_vec b) {
        mj_vec out; int m, i, v, best0, best1;
        memset(out.b, 0xFF, 16);
        for (m = 0; m < 5; m++) {
            best0 = 255; best1 = 255;
            for (i = 0; i <= m; i++) {
                v = a.b[i] + b.b[m - i]; best0 = v < best0 ? v : best0;
                v = a.b[i] + b.b[8 + m - i]; best1 = v < best1 ? v : best1;
                v = a.b[8 + i] + b.b[m - i]; best1 = v < best1 ? v : best1;
            }
            out.b[m] = (uint8_t)best0; out.b[8 + m] = (uint8_t)best1;
        }
        return out;
    }
    #endif
    static inline int mj_final(mj_vec a, mj_vec b, int sets) {
        uint8_t x[16], y[16];
        int i, v, best = 255;
        mj_store(a, x); mj_store(b, y);
        for (i = 0; i <= sets; i++) {
            v = x[i] + y[8 + sets - i]; best = v < best ? v : best;
            v = x[8 + i] + y[sets - i]; best = v < best ? v : best;
        }
        return best;
    }
    """
    ctypedef long long mj_vec  # an opaque 16-byte vector in C
    mj_vec mj_part(uint64_t a) noexcept nogil
    void mj_store(mj_vec v, uint8_t* out) noexcept nogil
    mj_vec mj_merge(mj_vec a, mj_vec b) noexcept nogil
    int mj_final(mj_vec a, mj_vec b, int sets) noexcept nogil

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define mj_shanten_prefetch(p) __builtin_prefetch(p)
    #else
    #define mj_shanten_prefetch(p) ((void)(p))
    #endif
    """
    void mj_prefetch "mj_shanten_prefetch"(const void* p) noexcept nogil
