#include "games/stratego/taken_bombs.hpp"

namespace strat::stratego {

namespace {

bool unmoved_enemy(const Info& info, int s) { return info.holds(info.player() ^ 1, s) && !(info.cell(s) & kMoved); }

}  // namespace

void TakenBombs::observe(const Info& now) {
  const int me = now.player(), enemy = me ^ 1;
  if (!last_ || last_->player() != me || now.ply() != last_->ply() + 2) {
    squares_ = 0;
    last_ = now;
    return;
  }
  if (now.alive(enemy, kBomb) + 1 == last_->alive(enemy, kBomb)) {
    // The Bomb stood where an unmoved enemy piece stood at the last turn and stands no more. The enemy's own move may
    // have left one more such square: the one its plain move left (its run), or the one an attack of it came from, when
    // the square the Miner took holds the player's piece no more either. Only a square that is certain is kept.
    const Run& run = now.run(enemy);
    int found = -1, found_mine = -1, candidates = 0, mine = 0;
    for (int s = 0; s < kCells; ++s) {
      if (!unmoved_enemy(*last_, s) || unmoved_enemy(now, s) || (run.count && run.from == s)) continue;
      ++candidates;
      found = s;
      if (now.holds(me, s)) ++mine, found_mine = s;
    }
    const int square = candidates == 1 ? found : mine == 1 ? found_mine : -1;
    if (square >= 0 && square < 128) squares_ |= bit(square);
  }
  last_ = now;
}

}  // namespace strat::stratego
