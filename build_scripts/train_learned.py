"""Train the learned Gurka policy (game/ai/learned/network.py) by self-play, and write its weights.

    nice -n 19 python3 build_scripts/train_learned.py [--seed 1] [--generations 60]
        [--out game/ai/learned/network_weights.py]

One core, numpy for the training only (the game evaluates the network in pure Python).
The method is Monte Carlo control over the compact state of :mod:`game.ai.learned.network`:

- every generation plays ``--deals`` deals of self-play (whole games, all seats the current
  network, each move at random with chance ``--eps``; the first generation plays the
  play-out heuristic instead, with a third of its moves at random), over a mix of rulesets:
  ``--outside-share`` of the games in the outside setting of issue 51 (Norwegian Agurk with
  the lowest card always allowed, no ace on an ace, 6 cards, 3 players), the rest spread
  over the five Gurka presets with 3 and 4 players; the share of random moves falls from
  ``--eps`` to ``--eps-end`` over the generations, the learning rate from ``--lr`` to
  ``--lr-end``;
- every decision with a choice gives one sample: the features of the move played, and as
  target the seat's penalty at the end of that deal (in units of an ace);
- the network (one hidden layer of ``--hidden`` tanh units) is fitted to the samples of the
  last ``--buffer`` decisions by Adam (``--steps`` minibatches of ``--batch`` a generation),
  and the next generation plays the move it rates lowest.

Every ``--eval-every`` generations the greedy network plays a fixed set of outside-setting
deals in one seat against two seats of the play-out heuristic (the same deals every time),
and the log prints its penalty per deal over theirs.  The same seed and arguments give the
same weights (numpy single-threaded).
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.gurka import policy as gp
from game.ai.learned import network as L
from game.ai.learned import table as T
from game.engine import new_game
from game.engine.cards import names

#: the outside setting of issue 51
OUTSIDE = ("agurk-no", 3, {"optional_lowest": True, "no_ace_on_ace": True, "hand_size": 6})
PRESETS = [(r, n, {}) for r in ("gurka-se", "agurk-dk", "agurk-no", "gurka-is", "gurka-is7")
           for n in (3, 4)]
#: a game is cut after this many deals (the totals play no part in the policy)
MAX_DEALS = 30


class Model:
    """The numpy twin of :class:`game.ai.learned.network.Net`, with Adam."""

    def __init__(self, hidden: int, rng: np.random.Generator):
        f = L.N_FEATURES
        self.p = {"w1": rng.normal(0, 1 / np.sqrt(f), (hidden, f)),
                  "b1": np.zeros(hidden),
                  "w2": rng.normal(0, 1 / np.sqrt(hidden), hidden) * 0.1,
                  "b2": np.zeros(1)}
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def forward(self, x):
        h = np.tanh(x @ self.p["w1"].T + self.p["b1"])
        return h @ self.p["w2"] + self.p["b2"][0]

    def step(self, x, y, lr: float):
        p = self.p
        z = x @ p["w1"].T + p["b1"]
        h = np.tanh(z)
        out = h @ p["w2"] + p["b2"][0]
        d = (out - y) * (2.0 / len(y))
        g = {"w2": h.T @ d, "b2": np.array([d.sum()])}
        dz = np.outer(d, p["w2"]) * (1 - h * h)
        g["w1"] = dz.T @ x
        g["b1"] = dz.sum(0)
        self.t += 1
        b1, b2 = 0.9, 0.999
        for k in p:
            self.m[k] = b1 * self.m[k] + (1 - b1) * g[k]
            self.v[k] = b2 * self.v[k] + (1 - b2) * g[k] ** 2
            mh = self.m[k] / (1 - b1 ** self.t)
            vh = self.v[k] / (1 - b2 ** self.t)
            p[k] = p[k] - lr * mh / (np.sqrt(vh) + 1e-8)
        return float(np.mean((out - y) ** 2))


class TableModel:
    """The table policy's weights (game/ai/learned/table.py), fitted by Adam."""

    def __init__(self):
        self.w = np.zeros(T.SIZE)
        self.m = np.zeros(T.SIZE)
        self.v = np.zeros(T.SIZE)
        self.t = 0

    def policy(self):
        return T.TablePolicy(self.w.tolist())

    def step(self, x, y, lr: float):
        x = x.astype(np.int64)
        out = self.w[x].sum(1)
        d = (out - y) * (2.0 / len(y))
        g = np.zeros(T.SIZE)
        np.add.at(g, x, np.repeat(d[:, None], x.shape[1], 1))
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * g
        self.v = 0.999 * self.v + 0.001 * g * g
        mh = self.m / (1 - 0.9 ** self.t)
        vh = self.v / (1 - 0.999 ** self.t)
        self.w -= lr * mh / (np.sqrt(vh) + 1e-8)
        return float(np.mean((out - y) ** 2))


