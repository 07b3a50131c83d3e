"""Self-play training of a policy-value network through strat.VectorEnv (docs/python.md): the Stratego card duel
or Barrage.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/train_selfplay.py --game stratego-cards --lr 1e-3 \
        --epochs 4 --minutes 60 --eval-every 40 --eval-games 400 --mcts-games 40    # the curve in docs/python.md
    PYTHONPATH=build/python /usr/bin/python3 python/examples/train_selfplay.py --game stratego:barrage --shaping 1

For Stratego a small convolutional network reads the observation planes (42 x 10 x 10, uint8 from the vector
environment) and gives a logit per action (its 36 move channels per square are the action layout of
docs/python.md); for the card duel (a vector of 235) a network of two hidden layers; both give a value for the
player to move. Both sides of every game are the same network (self-play); it learns by PPO on advantages
computed from the mover's values: where the state after an action is the opponent's, its value counts negated. Every
--eval-every updates it plays --eval-games games against `random` (drawn in C++) and --mcts-games against `mcts`
(through VectorEnv.agent_actions), half of them as each colour, and prints its score (wins + draws / 2).

One thread (torch.set_num_threads(1)): the figures of docs/python.md are per core.
"""
import argparse
import time

import numpy as np
import torch
from torch import nn

import strat


class Net(nn.Module):
    """Convolutions over the board; policy: 36 channels per square = the action (row*10 + col)*36 + dir*9 + dist-1."""

    def __init__(self, planes, width=32, blocks=3):
        super().__init__()
        layers = [nn.Conv2d(planes, width, 1), nn.ReLU()]
        for _ in range(blocks):
            layers += [nn.Conv2d(width, width, 3, padding=1), nn.ReLU()]
        self.trunk = nn.Sequential(*layers)
        self.policy = nn.Conv2d(width, 36, 1)
        self.value = nn.Sequential(nn.Conv2d(width, 4, 1), nn.ReLU(), nn.Flatten(), nn.Linear(400, 64), nn.ReLU(),
                                   nn.Linear(64, 1), nn.Tanh())

    def forward(self, obs):
        x = self.trunk(obs.float() / 255.0)
        logits = self.policy(x).permute(0, 2, 3, 1).reshape(obs.shape[0], -1)
        return logits, self.value(x).squeeze(1)


