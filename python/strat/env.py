"""A PettingZoo-AEC-shaped environment over one strat game, without depending on pettingzoo.

    env = strat.env.AECEnv("dhamet")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else pick(obs["action_mask"])
        env.step(action)

Agents are "player_0" and "player_1". Rewards are +1/-1/0 at the end of the game only. A move of several
actions (a Dhamet capture path) is several steps of the same agent. `max_steps` truncates a game.
"""
from . import _strat


class AECEnv:
    metadata = {"name": "strat_aec", "is_parallelizable": False}

    def __init__(self, game, max_steps=None):
        self.game = _strat.load_game(game) if isinstance(game, str) else game
        self.possible_agents = ["player_0", "player_1"]
        self.max_steps = max_steps
        self.state = None
        self.agents = []

    def observation_space_shape(self):
        return tuple(self.game.observation_tensor_shape())

    def action_space_size(self):
        return self.game.num_distinct_actions()

    def reset(self, seed=None, options=None):
        self.state = self.game.new_initial_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        mask = self.state.legal_actions_mask()  # all zeros when the game is over
        if self.state.current_player() != player:
            mask[:] = 0
        return {"observation": self.state.observation_tensor(player), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def agent_iter(self, max_iter=2**63):
        """Yields the agent to act until every agent is done (each gets a last turn to see the end)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            # The done agent acknowledges the end (action None) and leaves.
            if action is not None:
                raise ValueError("step() of a done agent takes None")
            self.agents.remove(agent)
            self._cumulative_rewards[agent] = 0.0
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self.state.apply_action(int(action))
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[i])
                self._cumulative_rewards[a] += self.rewards[a]
                self.terminations[a] = True
                self.infos[a] = {"returns": returns}
            self.agent_selection = self.agents[0]
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.possible_agents:
                self.truncations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def render(self):
        return str(self.state)

    def close(self):
        pass