def _exchange(st) -> None:
    seat = st.turn
    d = gp.exchange_choice(st.hands[seat], st.S, [], st.exchange_limit(), margin=0.0)
    st.apply({"type": "exchange", "discard": names(d)})


def play_game(rules, n, options, seed, choose, rng, samples=None, max_deals=MAX_DEALS):
    """One game (cut after ``max_deals``); ``choose(sit, moves, seat)`` -> (move, row or
    None).  With ``samples``, every row is appended with the seat's penalty of its deal.
    Returns {seat: [penalties per deal]}."""
    st = new_game(rules, n, options, seed=seed)
    pens: dict = {s: [] for s in range(n)}
    deal = -1
    pending: list = []
    played: list = []
    discards: dict = {}
    while st.to_act() is not None and st.deals <= max_deals:
        if st.deals != deal:
            deal = st.deals
            played = []
            discards = {}
            pending = []
        ph = st.phase
        if ph == "play":
            seat = st.turn
            moves = L.distinct(st.moves(), st.S)
            row = None
            if len(moves) == 1:
                move = moves[0]
            else:
                sit = L.situation_from_state(st, seat, played, discards.get(seat, ()))
                move, row = choose(sit, moves, seat)
            if row is not None:
                pending.append((row, seat))
            played.extend(move)
            before = len(st.events)
            st.play_move(seat, move)
            for e in st.events[before:]:
                if e["type"] == "score":
                    for s, p in enumerate(e["penalties"]):
                        if p is not None:
                            pens[s].append(p)
                    if samples is not None:
                        for r, s in pending:
                            samples.append((r, (e["penalties"][s] or 0) / L.SCALE))
                    pending = []
        elif ph == "exchange":
            seat = st.turn
            before = len(st.events)
            _exchange(st)
            discards[seat] = [e for e in st.events[before:] if e["type"] == "exchange"][0]["discard"]
            discards[seat] = [L.INDEX[c] for c in discards[seat]]
        elif ph == "buyback":
            st.apply({"type": "buyback"})
        else:
            st.resolve_chance()
    return pens


def net_chooser(model, eps: float, rng: random.Random, record: bool = True):
    if isinstance(model, TableModel):
        return table_chooser(model.policy(), eps, rng, record)

    def choose(sit, moves, seat):
        rows = [L.features(sit, m) for m in moves]
        if eps and rng.random() < eps:
            i = rng.randrange(len(moves))
        else:
            v = model.forward(np.array(rows))
            i = int(np.argmin(v))
        return moves[i], (rows[i] if record else None)
    return choose


def table_chooser(pol, eps: float, rng: random.Random, record: bool = True):
    def choose(sit, moves, seat):
        if eps and rng.random() < eps:
            m = moves[rng.randrange(len(moves))]
        else:
            m = pol.best(sit, moves)
        return m, (T.indices(sit, m) if record else None)
    return choose


def heuristic_chooser(eps: float, rng: random.Random, record: bool = True, row=L.features):
    def choose(sit, moves, seat):
        if eps and rng.random() < eps:
            i = rng.randrange(len(moves))
        else:
            m = gp.play_fast(sit.hand, sit.trick, moves, sit.S, sit.opts, rng)
            i = moves.index(m)
        return moves[i], (row(sit, moves[i]) if record else None)
    return choose


def evaluate(model, games: int, seed: int) -> float:
    """The network (greedy, one seat, rotated) against two heuristic seats in the outside
    setting: its penalty per deal over theirs, on the same games every time."""
    rules, n, opts = OUTSIDE
    mine = others = 0.0
    mine_n = others_n = 0
    for g in range(games):
        rng = random.Random(seed + g)
        me = g % n
        net = net_chooser(model, 0.0, rng, record=False)
        heur = heuristic_chooser(0.0, rng, record=False)

        def choose(sit, moves, seat, net=net, me=me, heur=heur):
            return (net if seat == me else heur)(sit, moves, seat)
        pens = play_game(rules, n, opts, seed + g, choose, rng, max_deals=12)
        for s, ps in pens.items():
            if s == me:
                mine += sum(ps)
                mine_n += len(ps)
            else:
                others += sum(ps)
                others_n += len(ps)
    return (mine / max(1, mine_n)) / max(1e-9, others / max(1, others_n))


