#include "games/dhamet/rules.hpp"

#include "core/error.hpp"
#include "core/text.hpp"

namespace strat::dhamet {

Rules Rules::from(const Options& options) {
  options.check_known({"variant", "huffing", "draw_plies", "repetitions"});
  Rules r;
  const std::string variant = options.get("variant", "standard");
  if (variant != "standard" && variant != "huffing") bad_input("unknown variant " + strat::quoted(variant) + " of dhamet");
  r.huffing = variant == "huffing" || options.flag("huffing");
  r.draw_plies = static_cast<int>(options.get_int("draw_plies", 100, 0, 100000));
  r.repetitions = static_cast<int>(options.get_int("repetitions", 3, 0, 1000));
  if (r.repetitions == 1) bad_input("game option 'repetitions' must be 0 (off) or at least 2, got 1");
  return r;
}

namespace {
Board without(const Board& b, int huffed) {
  Board t = b;
  t.put(huffed, '.');
  t.set_huffable(0);
  return t;
}
}  // namespace

void legal_moves(const Board& b, const Rules& rules, std::vector<Move>& out) {
  if (!rules.huffing) {
    generate_strict(b, out);
    return;
  }
  generate_loose(b, out);
  std::vector<Move> after;
  for (Bits x = b.huffable; x;) {
    const int h = pop_lsb(x);
    const Board t = without(b, h);
    if (t.count(1 - b.side) == 0) {  // the huff alone wins
      Move m;
      m.huff = static_cast<std::uint8_t>(h);
      out.push_back(m);
      continue;
    }
    generate_loose(t, after);
    for (Move m : after) {
      m.huff = static_cast<std::uint8_t>(h);
      out.push_back(m);
    }
  }
}

void play(Board& b, const Move& m, const Rules& rules) {
  if (!rules.huffing) {
    b.play(m);
    return;
  }
  // The position the mover faces is the one after their huff; the fault is judged there.
  const Board faced = m.huff != kNone ? without(b, m.huff) : b;
  Bits achievers = 0;
  const int most = max_capture(faced, &achievers);
  b.play(m);
  if (m.n && m.caps < most) {
    if (has(achievers, m.from)) achievers = (achievers & ~bit(m.from)) | bit(m.to());
    b.set_huffable(achievers);
  }
}

bool has_legal_move(const Board& b, const Rules& rules) {
  if (has_step(b) || has_capture(b)) return true;
  if (!rules.huffing || !b.huffable) return false;
  std::vector<Move> moves;
  legal_moves(b, rules, moves);
  return !moves.empty();
}

}  // namespace strat::dhamet
