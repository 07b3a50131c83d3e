#include "test_games.hpp"

#include <algorithm>
#include <sstream>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"
#include "server/secure_random.hpp"

namespace strat::server_test {

const std::vector<std::string>& secret_words(int player) {
  static const std::vector<std::string> w0 = {"zircon", "quokka", "fjord", "sphinx", "jubilee"};
  static const std::vector<std::string> w1 = {"wombat", "glyph", "vortex", "kayak", "nymph"};
  return player == 0 ? w0 : w1;
}

namespace {

std::string name_of(int p) { return p == 0 ? "red" : "blue"; }

class Secrets final : public AnyState {
 public:
  Secrets(std::vector<std::string> a, std::vector<std::string> b) : words_{std::move(a), std::move(b)} {}
  std::unique_ptr<AnyState> clone() const override { return std::make_unique<Secrets>(*this); }
  const std::string& game_name() const override {
    static const std::string n = "secrets";
    return n;
  }
  int to_move() const override { return ply_ % 2; }
  Outcome outcome() const override {
    if (ended_) return *ended_;
    if (ply_ < 6) return Outcome::ongoing();
    std::size_t len[2] = {0, 0};
    for (int p = 0; p < 2; ++p)
      for (int i = 0; i < 3; ++i)
        if (revealed_[i]) len[p] += words_[p][i].size();
    if (len[0] == len[1]) return Outcome::draw("equal");
    return Outcome::win(len[0] > len[1] ? 0 : 1, "longer");
  }
  void end(const Outcome& o) override { ended_ = o; }
  int ply() const override { return ply_; }
  std::vector<std::string> legal_moves() const override {
    if (outcome().over()) return {};
    return {"hit 1", "hit 2", "hit 3"};
  }
  Events apply(std::string_view move) override {
    if (outcome().over()) bad_input("the game is over");
    if (move.size() != 5 || move.substr(0, 4) != "hit " || move[4] < '1' || move[4] > '3')
      // Deliberately names a hidden word, as a careless game might: the server must not pass this on.
      bad_input("illegal move " + quoted(move) + ": blue holds " + words_[1][0]);
    int i = move[4] - '1';
    revealed_[i] = true;
    ++ply_;
    return {"reveal " + std::to_string(i + 1) + " " + words_[0][i] + "x" + words_[1][i]};
  }
  std::string position() const override {
    std::string s;
    for (int p = 0; p < 2; ++p) s += join(words_[p]) + " ";
    for (int i = 0; i < 3; ++i) s += revealed_[i] ? '1' : '0';
    return s + " " + std::to_string(ply_);
  }
  std::string view(int player) const override { return view_json(player); }
  std::string view_json(int player) const override {
    std::string out = "{\"game\":\"secrets\",\"words\":[";  // a view names its game (protocol/views.schema.json)
    for (int p = 0; p < 2; ++p) {
      out += p ? ",[" : "[";
      for (int i = 0; i < 3; ++i) {
        bool shown = player < 0 || player == p || revealed_[i];
        out += std::string(i ? "," : "") + "\"" + (shown ? words_[p][i] : "?") + "\"";
      }
      out += "]";
    }
    return out + "]}";
  }
  std::string render(int perspective, bool) const override { return view_json(perspective) + "\n"; }
  // From what both players see: the revealed words' lengths (never an unrevealed word).
  std::optional<double> evaluate_as_known(int player, int, std::uint64_t) const override {
    Outcome o = outcome();
    if (o.over()) return o.status == Status::Win ? (o.winner == player ? 1.0 : -1.0) : 0.0;
    int diff = 0;
    for (int i = 0; i < 3; ++i)
      if (revealed_[i]) diff += static_cast<int>(words_[player][i].size()) - static_cast<int>(words_[1 - player][i].size());
    return std::clamp(diff / 10.0, -1.0, 1.0);
  }
  // Judged from the words revealed before the move: what the hit will show is unknown to the mover.
  std::optional<double> evaluate_move_as_known(std::string_view move, int samples, std::uint64_t seed) const override {
    clone()->apply(move);  // refuses an illegal move
    return evaluate_as_known(to_move(), samples, seed);
  }
  // A hit shows both players the words of its slot, unless they were shown already.
  bool move_reveals(std::string_view move, int) const override {
    clone()->apply(move);
    return !revealed_[move[4] - '1'];
  }
  bool hidden_information() const override { return true; }
  std::string player_name(int p) const override { return name_of(p); }
  std::optional<std::uint64_t> perft(int) const override { return std::nullopt; }

