# The one group byte of the kernels: a declared meld, a group of a decomposition, a
# group of a pattern. mjscore.group_codes is its Python twin and documents it.
from libc.stdint cimport uint8_t

cdef enum:
    G_CHOW = 0              # a chow (sequence); its byte holds the lowest tile
    G_PUNG = 1
    G_KONG = 2              # an exposed kong, or a kong of a decomposition
    G_PAIR = 3
    G_CONCEALED_KONG = 3    # becomes 4 with the byte kind * 34 + tile
    NO_GROUP = 0xFF         # pads a row's melds and a decomposition's groups


cdef inline unsigned int group_kind(unsigned int code) noexcept nogil:
    """The kind of a group byte (G_CHOW ... G_CONCEALED_KONG)."""
    return code >> 6


cdef inline unsigned int group_tile(unsigned int code) noexcept nogil:
    """The tile of a group byte (a chow's lowest); 34 or more for a byte that is no group."""
    return code & 63


cdef inline uint8_t group_code(unsigned int kind, unsigned int tile) noexcept nogil:
    """The byte of a group of ``kind`` on ``tile``."""
    return <uint8_t>(kind << 6 | tile)