class VectorNet(nn.Module):
    """Two hidden layers over the flattened observation (the card duel's vector of 235): a logit per action and a
    value."""

    def __init__(self, inputs, actions, width=128):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(inputs, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.policy = nn.Linear(width, actions)
        self.value = nn.Sequential(nn.Linear(width, 1), nn.Tanh())

    def forward(self, obs):
        x = self.trunk(obs.reshape(obs.shape[0], -1).float() / 255.0)
        return self.policy(x), self.value(x).squeeze(1)


def make_net(game, width=None, blocks=3):
    """The board network for Stratego (its action ids follow the board: 36 per square; width 32 by default), else
    the vector one (width 128)."""
    shape = game.observation_tensor_shape()
    if game.name().startswith("stratego:") and shape[1:] == [10, 10]:
        return Net(shape[0], width or 32, blocks)
    return VectorNet(game.observation_tensor_size(), game.num_distinct_actions(), width or 128)


def masked(logits, masks):
    return logits.masked_fill(~masks, -1e9)


def act(net, obs, masks):
    """Actions sampled from the masked policy, with their log-probabilities and the values. obs, masks: tensors
    (copies: the environment's arrays are its own read-only buffers, rewritten by the next step)."""
    with torch.no_grad():
        logits, values = net(obs)
        dist = torch.distributions.Categorical(logits=masked(logits, masks))
        actions = dist.sample()
        return actions.numpy(), dist.log_prob(actions), values


# Material per rank (Spy..Flag), the engine's weights (State::evaluate): the potential of the shaping below.
VALUES = np.array([2, 2, 3, 2, 2.5, 3.5, 5, 7, 10, 14, 1.5, 0], dtype=np.float32)


def material(obs, army):
    """Material balance for the observer in [-1, 1], from the observation alone (public: own pieces, and the
    enemy's pieces located on the board plus the fraction of each rank alive and not located, planes 30-41)."""
    x = obs.astype(np.float32) / 255.0
    own = x[:, 0:12].sum(axis=(2, 3)) @ VALUES
    enemy = x[:, 12:24].sum(axis=(2, 3)) @ VALUES + (x[:, 30:42, 0, 0] * army) @ VALUES
    return (own - enemy) / float(army @ VALUES)


def collect(net, env, state, steps, gamma, shaping, army):
    """`steps` steps of every game of env (self-play). `state` carries (obs, masks) over. Each step keeps whether
    the player to move next is the same (a card duel turn of several actions, a setup) or the other one, whose
    values count negated (advantages below).
    shaping > 0 adds potential-based shaping on material (Ng, Harada & Russell 1999: shaping * (gamma * phi(s') -
    phi(s)) for the mover, which leaves the best policy as it is): the result of a game still decides, the
    captures on the way tell sooner which moves led there. A game's end has potential 0."""
    obs, masks = state
    n = len(env)
    buf = {k: [] for k in ("obs", "masks", "actions", "logp", "values", "rewards", "dones", "signs")}
    for _ in range(steps):
        players = env.current_players().copy()
        obs_t, masks_t = torch.tensor(obs), torch.tensor(masks, dtype=torch.bool)
        before = material(obs, army) if shaping else None
        actions, logp, values = act(net, obs_t, masks_t)
        for key, value in (("obs", obs_t), ("masks", masks_t), ("actions", torch.from_numpy(actions)),
                           ("logp", logp), ("values", values)):
            buf[key].append(value)
        obs, masks, rewards, dones = env.step(actions)
        sign = np.where(env.current_players() == players, 1.0, -1.0).astype(np.float32)
        # The mover's reward: the game's result for it when this move ended the game.
        reward = rewards[np.arange(n), players].astype(np.float32)
        if shaping:
            reward += shaping * (gamma * sign * material(obs, army) * (1.0 - dones) - before)
        buf["rewards"].append(torch.tensor(reward))
        buf["dones"].append(torch.tensor(dones, dtype=torch.float32))
        buf["signs"].append(torch.tensor(sign))
    with torch.no_grad():
        _, last_values = net(torch.tensor(obs))
    return {k: torch.stack(v) for k, v in buf.items()}, last_values, (obs, masks)


def advantages(batch, last_values, gamma, lam):
    """GAE in a two-player zero-sum game whose values are the mover's: where the next state is the opponent's
    (sign -1), its value and its advantage count negated."""
    values, rewards, dones, signs = batch["values"], batch["rewards"], batch["dones"], batch["signs"]
    adv = torch.zeros_like(values)
    next_value, next_adv = last_values, torch.zeros_like(last_values)
    for t in reversed(range(values.shape[0])):
        carry = (1.0 - dones[t]) * signs[t]
        delta = rewards[t] + gamma * carry * next_value - values[t]
        adv[t] = delta + gamma * lam * carry * next_adv
        next_value, next_adv = values[t], adv[t]
    return adv, adv + values


def update(net, optimizer, batch, adv, returns, epochs, minibatch, clip, entropy_coef):
    flat = {k: v.reshape(-1, *v.shape[2:]) for k, v in batch.items()}
    adv, returns = adv.reshape(-1), returns.reshape(-1)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    size = adv.shape[0]
    for _ in range(epochs):
        order = torch.randperm(size)
        for start in range(0, size, minibatch):
            idx = order[start:start + minibatch]
            logits, values = net(flat["obs"][idx])
            dist = torch.distributions.Categorical(logits=masked(logits, flat["masks"][idx]))
            ratio = torch.exp(dist.log_prob(flat["actions"][idx]) - flat["logp"][idx])
            a = adv[idx]
            policy_loss = -torch.min(ratio * a, torch.clamp(ratio, 1 - clip, 1 + clip) * a).mean()
            value_loss = ((values - returns[idx]) ** 2).mean()
            loss = policy_loss + 0.5 * value_loss - entropy_coef * dist.entropy().mean()
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            optimizer.step()


def evaluate(net, game, opponent, games, seed):
    """Score of the network against `opponent` ('random' or an agent spec) over `games` games, each colour in half
    of them: the network plays seat i % 2 in game slot i; each slot plays one game (then plays on unscored)."""
    env = strat.VectorEnv(game, games, seed=seed, dtype=np.uint8)
    obs, masks = env.reset()
    seat = np.arange(games) % 2
    agents = None if opponent == "random" else [strat.agent(env_game(game), opponent, seed=seed + i) for i in range(games)]
    score = np.full(games, np.nan)
    while np.isnan(score).any():
        open_ = np.isnan(score)
        mine = (env.current_players() == seat) & open_
        actions = env.random_actions()  # the random opponent's moves, and the finished slots'
        if agents is not None:
            theirs = env.agent_actions(agents, ~mine & open_)
            actions = np.where(~mine & open_, theirs, actions)
        if mine.any():
            actions[mine], _, _ = act(net, torch.tensor(obs[mine]), torch.tensor(masks[mine], dtype=torch.bool))
        obs, masks, rewards, dones = env.step(actions)
        for i in np.flatnonzero(dones & open_):
            score[i] = (rewards[i, seat[i]] + 1) / 2
    return float(score.mean())


_games = {}


def env_game(spec):
    if spec not in _games:
        _games[spec] = strat.load_game(spec)
    return _games[spec]


def train(game="stratego:barrage", envs=64, steps=64, minutes=60.0, updates=None, eval_every=10, eval_games=200,
          mcts_games=20, mcts="mcts", lr=3e-4, seed=1, width=None, blocks=3, gamma=0.995, lam=0.95, epochs=2,
          minibatch=512, entropy=0.01, shaping=0.0, log=print):
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    spec = env_game(game)
    net = make_net(spec, width, blocks)
    optimizer = torch.optim.Adam(net.parameters(), lr=lr)
    env = strat.VectorEnv(game, envs, seed=seed, dtype=np.uint8)
    state = env.reset()
    if shaping and not isinstance(net, Net):
        raise ValueError("--shaping reads Stratego's planes: it is for stratego and stratego:barrage")
    # Stratego's army per rank (the first player's own pieces at the start), for the shaping's material.
    army = state[0][0, 0:12].sum(axis=(1, 2)).astype(np.float32) / 255.0 if shaping else None
    clock = {"train": 0.0, "eval": 0.0}  # CPU seconds spent learning, and measuring
    start_wall = time.perf_counter()
    history = []

    def timed(key, fn, *args):
        c = time.process_time()
        result = fn(*args)
        clock[key] += time.process_time() - c
        return result

    def report(k):
        vs_random = timed("eval", evaluate, net, game, "random", eval_games, 10_000 + k)
        vs_mcts = timed("eval", evaluate, net, game, mcts, mcts_games, 20_000 + k) if mcts_games else float("nan")
        cpu, wall = clock["train"] / 60, (time.perf_counter() - start_wall) / 60
        history.append({"update": k, "train_cpu_minutes": cpu, "wall_minutes": wall, "random": vs_random,
                        "mcts": vs_mcts, "steps": k * envs * steps})
        log(f"update {k:5d}  steps {k * envs * steps:9d}  training cpu {cpu:6.1f} min  (eval cpu "
            f"{clock['eval'] / 60:5.1f} min, wall {wall:6.1f} min)  vs random {vs_random:6.1%}  "
            f"vs {mcts} {vs_mcts:6.1%}", flush=True)

    def learn():
        nonlocal state
        batch, last_values, state = collect(net, env, state, steps, gamma, shaping, army)
        adv, returns = advantages(batch, last_values, gamma=gamma, lam=lam)
        update(net, optimizer, batch, adv, returns, epochs=epochs, minibatch=minibatch, clip=0.2, entropy_coef=entropy)

    k = 0
    report(k)
    while (updates is None or k < updates) and clock["train"] / 60 < minutes:
        timed("train", learn)
        k += 1
        if k % eval_every == 0:
            report(k)
    if k % eval_every:
        report(k)
    return net, history


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="stratego:barrage")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=64, help="steps per game between updates")
    parser.add_argument("--minutes", type=float, default=60.0, help="CPU minutes of learning (evaluation apart)")
    parser.add_argument("--updates", type=int, default=None)
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--mcts-games", type=int, default=20)
    parser.add_argument("--mcts", default="mcts")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=None, help="32 (Stratego's board network), 128 (vector)")
    parser.add_argument("--blocks", type=int, default=3)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--minibatch", type=int, default=512)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--shaping", type=float, default=0.0, help="potential-based shaping on material (0: off)")
    parser.add_argument("--save", help="write the trained network's weights here")
    args = parser.parse_args()
    net, _ = train(args.game, args.envs, args.steps, args.minutes, args.updates, args.eval_every, args.eval_games,
                   args.mcts_games, args.mcts, args.lr, args.seed, args.width, args.blocks, args.gamma, args.lam,
                   args.epochs, args.minibatch, args.entropy, args.shaping)
    if args.save:
        torch.save(net.state_dict(), args.save)


if __name__ == "__main__":
    main()
