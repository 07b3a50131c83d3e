// A game looked back on: replay frames, past views, the analysis, the record, lobby and "your games" entries.
#include "server/room.hpp"

#include <algorithm>
#include <cmath>

#include "core/record.hpp"
#include "server/room_text.hpp"

namespace strat::server {

using nlohmann::json;
using namespace room_text;

json Room::player_entry(int seat) const {
  json e = lobby_entry();
  e["seat"] = seat;
  if (seat == 0 || seat == 1) {
    const StoredSeat& other = meta_.seats[1 - seat];
    e["side"] = names_[seat];
    e["opponent"] = {{"kind", to_string(other.kind)}, {"agent", other.agent}, {"name", names_[1 - seat]}};
  } else {
    e["opponent"] = {{"kind", "hotseat"}, {"agent", ""}, {"name", ""}};
  }
  Ending end = ending();
  std::string outcome;
  if (end.status == Status::Draw) outcome = "draw";
  else if (end.status == Status::Win) outcome = seat > 1 ? "over" : end.winner == seat ? "win" : "loss";
  e["outcome"] = outcome;  // "" while the game is on
  e["rematch"] = meta_.rematch;
  return e;
}

json Room::replay_frame(int ply) const {
  if (!over()) bad_input("the record is shown when the game is over");
  if (ply < 0 || ply > static_cast<int>(history_.size())) bad_input("no such ply " + std::to_string(ply));
  std::unique_ptr<AnyState> s = start_state();
  for (int i = 0; i < ply; ++i) s->apply(history_[i].stored.move);
  json frame{{"ply", ply}, {"plies", history_.size()}, {"title", meta_.title}, {"result", summary()},
             {"view", json::parse(s->view_json(-1))}};
  if (ply > 0) frame["last"] = move_json(history_[ply - 1]);
  return frame;
}

json Room::view_at(const Access& a, int ply) const {
  if (!state_) bad_input("the game has not started: the players are placing their pieces");
  const int plies = static_cast<int>(history_.size());
  if (ply < 0 || ply > plies) bad_input("no such ply " + std::to_string(ply) + " (0 to " + std::to_string(plies) + ")");
  // The seat whose knowledge is shown is the one the client sees now (the whole board once the game is over);
  // its view at an earlier ply is what that seat knew then, never more.
  const int v = viewer(a);
  if (v < 0 && spec_.info->hidden_information() && !over()) bad_input("this link sees no player's view");
  std::unique_ptr<AnyState> s = start_state();
  for (int i = 0; i < ply; ++i) s->apply(history_[static_cast<std::size_t>(i)].stored.move);
  json frame{{"ply", ply}, {"plies", plies}, {"viewer", v}, {"view", json::parse(s->view_json(v))}};
  frame["last"] = ply > 0 ? move_for(history_[static_cast<std::size_t>(ply - 1)], a) : json(nullptr);
  return frame;
}

namespace {

// Samples per evaluation of a hidden-information position: enough for a steady average, bounded so that a long
// game is analysed within about a second (per ply, two evaluations and one move's judgement, each over `samples`
// draws; a 1,400-ply Stratego game takes about 0.1 s, docs/server.md).
int analysis_samples(int plies) { return std::clamp(8000 / (2 * (plies + 1)), 2, 16); }

// A move is marked as a mistake when its value to its player fell by at least this much (on [-1, 1]) below that
// player's evaluation before the move; at most kMistakes are marked, the biggest first.
constexpr double kMistakeDrop = 0.15;
constexpr std::size_t kMistakes = 3;

}  // namespace

// Each position is evaluated by both players, each from its own Info (AnyState::evaluate_as_known), with a
// seed fixed per ply so that the analysis is the same every time: that is the graph. A move is judged from what
// its player knew before it (AnyState::evaluate_move_as_known, over the same drawn states as the evaluation
// before it): its loss is that evaluation minus the move's value, never what the move revealed or what the
// opponent happened to answer.
const json& Room::analysis() const {
  if (!over()) bad_input("the analysis is made when the game is over");
  if (analysis_) return *analysis_;
  const int plies = static_cast<int>(history_.size());
  const int samples = analysis_samples(plies);
  const auto seed = [&](int k, int p) { return meta_.seed * 1000003ULL + static_cast<std::uint64_t>(2 * k + p); };
  std::vector<std::array<double, 2>> e(static_cast<std::size_t>(plies) + 1);
  std::vector<double> value(static_cast<std::size_t>(plies) + 1);  // value[k]: of move k to its player
  std::unique_ptr<AnyState> s = start_state();
  bool evaluated = true;
  for (int k = 0; k <= plies && evaluated; ++k) {
    if (k > 0) {
      const StoredMove& m = history_[static_cast<std::size_t>(k - 1)].stored;
      auto v = s->evaluate_move_as_known(m.move, samples, seed(k - 1, m.seat));
      if (v) value[static_cast<std::size_t>(k)] = *v;
      else evaluated = false;
      s->apply(m.move);
    }
    for (int p = 0; p < 2 && evaluated; ++p) {
      auto v = s->evaluate_as_known(p, samples, seed(k, p));
      if (v) e[static_cast<std::size_t>(k)][static_cast<std::size_t>(p)] = *v;
      else evaluated = false;
    }
  }
  json out{{"plies", plies}, {"available", evaluated}, {"samples", s->hidden_information() ? samples : 1}};
  json points = json::array(), mistakes = json::array();
  if (evaluated) {
    const auto at = [&](int k, int seat) { return e[static_cast<std::size_t>(k)][static_cast<std::size_t>(seat)]; };
    // The graph: after each move, its player's evaluation, turned to the first player's point of view.
    points.push_back({{"ply", 0}, {"seat", -1}, {"value", at(0, 0)}});
    std::vector<std::pair<double, int>> losses;
    for (int k = 1; k <= plies; ++k) {
      const int seat = history_[static_cast<std::size_t>(k - 1)].stored.seat;
      const double loss = at(k - 1, seat) - value[static_cast<std::size_t>(k)];
      points.push_back({{"ply", k}, {"seat", seat}, {"value", seat == 0 ? at(k, 0) : -at(k, 1)}, {"loss", loss}});
      if (loss >= kMistakeDrop) losses.push_back({loss, k});
    }
    std::sort(losses.begin(), losses.end(),
              [](const auto& x, const auto& y) { return x.first > y.first || (x.first == y.first && x.second < y.second); });
    if (losses.size() > kMistakes) losses.resize(kMistakes);
    for (const auto& [loss, k] : losses)
      mistakes.push_back({{"ply", k}, {"seat", history_[static_cast<std::size_t>(k - 1)].stored.seat}, {"loss", loss}});
  }
  out["points"] = points;
  out["mistakes"] = mistakes;
  out["result"] = summary();
  analysis_ = std::move(out);
  return *analysis_;
}

// The record format of docs/records.md, written by the same code as `strat selfplay --save` so that
// `strat replay` reads it (moves may contain spaces; annotations are braced).
std::string Room::record_text() const {
  if (!over()) bad_input("the record is shown when the game is over");
  Record record;
  record.set_header("Game", meta_.spec);
  for (int s = 0; s < 2; ++s) {
    std::string side = names_[s];
    if (!side.empty()) side[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(side[0])));
    record.set_header(side, meta_.seats[s].kind == SeatKind::Computer ? meta_.seats[s].agent : "human");
  }
  std::string start = meta_.start.substr(4);
  if (meta_.start.rfind("new:", 0) == 0) {
    record.set_header("Seed", start);
    start = spec_.new_game(std::stoull(start))->position();
  }
  record.set_header("Start", start);
  record.set_header("Site", "strat serve, game " + meta_.id);
  record.set_header("Result", summary());
  for (const auto& p : history_) record.moves.push_back({p.stored.move, annotation_of(p.events)});
  return record.to_text();
}

json Room::moves_json() const {
  if (!over()) bad_input("the moves are listed when the game is over");
  json out = json::array();
  for (const auto& p : history_) out.push_back(move_json(p));
  return out;
}

json Room::lobby_entry() const {
  return lobby_entry(meta_, spec_, !state_ ? "setup" : over() ? "over" : "play", history_.size(), summary(),
                     result_json());
}

json Room::lobby_entry(const StoredGame& meta, const GameSpec& spec, std::string_view phase, std::size_t plies,
                       const std::string& summary, json result) {
  return {{"id", meta.id}, {"title", meta.title}, {"game", spec.info->name}, {"mode", to_string(meta.mode)},
          {"phase", phase}, {"plies", plies}, {"summary", summary}, {"created_ms", meta.created_ms},
          {"updated_ms", meta.updated_ms}, {"listed", meta.listed}, {"clock", meta.clock_initial_ms > 0},
          {"result", std::move(result)}, {"variant", spec.variant}};
}

}  // namespace strat::server