  static std::unique_ptr<Secrets> load(std::string_view pos) {
    auto parts = split_ws(pos);
    if (parts.size() != 4) bad_input("secrets position needs 4 fields");
    auto s = std::make_unique<Secrets>(parse_setup(parts[0], 0), parse_setup(parts[1], 1));
    for (int i = 0; i < 3; ++i) s->revealed_[i] = parts[2].size() == 3 && parts[2][i] == '1';
    s->ply_ = std::stoi(std::string(parts[3]));
    return s;
  }
  static std::vector<std::string> parse_setup(std::string_view text, int player) {
    std::vector<std::string> out;
    for (auto w : split(text, ',')) {
      const auto& list = secret_words(player);
      if (std::find(list.begin(), list.end(), w) == list.end())
        bad_input(name_of(player) + "'s setup has " + quoted(w) + ", not one of its words");
      out.emplace_back(w);
    }
    if (out.size() != 3) bad_input(name_of(player) + "'s setup needs 3 words, has " + std::to_string(out.size()));
    return out;
  }

 private:
  static std::string join(const std::vector<std::string>& w) { return w[0] + "," + w[1] + "," + w[2]; }
  std::vector<std::string> words_[2];
  bool revealed_[3] = {false, false, false};
  int ply_ = 0;
  std::optional<Outcome> ended_;  // resigned, agreed, timed out
};

class Nim final : public AnyState {
 public:
  explicit Nim(int pile = 7, int ply = 0) : pile_(pile), ply_(ply) {}
  std::unique_ptr<AnyState> clone() const override { return std::make_unique<Nim>(*this); }
  const std::string& game_name() const override {
    static const std::string n = "nim";
    return n;
  }
  int to_move() const override { return ply_ % 2; }
  Outcome outcome() const override {
    if (ended_) return *ended_;
    return pile_ == 0 ? Outcome::win(1 - to_move(), "last") : Outcome::ongoing();
  }
  void end(const Outcome& o) override { ended_ = o; }
  int ply() const override { return ply_; }
  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    for (int k = 1; k <= std::min(2, pile_); ++k) out.push_back("take" + std::to_string(k));
    return out;
  }
  Events apply(std::string_view move) override {
    if (outcome().over()) bad_input("the game is over");
    if (move != "take1" && move != "take2") bad_input("illegal move " + quoted(move) + ": expected take1 or take2");
    int k = move[4] - '0';
    if (k > pile_) bad_input("illegal move " + quoted(move) + ": only " + std::to_string(pile_) + " left");
    pile_ -= k;
    ++ply_;
    return {};
  }
  std::string position() const override { return std::to_string(pile_) + " " + std::to_string(ply_); }
  std::string view(int) const override { return position(); }
  std::string view_json(int) const override { return "{\"game\":\"nim\",\"pile\":" + std::to_string(pile_) + "}"; }
  std::string render(int, bool) const override { return position() + "\n"; }
  // Exact: the side to move loses with a multiple of 3 left.
  std::optional<double> evaluate_as_known(int player, int, std::uint64_t) const override {
    Outcome o = outcome();
    if (o.over()) return o.winner == player ? 1.0 : -1.0;
    const bool mover_wins = pile_ % 3 != 0;
    return (mover_wins == (to_move() == player)) ? 0.5 : -0.5;
  }
  // The mover's value after the move and the opponent's best answer.
  std::optional<double> evaluate_move_as_known(std::string_view move, int samples, std::uint64_t seed) const override {
    const int mover = to_move();
    auto after = clone();
    after->apply(move);
    if (after->outcome().over()) return after->evaluate_as_known(mover, samples, seed);
    double worst = 1.0;
    for (const auto& answer : after->legal_moves()) {
      auto next = after->clone();
      next->apply(answer);
      worst = std::min(worst, *next->evaluate_as_known(mover, samples, seed));
    }
    return worst;
  }
  bool move_reveals(std::string_view, int) const override { return false; }
  bool hidden_information() const override { return false; }
  std::string player_name(int p) const override { return name_of(p); }
  std::optional<std::uint64_t> perft(int) const override { return std::nullopt; }

 private:
  int pile_;
  int ply_;
  std::optional<Outcome> ended_;  // resigned, agreed, timed out
};

// Plays the first legal move: these games test the server, not search.
class FirstMove final : public AnyAgent {
 public:
  const std::string& name() const override {
    static const std::string n = "first";
    return n;
  }
  std::string choose(const AnyState& s) override { return s.legal_moves().front(); }
};

std::unique_ptr<AnyAgent> make_agent(std::string_view spec) {
  auto [name, options] = Options::parse_spec(spec, "agent option");
  if (name != "first") bad_input("unknown agent '" + name + "' (known: first)");
  return std::make_unique<FirstMove>();
}

}  // namespace

