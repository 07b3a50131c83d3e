#include "games/stratego/setup_notation.hpp"

#include <nlohmann/json.hpp>

#include "core/any_state.hpp"
#include "core/error.hpp"
#include "games/stratego/setup.hpp"
#include "games/stratego/state.hpp"

namespace strat::stratego {

namespace {

constexpr const char* kMiddleRows = "AA__AA__AAAA__AA__AA";  // rows 5 and 6 with their lakes (S-02)

std::string player_rows(const State& s, int player) {
  const std::string field = s.to_string().substr(0, 100);
  return player == 0 ? field.substr(0, 40) : field.substr(60, 40);
}

void check_letters(const std::string& setup, int player) {
  const char* who = player == 0 ? "Red" : "Blue";
  if (setup.size() != 40)
    bad_input(std::string(who) + "'s setup has " + std::to_string(setup.size()) + " squares, expected 40");
  for (std::size_t i = 0; i < setup.size(); ++i) {
    const char c = setup[i];
    int owner = 0, rank = 0;
    if (c == 'A') continue;
    const int row = static_cast<int>(i / 10) + (player == 0 ? 1 : 7);
    const std::string where = std::string(1, static_cast<char>('a' + i % 10)) + std::to_string(row);
    if (!decode_letter(c, owner, rank)) bad_input(std::string(who) + "'s setup: unknown letter '" + c + "' at " + where);
    if (owner != player) bad_input(std::string(who) + "'s setup: the piece at " + where + " is not " + who + "'s");
  }
}

}  // namespace

std::string setup_letters(const Config& config, const Setup& s, int player) {
  return player_rows(start_position(config, s, s), player);
}

void add_setup_hooks(GameInfo& info) {
  // Moves name squares only, and the events (reveal e5 6x4, capture e5) are what S-12 shows both players. A
  // placement of setup=actions (b1=F) shows nothing but that a piece was placed (S-05).
  info.public_part = [](const std::string& move, const std::vector<std::string>& events) {
    if (move.find('=') != std::string::npos) return std::make_pair(std::string("place"), std::vector<std::string>{});
    return std::make_pair(move, events);
  };
  info.random_setup = [](const Options& options, int player, std::uint64_t seed) {
    const Config config = Config::from(options);
    Rng rng(seed);
    return setup_letters(config, generate_setup(config, rng), player);
  };
  // What the setup editor and the board draw from (GameInfo::constants): the army by rank code, each side's
  // letter per rank code in the setup notation (empty square: "A"), each side's setup rows (1-based, in the
  // order of the notation), and the lakes.
  info.constants = [](const Options& options) {
    const Army& army = Config::from(options).army();
    nlohmann::json counts = nlohmann::json::object(), letters = nlohmann::json::array({nlohmann::json::object(), nlohmann::json::object()});
    for (int r = 1; r < kRanks; ++r) {
      if (army[r]) counts[rank_code(r)] = army[r];  // the ranks of the variant only (Barrage has 8 pieces)
      for (int p = 0; p < 2; ++p) letters[p][rank_code(r)] = std::string(1, piece_letter(p, r));
    }
    nlohmann::json lakes = nlohmann::json::array();
    for (int row = 0; row < 10; ++row)
      for (int col = 0; col < 10; ++col)
        if (is_lake_square(col, row)) lakes.push_back(square_str(sq(col, row)));
    return nlohmann::json{{"army", counts}, {"letters", letters}, {"empty_letter", "A"},
                          {"setup_rows", {{1, 2, 3, 4}, {7, 8, 9, 10}}}, {"cols", 10}, {"rows", 10}, {"lakes", lakes}};
  };
  info.from_setups = [](const Options& options, const std::string& red, const std::string& blue) -> std::unique_ptr<AnyState> {
    check_letters(red, 0);
    check_letters(blue, 1);
    // A new game, so the strict start check: complete armies ("Red has 7 Scouts, expected 8"), Red to move.
    return std::make_unique<StateAdapter<State>>("stratego",
                                                 State::parse_start(red + kMiddleRows + blue + " r", Config::from(options)));
  };
}

}  // namespace strat::stratego
