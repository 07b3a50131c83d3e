#include "cli/match.hpp"

#include <cctype>

#include "cli/outcome_text.hpp"
#include "core/text.hpp"

namespace strat::cli {

std::vector<std::string> split_agents(const std::string& text) {
  std::vector<std::string> out;
  for (auto piece : split(text, ',')) {
    if (!out.empty() && piece.find('=') != std::string_view::npos && piece.find(':') == std::string_view::npos &&
        out.back().find(':') != std::string::npos)
      out.back() += "," + std::string(piece);
    else
      out.emplace_back(piece);
  }
  return out;
}

std::string with_time(const std::string& spec, int ms) {
  if (ms <= 0 || spec.rfind("random", 0) == 0) return spec;
  if (spec.find("time=") != std::string::npos) return spec;
  return spec + (spec.find(':') == std::string::npos ? ":" : ",") + "time=" + std::to_string(ms);
}

namespace {

// The start: the game's own from the seed, unless an agent brings its own setup
// (an outside program), in which case the other side's setup is generated from
// the seed. A setup refused by the rules is the agent's forfeit; a generated
// one then stands in for it, so that the record has a start to replay.
std::unique_ptr<AnyState> start(const GameSpec& spec, std::unique_ptr<AnyAgent> seat[2], std::uint64_t seed,
                                int& forfeiter, std::string& why, const char*& kind) {
  const GameInfo& g = *spec.info;
  if (!g.from_setups || !g.random_setup) return spec.new_game(seed);
  std::string own[2];
  bool given[2] = {false, false};
  for (int p = 0; p < 2 && forfeiter < 0; ++p) {
    try {
      own[p] = seat[p]->setup(spec.options, p);
      given[p] = !own[p].empty();
    } catch (const Forfeit& f) {
      forfeiter = p, why = f.what(), kind = f.kind;
    }
  }
  if (own[0].empty() && own[1].empty() && forfeiter < 0) return spec.new_game(seed);
  auto generated = [&](int p) { return g.random_setup(spec.options, p, seed * 2 + 1 + p); };
  for (int p = 0; p < 2; ++p)
    if (own[p].empty() || p == forfeiter) own[p] = generated(p);
  try {
    return g.from_setups(spec.options, own[0], own[1]);
  } catch (const BadInput& e) {
    // The agents' own checks should have refused this setup; take the first
    // given one as the culprit.
    forfeiter = given[0] ? 0 : 1;
    why = std::string("illegal setup: ") + e.what(), kind = "protocol";
    own[forfeiter] = generated(forfeiter);
    return g.from_setups(spec.options, own[0], own[1]);
  }
}

}  // namespace

std::string player_header(const AnyState& s, int player) {
  std::string name = s.player_name(player);
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  return name;
}

GameResult play_game(const GameSpec& spec, const std::string agents[2], int first_agent_player, std::uint64_t seed,
                     const AgentMaker& make) {
  std::unique_ptr<AnyAgent> seat[2];
  seat[first_agent_player] = make(agents[0], seed * 2 + 1);
  seat[first_agent_player ^ 1] = make(agents[1], seed * 2 + 2);
  int forfeiter = -1;
  std::string why;
  const char* kind = "";
  auto state = start(spec, seat, seed, forfeiter, why, kind);
  GameResult r;
  r.record.set_header("Game", spec.to_string());
  for (int p = 0; p < 2; ++p) r.record.set_header(player_header(*state, p), seat[p]->name());
  r.record.set_header("Seed", std::to_string(seed));
  r.record.set_header("Start", state->position());
  r.record.moves.reserve(1024);
  while (forfeiter < 0 && !state->outcome().over()) {
    const int p = state->to_move();
    std::string move;
    try {
      move = seat[p]->choose(*state);
    } catch (const Forfeit& f) {
      forfeiter = p, why = f.what(), kind = f.kind;
      break;
    }
    auto events = state->apply(move);
    r.record.moves.push_back({move, annotation_of(events)});
    for (auto& agent : seat) agent->observe(*state, move, events);
  }
  if (forfeiter >= 0) {
    state->end(Outcome::win(forfeiter ^ 1, kind));
    // The detail follows the reason: "blue wins (protocol: illegal move '0 3
    // UP')".
    r.result = outcome_text(*state);
    if (!why.empty() && why != kind) r.result.insert(r.result.size() - 1, ": " + why);
    r.forfeit_agent = forfeiter == first_agent_player ? 0 : 1;
  } else {
    r.result = outcome_text(*state);
  }
  r.record.set_header("Result", r.result);
  r.plies = state->ply();
  const Outcome o = state->outcome();
  if (o.status == Status::Win) r.winner_agent = o.winner == first_agent_player ? 0 : 1;
  return r;
}

}  // namespace strat::cli
