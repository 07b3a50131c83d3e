// The C++ inference of the `stratego-belief` agent's two learned models agrees with the trainer (tools/stratego_train.py) on
// the fixed inputs it wrote with the weights (tests/games/stratego/model_fixture.txt).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/stratego/eval_model.hpp"
#include "games/stratego/move_model.hpp"

using namespace strat::stratego;

TEST(StrategoModels, InferenceAgreesWithTheTrainer) {
  std::ifstream in(std::string(STRAT_SOURCE_DIR) + "/tests/games/stratego/model_fixture.txt");
  ASSERT_TRUE(in) << "model_fixture.txt is missing";
  int evals = 0, moves = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string kind;
    words >> kind;
    std::vector<double> v;
    for (double x; words >> x;) v.push_back(x);
    ASSERT_FALSE(v.empty());
    const double expected = v.back();
    if (kind == "eval") {
      ASSERT_EQ(v.size(), static_cast<std::size_t>(kEvalFeatures) + 1) << line;
      EvalFeatures f;
      for (int i = 0; i < kEvalFeatures; ++i) f[i] = static_cast<float>(v[i]);
      EXPECT_NEAR(EvalModel::trained().logit(f), expected, 1e-4) << line;
      ++evals;
    } else {
      ASSERT_EQ(kind, "move");
      ASSERT_EQ(v.size(), static_cast<std::size_t>(kMoveFeatures) + 1) << line;
      MoveFeatures f;
      for (int i = 0; i < kMoveFeatures; ++i) f[i] = static_cast<float>(v[i]);
      EXPECT_NEAR(MoveModel::trained().logit(f), expected, 1e-4) << line;
      ++moves;
    }
  }
  EXPECT_GE(evals, 4);
  EXPECT_GE(moves, 4);
}
