// Malformed positions and moves: one clear BadInput, never a crash (fuzz-style over random strings).
#include <gtest/gtest.h>

#include "helpers.hpp"

using namespace strat;
using namespace strat::stratego;

TEST(StrategoBadInput, MalformedPositionsNameTheProblem) {
  auto err = [](const std::string& text) {
    try {
      State::parse(text, Config{});
    } catch (const BadInput& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(err("").find("expected"), std::string::npos);
  EXPECT_NE(err("ABC r").find("has 3 characters"), std::string::npos);
  Rng rng(1);
  std::string good = random_start(Config{}, rng).to_string();
  std::string bad = good;
  bad[5] = 'Z';
  EXPECT_NE(err(bad).find("unknown letter 'Z' at f1"), std::string::npos);
  bad = good;
  bad.back() = 'x';
  EXPECT_NE(err(bad).find("side to move"), std::string::npos);
  EXPECT_NE(err(good + " 1 zz - - -").find("red's series"), std::string::npos);
}

TEST(StrategoBadInput, RandomStringsNeverCrashTheParsers) {
  Rng rng(77);
  Rng setup_rng(3);
  State s = random_start(Config{}, setup_rng);
  const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ_?abcdefghij0123456789 -x:,\t";
  std::string good = s.to_string();
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    if (i % 2 == 0) {
      const int n = static_cast<int>(rng.below(120));
      for (int k = 0; k < n; ++k) text += alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    } else {
      text = good;  // a valid position with a few characters changed
      for (int k = 0; k < 3; ++k) text[rng.below(static_cast<std::uint32_t>(text.size()))] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    }
    try {
      State p = State::parse(text, Config{});
      EXPECT_EQ(State::parse(p.to_string(), Config{}).to_string(), p.to_string());
    } catch (const BadInput&) {
    }
    std::string move = text.substr(0, rng.below(8));
    try {
      Move m = s.parse_move(move);
      std::vector<Move> legal;
      s.legal_moves(legal);
      EXPECT_TRUE(std::find(legal.begin(), legal.end(), m) != legal.end());
    } catch (const BadInput&) {
    }
  }
}