void register_test_games() {
  static bool done = false;
  if (done) return;
  done = true;
  GameInfo secrets;
  secrets.name = "secrets";
  secrets.title = "Secrets";
  secrets.agents = {"first"};
  secrets.load = [](const Options&, std::string_view pos) -> std::unique_ptr<AnyState> { return Secrets::load(pos); };
  secrets.new_game = [](const Options&, std::uint64_t) -> std::unique_ptr<AnyState> {
    return std::make_unique<Secrets>(std::vector<std::string>{"zircon", "quokka", "fjord"},
                                     std::vector<std::string>{"wombat", "glyph", "vortex"});
  };
  secrets.make_agent = [](const Options&, std::string_view spec, std::uint64_t) { return make_agent(spec); };
  secrets.random_setup = [](const Options&, int player, std::uint64_t seed) {
    const auto& w = secret_words(player);
    std::string out;
    for (int i = 0; i < 3; ++i) out += (i ? "," : "") + w[(seed + i * 2) % w.size()];
    return out;
  };
  secrets.from_setups = [](const Options&, const std::string& a, const std::string& b) -> std::unique_ptr<AnyState> {
    return std::make_unique<Secrets>(Secrets::parse_setup(a, 0), Secrets::parse_setup(b, 1));
  };
  Registry::global().add(secrets);

  GameInfo nim;
  nim.name = "nim";
  nim.title = "Nim";
  nim.agents = {"first"};
  nim.has_startpos = true;
  nim.load = [](const Options&, std::string_view pos) -> std::unique_ptr<AnyState> {
    auto parts = split_ws(pos);
    if (parts.size() != 2) bad_input("nim position needs 2 fields");
    return std::make_unique<Nim>(std::stoi(std::string(parts[0])), std::stoi(std::string(parts[1])));
  };
  nim.new_game = [](const Options&, std::uint64_t) -> std::unique_ptr<AnyState> { return std::make_unique<Nim>(); };
  nim.make_agent = [](const Options&, std::string_view spec, std::uint64_t) { return make_agent(spec); };
  Registry::global().add(nim);
}

std::string stratego_field(const std::map<std::string, char>& pieces) {
  std::string f(100, 'A');
  const auto at = [](const std::string& sq) { return static_cast<std::size_t>((std::stoi(sq.substr(1)) - 1) * 10 + (sq[0] - 'a')); };
  for (const char* lake : {"c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"}) f[at(lake)] = '_';
  for (const auto& [sq, letter] : pieces) f[at(sq)] = letter;
  return f;
}

StoredTestGame store_game(server::Store& store, const std::string& spec_text, const std::string& mode,
                          const std::string& position, const std::vector<std::string>& moves,
                          const std::string& result, std::uint64_t seed, const std::string& agent) {
  const GameSpec spec = GameSpec::parse(spec_text);
  server::StoredGame g;
  g.id = server::random_token().substr(0, 12);
  g.spec = spec_text;
  g.mode = *server::parse_mode(mode);
  g.start = "pos:" + position;
  g.seed = seed;
  g.created_ms = g.updated_ms = g.started_ms = server::now_ms();
  g.title = spec.info->title;
  g.result = result;
  for (int s = 0; s < 2; ++s) {
    const bool computer = mode == "selfplay" || (mode == "computer" && s == 1);
    g.seats[s] = computer ? server::StoredSeat{server::SeatKind::Computer, agent} : server::StoredSeat{server::SeatKind::Human, ""};
  }
  StoredTestGame out{g.id, {}};
  std::vector<server::StoredToken> tokens;
  const auto grant = [&](const std::string& role, int acts, int sees) {
    tokens.push_back({server::random_token(), g.id, acts, sees, true});
    out.tokens[role] = tokens.back().token;
  };
  for (int s = 0; s < 2; ++s)
    if (g.seats[s].kind == server::SeatKind::Human) grant("seat" + std::to_string(s), 1 << s, s);
  grant("watch0", 0, 0);
  grant("watch1", 0, 1);
  grant("watch", 0, -1);
  auto state = spec.load(position);
  std::vector<server::StoredMove> played;
  for (const auto& m : moves) {
    server::StoredMove sm;
    sm.ply = state->ply();
    sm.seat = state->to_move();
    sm.move = m;
    sm.at_ms = g.created_ms;
    state->apply(m);
    played.push_back(sm);
  }
  if (state->outcome().over()) g.summary = "over";
  store.create_game(g, tokens);
  for (const auto& m : played) store.add_move(g.id, m);
  return out;
}

}  // namespace strat::server_test
