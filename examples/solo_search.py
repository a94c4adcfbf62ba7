"""A solo draw-and-discard simulation: mjscore as the engine of a game-playing program.

One player draws from a shuffled wall of 136 tiles. After each draw the hand (14 tiles)
either went out, and is scored under the chosen rule set, or throws the tile whose
discard leaves the lowest shanten, and among those the most useful tiles still unseen
(the player's own discards count as seen). A game ends on a win or when the player
has drawn ``--draws`` tiles (a quarter of the live wall, as at a table of four).

    python examples/solo_search.py                        # 10,000 games under babcock
    python examples/solo_search.py --rules chinese-classical --games 2000 --seed 7

It prints games per second, the win rate, how many draws a win took, and the
distribution of the winning scores. The progress bar needs the ``cli`` extra (rich);
without it the script prints a line every tenth of the run.

What it calls, per turn: ``mjscore.useful_tiles_many`` on the one 14-tile row (the
shanten and useful tiles after each possible discard, as arrays), and on a complete hand
``Scorer.total`` (the rule set and the seat bound once, the row scored in place).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable, Iterator

import numpy as np

import mjscore
from mjscore.core.errors import NotWinningError
from mjscore.shanten.useful_tiles import NO_DISCARD

WALL = np.repeat(np.arange(34, dtype=np.uint8), 4)


def best_discard(hand: np.ndarray, seen: np.ndarray) -> int:
    """The tile to throw from a 14-tile hand: lowest shanten after it, then most useful tiles left."""
    found = mjscore.useful_tiles_many(hand.reshape(1, 34), visible=seen, per_discard=True)
    shanten = found.shanten[0].astype(np.int32)
    remaining = found.remaining[0].astype(np.int32)
    shanten[shanten == NO_DISCARD] = 1 << 20  # tiles not held
    # lowest shanten first, then most tiles left; ties go to the highest tile (honours first)
    score = shanten * 1024 - remaining
    return int(33 - np.argmin(score[::-1]))


def play(scorer: mjscore.Scorer, rng: np.random.Generator, draws: int) -> tuple[int, int] | None:
    """One game: ``(draws taken, total)`` for a win, None when the draws run out."""
    wall = rng.permutation(WALL)
    hand = np.bincount(wall[:13], minlength=34).astype(np.uint8)
    seen = np.zeros(34, dtype=np.uint8)
    for turn in range(draws):
        tile = int(wall[13 + turn])
        hand[tile] += 1
        if mjscore.shanten(hand) == -1:
            try:
                return turn + 1, scorer.total(hand, win_tile=tile)
            except NotWinningError:  # complete, but the rule set does not take it
                pass
        discard = best_discard(hand, seen)
        hand[discard] -= 1
        seen[discard] += 1
    return None


def progress(games: int) -> Callable[[Iterator[int]], Iterator[int]]:
    """A progress bar over the games: rich's when installed, else a line per tenth."""
    try:
        from rich.progress import track
    except ImportError:
        def plain(items: Iterator[int]) -> Iterator[int]:
            step = max(1, games // 10)
            for i in items:
                if i % step == 0:
                    print(f"  game {i:,} of {games:,}", flush=True)
                yield i
        return plain
    return lambda items: track(items, total=games, description="playing")


def histogram(totals: list[int], width: int = 40) -> list[str]:
    """Text bars of the winning scores in powers-of-two buckets."""
    buckets = Counter(1 << max(0, total.bit_length() - 1) if total else 0 for total in totals)
    most = max(buckets.values())
    return [f"  {low:>6}-{max(low * 2 - 1, low):<6} {count:>6}  {'#' * max(1, count * width // most)}"
            for low, count in sorted(buckets.items())]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rules", default="babcock", help="a shipped rule set (mjscore rules list)")
    parser.add_argument("--draws", type=int, default=30, help="tiles drawn before the game is lost")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    scorer = mjscore.Scorer(args.rules, self_drawn=True, seat_wind="E", prevailing_wind="E")
    rng = np.random.default_rng(args.seed)
    wins: list[tuple[int, int]] = []
    start = time.perf_counter()
    for _ in progress(args.games)(iter(range(args.games))):
        result = play(scorer, rng, args.draws)
        if result is not None:
            wins.append(result)
    seconds = time.perf_counter() - start
    print(f"{args.games:,} games under {scorer.rules.name} in {seconds:.1f} s: "
          f"{args.games / seconds:,.0f} games/s")
    print(f"won {len(wins):,} ({len(wins) / args.games:.1%}) within {args.draws} draws")
    if wins:
        turns = np.array([turn for turn, _ in wins])
        totals = sorted(total for _, total in wins)
        print(f"draws to win: mean {turns.mean():.1f}, median {int(np.median(turns))}")
        print(f"winning score: mean {np.mean(totals):,.0f}, median {totals[len(totals) // 2]:,}, "
              f"max {totals[-1]:,}")
        print("score distribution:")
        print("\n".join(histogram(totals)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
