"""A solo draw-and-discard simulation: mjscore as the engine of a game-playing program.

One player draws from a shuffled wall of 136 tiles. After each draw the hand (14 tiles)
either went out, and is scored under the chosen rule set, or throws the tile whose
discard leaves the lowest shanten, and among those the most useful tiles still unseen
(the player's own discards count as seen). A game ends on a win or when the player
has drawn ``--draws`` tiles (a quarter of the live wall, as at a table of four).

    python examples/solo_search.py                        # 10,000 games under babcock
    python examples/solo_search.py --rules chinese-classical --games 2000 --seed 7

It prints games per second, the win rate, how many draws a win took, and the
distribution of the winning scores.

``--compare`` plays two players on the same walls (the same seeds) and prints, for
each, the win rate and the mean score per game (a lost game scores 0): the
shanten-greedy player above, and the **expected-value player**, which, once its hand is
one tile from ready or ready, throws the tile :func:`mjscore.discard_values` values best
(the expected score within the draws left, at most ``--horizon``; its own discards
seen), and plays greedy before that (a search from farther out costs seconds a turn)::

    python examples/solo_search.py --compare --rules western --games 10000

The progress bar needs the ``cli`` extra (rich); without it the script prints a line
every tenth of the run.

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


Chooser = Callable[[np.ndarray, np.ndarray, int], int]
"""A player: the tile to throw from a 14-tile hand, given the seen tiles and the draws left."""


def greedy(hand: np.ndarray, seen: np.ndarray, draws_left: int) -> int:
    """The shanten-greedy player (:func:`best_discard`)."""
    return best_discard(hand, seen)


def expected_value_player(rules: mjscore.RuleSet, horizon: int = 12) -> Chooser:
    """The expected-value player under ``rules``: from one tile from ready on, the discard
    :func:`mjscore.discard_values` values best within the draws left (at most ``horizon``)."""
    def choose(hand: np.ndarray, seen: np.ndarray, draws_left: int) -> int:
        if draws_left == 0 or tiles_away(hand, rules) > 2:
            return best_discard(hand, seen)
        found = mjscore.discard_values(hand, rules, turns=min(draws_left, horizon), visible=seen,
                                       seat_wind="E", prevailing_wind="E")
        if found.best.expected[-1] == 0 or found.best.tile is None:  # no win in sight: keep the greedy shape
            return best_discard(hand, seen)
        return int(found.best.tile)
    return choose


def tiles_away(hand: np.ndarray, rules: mjscore.RuleSet) -> int:
    """Tiles a 14-tile hand lacks of a winning shape: four sets and a pair, or the nearest
    special hand of the rule set (the distance the search steers by)."""
    special, _ = mjscore.distances_many(hand.reshape(1, 34), rules)
    standard = mjscore.shanten(hand, forms="standard") + 1
    return min([standard, *special[0].tolist()])


def play(scorer: mjscore.Scorer, rng: np.random.Generator, draws: int, chooser: Chooser = greedy,
         wall: np.ndarray | None = None) -> tuple[int, int] | None:
    """One game: ``(draws taken, total)`` for a win, None when the draws run out."""
    wall = rng.permutation(WALL) if wall is None else wall
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
        discard = chooser(hand, seen, draws - turn - 1)
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
    parser.add_argument("--compare", action="store_true",
                        help="play the greedy and the expected-value player on the same walls")
    parser.add_argument("--horizon", type=int, default=12, help="the expected-value player's most turns")
    args = parser.parse_args(argv)
    scorer = mjscore.Scorer(args.rules, self_drawn=True, seat_wind="E", prevailing_wind="E")
    rng = np.random.default_rng(args.seed)
    if args.compare:
        return compare(scorer, rng, args.games, args.draws, args.horizon)
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


def compare(scorer: mjscore.Scorer, rng: np.random.Generator, games: int, draws: int, horizon: int) -> int:
    """Both players on the same walls: win rate and mean score per game of each."""
    players = {"shanten-greedy": greedy, "expected value": expected_value_player(scorer.rules, horizon)}
    results = compare_games(scorer, rng, games, draws, players)
    print(f"{games:,} games under {scorer.rules.name}, {draws} draws, the same walls for each player")
    print(f"  {'player':<16} {'win rate':>9} {'mean score/game':>16}")
    for name, (wins, total) in results.items():
        print(f"  {name:<16} {wins / games:>9.1%} {total / games:>16.2f}")
    return 0


def compare_games(scorer: mjscore.Scorer, rng: np.random.Generator, games: int, draws: int,
                  players: dict[str, Chooser]) -> dict[str, tuple[int, int]]:
    """Per player: games won and the sum of the winning scores, over ``games`` walls."""
    results = dict.fromkeys(players, (0, 0))
    for _ in progress(games)(iter(range(games))):
        wall = rng.permutation(WALL)
        for name, chooser in players.items():
            result = play(scorer, rng, draws, chooser, wall=wall)
            if result is not None:
                wins, total = results[name]
                results[name] = (wins + 1, total + result[1])
    return results


if __name__ == "__main__":
    raise SystemExit(main())
