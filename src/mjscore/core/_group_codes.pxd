# The one group byte of the kernels, kind * 34 + tile: a declared meld, a group of a
# decomposition, a group of a pattern. mjscore.core.group_codes is its Python twin and
# documents it; the kinds here are its kinds.
from libc.stdint cimport uint8_t

cdef enum:
    G_CHOW = 0              # a chow (sequence); its byte holds the lowest tile
    G_PUNG = 1
    G_KONG = 2              # an exposed kong among the melds
    G_PAIR = 3
    G_SINGLE = 4            # patterns only
    G_KNIT = 5              # patterns only
    G_CONCEALED_KONG = 6
    G_KINDS = 7
    NO_GROUP = 0xFF         # pads a row's melds and a decomposition's groups


# Unsigned, so that dividing by the constant 34 compiles to a multiply and a shift.
cdef inline unsigned int group_kind(unsigned int code) noexcept nogil:
    """The kind of a group byte (G_KINDS or more for a byte that is no group)."""
    return code // 34


cdef inline unsigned int group_tile(unsigned int code) noexcept nogil:
    """The tile of a group byte (a chow's lowest)."""
    return code % 34


cdef inline uint8_t group_code(unsigned int kind, unsigned int tile) noexcept nogil:
    """The byte of a group of ``kind`` on ``tile``."""
    return <uint8_t>(kind * 34 + tile)


cdef inline int group_tiles(unsigned int code, int* tiles) noexcept nogil:
    """The tiles of a group byte into ``tiles``: a chow's or a pung's three, a kong's four,
    a pair's two; how many, or 0 for a byte that is none of these (a chow past a suit's
    end, a pattern's single or knit, no group)."""
    cdef unsigned int kind = group_kind(code), tile = group_tile(code)
    if kind == G_CHOW:
        if tile >= 27 or tile % 9 > 6:
            return 0
        tiles[0] = tile; tiles[1] = tile + 1; tiles[2] = tile + 2
        return 3
    tiles[0] = tile; tiles[1] = tile; tiles[2] = tile; tiles[3] = tile
    if kind == G_PUNG:
        return 3
    if kind == G_PAIR:
        return 2
    return 4 if kind == G_KONG or kind == G_CONCEALED_KONG else 0


cdef inline int meld_tiles(unsigned int code, int* tiles) noexcept nogil:
    """group_tiles for a declared meld's byte: 0 for a pair too, which is no meld."""
    return 0 if group_kind(code) == G_PAIR else group_tiles(code, tiles)