def write_weights(model, path: Path, args, log: list[str]) -> None:
    head = ['"""Weights of the learned Gurka ' + ("table policy (game/ai/learned/table.py)"
                                               if args.model == "table" else
                                               "policy (game/ai/learned/network.py)") + ", written by",
            "build_scripts/train_learned.py; do not edit.",
            "",
            f"Command: {args.command}",
            "",
            "Training log (generation, samples, fit loss, penalty ratio against the heuristic):",
            *[f"    {x}" for x in log],
            '"""', ""]
    if args.model == "table":
        q = [int(round(x * T.QUANTUM)) for x in model.w]
        rows = [", ".join(map(str, q[i:i + 20])) for i in range(0, len(q), 20)]
        path.write_text("\n".join(head + ["WEIGHTS = (", *[f"    {r}," for r in rows], ")", ""]))
        return
    p = model.p

    def fmt(xs):
        return "(" + ", ".join(f"{x:.5g}" for x in xs) + ",)"
    lines = head + [
             f"W1 = ({', '.join(fmt(row) for row in p['w1'])},)",
             f"B1 = {fmt(p['b1'])}",
             f"W2 = {fmt(p['w2'])}",
             f"B2 = {float(p['b2'][0]):.5g}", ""]
    path.write_text("\n".join(lines))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", choices=("net", "table"), default="net",
                    help="the network of game/ai/learned/network.py or the table of game/ai/learned/table.py")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--generations", type=int, default=120)
    ap.add_argument("--deals", type=int, default=4000, help="self-play deals per generation")
    ap.add_argument("--eps", type=float, default=0.15, help="random moves, first generation")
    ap.add_argument("--eps-end", type=float, default=0.05, help="... and last (linear)")
    ap.add_argument("--hidden", type=int, default=48)
    ap.add_argument("--buffer", type=int, default=500_000)
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--lr-end", type=float, default=2e-4)
    ap.add_argument("--outside-share", type=float, default=0.4)
    ap.add_argument("--eval-every", type=int, default=10)
    ap.add_argument("--eval-games", type=int, default=300)
    ap.add_argument("--out", default=None, help="the weights module to write (default: "
                    "game/ai/learned/network_weights.py, or table_weights.py beside it for the table)")
    args = ap.parse_args(argv)
    if args.out is None:
        args.out = str(Path(__file__).resolve().parent.parent / "game" / "ai" / "learned" / (
            "table_weights.py" if args.model == "table" else "network_weights.py"))
    args.command = ("nice -n 19 python3 build_scripts/train_learned.py "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in vars(args).items()
                               if k != "out"))
    rng = random.Random(args.seed)
    nrng = np.random.default_rng(args.seed)
    if args.model == "table":
        model = TableModel()
        xs = np.zeros((args.buffer, len(T.TABLES)), dtype=np.int32)
    else:
        model = Model(args.hidden, nrng)
        xs = np.zeros((args.buffer, L.N_FEATURES), dtype=np.float32)
    ys = np.zeros(args.buffer, dtype=np.float32)
    filled = 0
    head = 0
    log: list[str] = []
    t0 = time.time()
    game_seed = args.seed * 1_000_003
    for gen in range(args.generations):
        samples: list = []
        deals = 0
        frac = gen / max(1, args.generations - 1)
        eps = args.eps + (args.eps_end - args.eps) * frac
        lr = args.lr + (args.lr_end - args.lr) * frac
        if gen == 0:
            chooser = heuristic_chooser(0.33, rng, row=T.indices if args.model == "table"
                                        else L.features)
        else:
            chooser = net_chooser(model, eps, rng)
        while deals < args.deals:
            game_seed += 1
            rules, n, opts = OUTSIDE if rng.random() < args.outside_share else rng.choice(PRESETS)
            pens = play_game(rules, n, opts, game_seed, chooser, rng, samples)
            deals += max(len(p) for p in pens.values())
        for row, y in samples:
            xs[head] = row
            ys[head] = y
            head = (head + 1) % args.buffer
            filled = min(args.buffer, filled + 1)
        loss = 0.0
        for _ in range(args.steps):
            idx = nrng.integers(0, filled, args.batch)
            x = xs[idx] if args.model == "table" else xs[idx].astype(np.float64)
            loss += model.step(x, ys[idx].astype(np.float64), lr)
        loss /= args.steps
        line = f"gen {gen:3d}  samples {len(samples):7d}  loss {loss:.4f}"
        evaluated = (gen + 1) % args.eval_every == 0 or gen == args.generations - 1
        if evaluated:
            line += f"  v heuristic {evaluate(model, args.eval_games, 777_000):.3f}"
        line += f"  ({time.time() - t0:.0f} s)"
        print(line, flush=True)
        log.append(line)
        if evaluated:          # so that a run cut short leaves its last weights
            write_weights(model, Path(args.out), args, log)
    write_weights(model, Path(args.out), args, log)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
