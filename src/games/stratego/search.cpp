#include "games/stratego/search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/agent.hpp"

namespace strat::stratego {

namespace {

constexpr int kInf = 1'000'000;
// A win is worth two and a half Marshals: more than any exchange a short search sees, but not so much that a faint
// chance of taking the Flag, averaged over the worlds, buys a real risk: a Marshal does not attack a piece that is
// the Flag in one world of six and a Bomb in one of two.
constexpr int kWin = 1000;
// `hope`: a root score this near the loss's is a loss in (almost) every world, and moves this near the best one lose
// as surely (a loss a few plies later).
constexpr int kHopeLoss = 8, kHopeLost = 2000;
constexpr int kQuiescencePlies = 4;
// Both armies' material at the start, as the evaluation counts it (every piece unknown and hunted).
constexpr int kArmies = 5100;

// Material in centi-pieces, before the adjustments of piece_value.
constexpr int kBase[kRanks] = {0, 60, 12, 30, 15, 25, 45, 80, 140, 250, 400, 12, 0};

// A piece's worth to its owner in this position.
int piece_value(const State& s, int owner, int rank) {
  const int enemy = owner ^ 1;
  if (rank == kSpy) return s.alive(enemy, kMarshal) ? 60 : 10;
  if (rank == kMiner && s.alive(enemy, kBomb)) {
    // The last Miners are what opens a bombed Flag: each one left is worth more.
    const int miners = s.alive(owner, kMiner);
    return miners <= 1 ? 90 : miners == 2 ? 60 : 35;
  }
  if (rank == kGeneral && !s.alive(enemy, kMarshal)) return 320;  // the strongest piece left on the board
  return kBase[rank];
}

// Staying unknown is worth something: a hidden Marshal or General is neither avoided nor hunted by the Spy.
constexpr int kHiddenBonus[kRanks] = {0, 25, 3, 5, 4, 5, 8, 14, 25, 45, 70, 10, 0};

// What staying unknown is worth to `owner`'s piece of each rank. A piece the enemy knows is hunted by every enemy piece
// that beats it (the tournament bots attack only what they know they beat, and so do careful players): while the enemy
// still has such a piece, being known costs a share of the piece's value; once nothing can beat it, only the bluff is
// lost. The Marshal's only danger is the Spy.
// Returns the enemy's strongest movable rank (0 when none is left).
int hidden_values(const State& s, int owner, const int (&value)[kRanks], int (&hidden)[kRanks]) {
  const int enemy = owner ^ 1;
  int strongest = 0;
  for (int r = kMarshal; r >= kSpy && !strongest; --r)
    if (s.alive(enemy, r)) strongest = r;
  hidden[0] = 0;
  for (int r = 1; r < kRanks; ++r) {
    const bool hunted = r == kMarshal ? s.alive(enemy, kSpy) > 0 : movable(r) && strongest > r;
    hidden[r] = std::max(kHiddenBonus[r], hunted ? value[r] * (r == kMarshal ? 20 : 35) / 100 : 0);
  }
  return strongest;
}

struct Piece {
  std::uint8_t square, rank, known, moved;
};

struct Army2 {
  Piece piece[40];
  int n = 0;
};

int side_score(const State& s, int me, const Army2& mine, const Army2& theirs, int lead,
               const int (&enemy_value)[kRanks], const FlagField* field, bool reserve, int sweep) {
  if (field && field->owner != (me ^ 1)) field = nullptr;
  int score = 0;
  int their_flag = -1;
  // Targets worth hunting, with their value to their owner: not the Flag (below), not Bombs (only Miners).
  // A target's rank is the one its hunters must beat: for a moved piece the hunter does not know, `sweep`, above every
  // rank it may have (a target only for the pieces that beat them all); its value is the world's guess.
  int target_sq[40], target_rank[40], target_value[40], target_worth[40], targets = 0;
  for (int i = 0; i < theirs.n; ++i) {
    const Piece& e = theirs.piece[i];
    if (e.rank == kFlag) {
      if (!field) their_flag = e.square;
      continue;
    }
    // Only what the hunter knows: in a drawn world an unknown piece's rank is a guess, and a piece drawn to the
    // guessed weak pieces of one world walks deep among unmoved pieces (Bombs, stronger pieces) and is cornered there.
    // A piece that moved and that every hunter above `sweep` beats whatever it is, is safe game for those: far ahead
    // against ramen, strat's Marshal and General stood for hundreds of plies beside an unknown Colonel they both beat,
    // and the game was drawn at the ply limit.
    if (!e.known && !(e.moved && sweep < kRanks)) continue;
    target_sq[targets] = e.square;
    target_rank[targets] = e.known ? e.rank : sweep;
    target_value[targets] = enemy_value[e.rank] * 8;
    target_worth[targets] = enemy_value[e.rank];
    ++targets;
  }
  // Intruders near one's own Flag are worth more to hunt down: up to four times, next to it.
  for (int i = 0; i < mine.n; ++i) {
    if (mine.piece[i].rank != kFlag) continue;
    for (int k = 0; k < targets; ++k) {
      const int d = distance(target_sq[k], mine.piece[i].square);
      if (d < 5) target_value[k] += target_value[k] * 3 * (5 - d) / 5;
    }
  }
  // Targets in order of rank (a counting sort): a piece of rank r takes exactly those before first[r], Bombs aside
  // (only a Miner) and the Marshal (also the Spy). The evaluation's main cost is this pairing of every piece with
  // every target, so each piece looks only at the targets it takes.
  int first[kRanks + 1] = {}, sorted_col[40], sorted_row[40], sorted_value[40], sorted_worth[40], claim[40] = {};
  for (int k = 0; k < targets; ++k) ++first[target_rank[k] + 1];
  for (int r = 0; r < kRanks; ++r) first[r + 1] += first[r];
  {
    int at[kRanks];
    std::copy(first, first + kRanks, at);
    for (int k = 0; k < targets; ++k) {
      const int j = at[target_rank[k]]++;
      sorted_col[j] = col_of(target_sq[k]);
      sorted_row[j] = row_of(target_sq[k]);
      sorted_value[j] = target_value[k];
      sorted_worth[j] = target_worth[k];
    }
  }
  // Hunting: each movable piece is drawn towards the most valuable enemy piece it beats, nearer is better; harder once
  // ahead (a lead is converted by attacking, not by shuffling at home). A target counts once, for its best hunter, and
  // for at most 2/5 of its worth, so that taking it always scores more than standing next to it (summed over several
  // hunters and raised near one's own Flag, the pull had grown to more than the piece: 900 ahead, strat left a known
  // Major walking to its Flag rather than give up the pull by taking it).
  const int hunt = 6 + std::clamp(lead, 0, 400) / 25;
  // The Flag: the two nearest pieces to it count, more the nearer (a Miner two squares from a bombed Flag is a
  // threat the search may not see in time), a Scout with an open line to it as if next to it; seen from the other
  // side, this is the defence of the approaches. With `reserve`, not the Marshal or General: drawn to the enemy's
  // back rows they tested its unmoved pieces and were far from home when the enemy's top piece came to take strat's
  // pieces there (in 48 games against peternlewis, 256 of the 429 pieces its Marshal and General took fell in strat's
  // half with no piece that could stop the taker within four squares; with `reserve`, 72 of 194 in 36 games).
  const int flag_weight = 400 + std::clamp(lead, 0, 400) / 2;
  int threat[2] = {0, 0};
  // Ahead, while the enemy has Bombs, its nearest Miner is also drawn to where the enemy Flag likely is, steadily from
  // afar (the field's far): converting a lead takes a Miner at the Bombs, and far ahead against ramen strat's four
  // Miners stood at home for 2,000 plies. Not when even or behind: a Miner sent forward early dies to anything.
  const bool escort = field && lead > 0 && s.alive(me ^ 1, kBomb) > 0;
  int escort_near = 0;
  for (int i = 0; i < mine.n; ++i) {
    const Piece& a = mine.piece[i];
    if (!movable(a.rank)) continue;
    const int ac = col_of(a.square), ar = row_of(a.square);
    // The best value / (distance + 1), kept as a fraction (no division per pair): v / dv.
    int v = 0, dv = 1, chosen = -1;
    auto consider = [&](int from, int to) {
      for (int j = from; j < to; ++j) {
        const int d1 = std::abs(ac - sorted_col[j]) + std::abs(ar - sorted_row[j]) + 1;
        if (sorted_value[j] * dv > v * d1) v = sorted_value[j], dv = d1, chosen = j;
      }
    };
    consider(0, first[a.rank]);
    if (a.rank == kMiner) consider(first[kBomb], first[kBomb + 1]);
    if (a.rank == kSpy) consider(first[kMarshal], first[kMarshal + 1]);
    if (chosen >= 0)
      claim[chosen] = std::max(claim[chosen], std::min(v / dv * hunt / 100, sorted_worth[chosen] * 2 / 5));
    if (escort && a.rank == kMiner) escort_near = std::max(escort_near, static_cast<int>(field->far[a.square]));
    if ((their_flag >= 0 || field) && !(reserve && a.rank >= kGeneral)) {
      int near;
      if (field) {
        near = flag_weight * (a.rank == kMiner ? field->near : field->open)[a.square] / 1000;
      } else {
        int d = distance(a.square, their_flag);
        if (a.rank == kScout && d > 1 && open_line(s, a.square, their_flag)) d = 1;
        near = flag_weight / (d + 1);
      }
      if (near > threat[0])
        threat[1] = threat[0], threat[0] = near;
      else if (near > threat[1])
        threat[1] = near;
    }
  }
  for (int j = 0; j < targets; ++j) score += claim[j];
  const int flag_threat = threat[0] + threat[1] / 2;
  return score + flag_threat + escort_near * std::min(lead, 400) / 4000;
}

// A Marshal the enemy knows, next to an enemy piece that moved and is still unknown: that piece came close to a
// known Marshal, which is what the Spy does (the worlds give it only its share of the Spy's probability).
int spy_danger(const State& s, int me, const Army2& mine) {
  if (!s.alive(me ^ 1, kSpy)) return 0;
  for (int i = 0; i < mine.n; ++i) {
    const Piece& a = mine.piece[i];
    if (a.rank != kMarshal || !a.known) continue;
    int danger = 0;
    for (int d : kDirs) {
      const std::uint8_t c = s.cell(a.square + d);
      if ((c & kRankMask) && !(c & kWall) && ((c & kBlue) ? 1 : 0) != me && (c & kMoved) && !(c & kKnown)) danger += 90;
    }
    return danger;
  }
  return 0;
}

// The Flag's guard. An enemy piece that can take the Flag (a Miner; any piece while the Flag has a neighbour that is
// no own Bomb) and is nearer to it than every own piece that beats it is to the intruder wins the race unless
// something stops it; a search two or three plies deep sees that only when no defender can arrive in time (the games
// were lost so, a Miner walking along the back row through the Bombs). The worst such intruder costs, more the nearer.
// With `wary`, an enemy piece we do not know counts as a Miner at a bombed-in Flag while the enemy has one: the player
// does not know which it is, and the bots send their Miners to the last unmoved pieces (peternlewis took strat's Flag
// so in games strat led on material, a Miner within four squares of it for up to 120 plies), while in a world it was a
// Miner only as often as the beliefs drew one.
// With a race, distances are moves around lakes and Bombs (a Miner takes Bombs on its way), per square it may take
// the Flag from, and the defender must stand next to that square when the intruder arrives: as crow-flight squares, a
// Lieutenant three squares from a Miner "guarded" a Flag it needed one move more to save (stratego-v1 took it so,
// eight plies after its Miner came within four squares, strat far ahead).
// The rank an enemy piece threatens the Flag as: with `miners` (wary, see above), a Miner when the player does not know
// it.
int intruder_rank(const Piece& e, bool miners) {
  return miners && !e.known && movable(e.rank) ? static_cast<int>(kMiner) : e.rank;
}

int flag_race_exposure(const State& s, int me, const Army2& mine, const Army2& theirs, int lead,
                       const EvalContext& context, const FlagRace& race) {
  constexpr int kGuard = 300, kReach = 6, kHome = 5;
  const int level = context.guard, lost = context.lost;
  // With `far`, the fewer pieces the enemy can still move, the farther out an intruder counts: from 6 moves with 12
  // or more up to 12 with 6 or fewer. In the endgames lost on the Flag while ahead, the intruder set out beyond the
  // race's reach while the one piece that beat it walked off to hunt (strat's General went for a Major, a Colonel ten
  // moves from the Flag came in, and by the time it was within six moves the General was five too late).
  int reach = kReach;
  if (context.far) {
    int movers = 0;
    for (int r = kSpy; r <= kMarshal; ++r) movers += s.alive(me ^ 1, r);
    reach = std::clamp(18 - movers, kReach, 2 * kReach);
  }
  // From guard=1 the guard weighs more the more one leads (the Flag is then all the enemy can still win by), up to
  // twice, and a defender with no move to spare leaves half the danger: the search saw its last ply make the defence in
  // time and put it off move after move, until a second threat took the one move it had (strat lost so to a Miner at
  // its bombed-in Flag, 700 ahead, its Captain at exactly the race's distance for three moves). With guard=2 a defender
  // one, two or three moves late leaves 70, 85 or 100% of it, so that bringing the nearest one home pays before it is
  // in time (a known Miner stood four moves from strat's Flag for 14 plies while strat's General, seven moves away,
  // walked off), and a defender of the intruder's rank guards too (both die, and the Flag stands).
  const int guard = kGuard + (level >= 1 ? std::clamp(lead, 0, 600) / 2 : 0);
  const int spare = level >= 1 ? 1 : 0;
  static constexpr int kLateShare[3][4] = {{0, 100, 100, 100}, {50, 100, 100, 100}, {50, 70, 85, 100}};
  const bool miners = context.wary && s.alive(me ^ 1, kMiner) > 0;
  // The intruder moves first unless it is our move: then a defender that arrives with it is in time.
  const int slack = s.to_move() == me ? 0 : 1;
  // Which exits are still one's own Bombs (only a Miner comes through those): the same for every intruder.
  bool bomb[4];
  for (int x = 0; x < race.exits; ++x) {
    const std::uint8_t c = s.cell(race.exit[x]);
    bomb[x] = (c & kRankMask) == kBomb && !(c & kWall) && ((c >> 4) & 1) == me;
  }
  int worst = 0;
  for (int k = 0; k < theirs.n; ++k) {
    const Piece& e = theirs.piece[k];
    if (!movable(e.rank)) continue;
    const int rank = intruder_rank(e, miners);
    for (int x = 0; x < race.exits; ++x) {
      if (bomb[x] && rank != kMiner) continue;
      int moves = (rank == kMiner ? race.miner : race.other)[x][e.square];
      // A Scout with an open line to an empty exit is there in one move (with `home`): in the endgames lost to
      // stratego-v1 a Scout ran along the back row to a Flag whose guards were far away.
      if (context.home && rank == kScout && moves > 1 && s.cell(race.exit[x]) == 0 &&
          open_line(s, e.square, race.exit[x]))
        moves = 1;
      // The most this intruder can cost: the guard's share, and with `lost` a race no defender wins.
      const int at_guard = guard / (moves + 1), at_lost = std::min(lost, lost * 2 / (moves + 1));
      if (moves + 1 > reach || std::max(at_guard, at_lost) <= worst) continue;
      int fastest = kCells;  // the moves the quickest defender that stops the intruder needs, its side's turn counted
      for (int i = 0; i < mine.n && fastest > moves - spare; ++i) {
        const Piece& a = mine.piece[i];
        const int result = movable(a.rank) ? combat(a.rank, rank) : -1;
        if (result > 0 || (result == 0 && level >= 2)) fastest = std::min(fastest, race.defender[x][a.square] + slack);
      }
      const int late = fastest - moves;  // > 0: too late by that many moves
      if (late <= -spare) continue;
      const int share = kLateShare[level][std::min(late, 3)];
      worst = std::max(worst, at_guard * share / 100);
      // With `lost`, a race no defender wins, run by a piece that can take the Flag in this world (wary's Miners only
      // as often as the world draws one), weighs like the game: at guard's share, vixen's Miner came up the f-file
      // while strat's General left its post to take a Colonel (worth more than the 160 the race cost three moves out).
      // Only a race: where no piece that can get there beats the intruder (a known enemy Marshal), no move changes it,
      // and a cost near the game's on every line only pushed the search's scores towards those of a lost game. A
      // defender one move late leaves 80% of it, each move later 5% more, up to all of it five moves late: an intruder
      // already on the exit wins every race, and at one price whatever the defenders did, vixen's known Captain stood
      // beside strat's Flag for ten moves while strat's Major, one move from the square beside it, never came.
      if (lost > 0 && late > 0 && fastest < kCells && (rank == e.rank || (!bomb[x] && movable(e.rank))))
        worst = std::max(worst, at_lost * (15 + std::min(late, 5)) / 20);
    }
  }
  // A guard at home: the nearest own piece that beats a Scout, a Miner and a Sergeant (the pieces that come for a Flag
  // late in the game) costs a little for every move it is from standing next to an exit beyond three, while the enemy
  // can still move. Without it no term asks for a guard before an intruder is within the race's reach, and in the
  // endgames lost to stratego-v1 strat's last pieces were far away when a Miner or a Scout came: the race then found
  // every defender hopelessly late, whatever they did.
  if (context.home) {
    int nearest = 255;
    bool intruders = false;
    for (int k = 0; k < theirs.n && !intruders; ++k) intruders = movable(theirs.piece[k].rank);
    for (int i = 0; i < mine.n; ++i) {
      const Piece& a = mine.piece[i];
      if (!movable(a.rank) || a.rank < kLieutenant) continue;
      for (int x = 0; x < race.exits; ++x) nearest = std::min<int>(nearest, race.defender[x][a.square]);
    }
    if (intruders) worst += kHome * std::clamp(nearest - 3, 0, 8);
  }
  return worst;
}

int flag_exposure(const State& s, int me, const Army2& mine, const Army2& theirs, int lead,
                  const EvalContext& context) {
  // The race knows where the owner's Flag stands: it never moves, and once taken nothing is evaluated.
  const FlagRace* race = context.race;
  if (race && race->owner == me && race->flag >= 0)
    return flag_race_exposure(s, me, mine, theirs, lead, context, *race);
  constexpr int kGuard = 300, kReach = 6;
  int flag = -1;
  for (int i = 0; i < mine.n && flag < 0; ++i)
    if (mine.piece[i].rank == kFlag) flag = mine.piece[i].square;
  if (flag < 0) return 0;
  bool open = false;
  for (int d : kDirs) {
    const std::uint8_t c = s.cell(flag + d);
    if (!(c & kWall) && !((c & kRankMask) == kBomb && ((c >> 4) & 1) == me)) open = true;
  }
  const bool miners = context.wary && !open && s.alive(me ^ 1, kMiner) > 0;
  int worst = 0;
  for (int k = 0; k < theirs.n; ++k) {
    const Piece& e = theirs.piece[k];
    const int rank = intruder_rank(e, miners);
    if (!movable(rank) || (!open && rank != kMiner)) continue;
    const int near = distance(e.square, flag);
    if (near > kReach || kGuard / near <= worst) continue;
    bool guarded = false;
    for (int i = 0; i < mine.n && !guarded; ++i) {
      const Piece& a = mine.piece[i];
      guarded = movable(a.rank) && combat(a.rank, rank) > 0 && distance(a.square, e.square) <= near;
    }
    if (!guarded) worst = kGuard / near;
  }
  return worst;
}

}  // namespace

int evaluate(const State& s, int player, const EvalContext& context) {
  const FlagField* field = context.field;
  Army2 pieces[2];
  int material[2] = {0, 0};
  int value[2][kRanks];
  int hidden[2][kRanks];
  int enemy_top[2];  // the strongest movable rank of each side's enemy
  for (int p = 0; p < 2; ++p) {
    for (int r = 1; r < kRanks; ++r) value[p][r] = piece_value(s, p, r);
    enemy_top[p] = hidden_values(s, p, value[p], hidden[p]);
  }
  int strongest_unknown[2] = {0, 0};
  for (int q = kWidth; q < 11 * kWidth; ++q) {
    const std::uint8_t c = s.cell(q);
    if (!(c & kRankMask) || (c & kWall)) continue;
    const int owner = (c & kBlue) ? 1 : 0, rank = c & kRankMask;
    const bool known = c & kKnown;
    pieces[owner].piece[pieces[owner].n++] = {static_cast<std::uint8_t>(q), static_cast<std::uint8_t>(rank),
                                              static_cast<std::uint8_t>(known),
                                              static_cast<std::uint8_t>((c & kMoved) != 0)};
    material[owner] += value[owner][rank] + (known ? 0 : hidden[owner][rank]);
    if (!known && movable(rank)) strongest_unknown[owner] = std::max(strongest_unknown[owner], rank);
  }
  // Cover: a piece that moved is hidden from the enemy's strongest piece only while some unknown piece of its side
  // might beat or match that piece. Once the Marshal (or whatever is the top) is known, the enemy's top piece knows by
  // elimination that every moved unknown piece is weaker and takes them one by one (the tournament bots' main
  // harvest): those pieces are as good as known.
  for (int p = 0; p < 2; ++p) {
    if (strongest_unknown[p] >= enemy_top[p]) continue;
    for (int i = 0; i < pieces[p].n; ++i) {
      const Piece& x = pieces[p].piece[i];
      if (!x.known && x.moved && x.rank < enemy_top[p]) material[p] -= hidden[p][x.rank];
    }
  }
  const int other = player ^ 1;
  const int lead = material[player] - material[other];
  // With a field, the exposure of the field's owner's Flag is left out too: it is where a world drew it.
  auto exposure = [&](int p) {
    if (field && field->owner == p) return 0;
    return flag_exposure(s, p, pieces[p], pieces[p ^ 1], p == player ? lead : -lead, context);
  };
  auto sweep = [&](int p) { return context.sweeper == p ? context.sweep : kRanks; };
  // Trading down: the same lead is worth more with less left on the board (each side's army is about 2550 at the
  // start, hidden values included), so the side ahead trades equal pieces and the side behind avoids it. Without it an
  // even trade changed nothing: far ahead against ramen, strat's Colonel shuffled beside the enemy's for hundreds of
  // plies rather than take it and die with it.
  const int gone = std::max(0, kArmies - material[0] - material[1]);
  const int trade = lead * context.trade / 100 * std::min(gone, kArmies) / kArmies;
  return lead + trade +
         side_score(s, player, pieces[player], pieces[other], lead, value[other], field, context.reserve,
                    sweep(player)) -
         side_score(s, other, pieces[other], pieces[player], -lead, value[player], field, context.reserve,
                    sweep(other)) -
         spy_danger(s, player, pieces[player]) + spy_danger(s, other, pieces[other]) - exposure(player) +
         exposure(other);
}

SearchConfig SearchConfig::from(const Options& o) {
  o.check_known({"time", "nodes", "samples", "depth", "evidence", "known", "elim", "strata", "tt", "lmr", "field",
                 "wary", "reserve", "race", "win", "guard", "soft", "fog", "block", "nest", "closed", "home", "sweep",
                 "trade", "walled", "escort", "far", "loop", "lure", "spy", "suspect", "chase", "grow", "lost",
                 "hope", "learn", "mstep"});
  SearchConfig c;
  c.nodes = static_cast<long>(o.get_int("nodes", 0, 0, 1'000'000'000));
  c.time_ms = static_cast<double>(o.get_int("time", c.nodes > 0 ? 0 : 1000, 0, 3'600'000));
  c.samples = static_cast<int>(o.get_int("samples", SearchConfig{}.samples, 1, 1000));
  c.max_depth = static_cast<int>(o.get_int("depth", 8, 1, 30));
  c.evidence = o.get_int("evidence", 1, 0, 1) != 0;
  c.known_only = o.get_int("known", 1, 0, 1) != 0;
  c.elimination = o.get_int("elim", 1, 0, 1) != 0;
  c.stratify = o.get_int("strata", 1, 0, 1) != 0;
  c.table = o.get_int("tt", 1, 0, 1) != 0;
  c.reductions = o.get_int("lmr", 0, 0, 1) != 0;
  c.field = o.get_int("field", 1, 0, 1) != 0;
  c.wary = o.get_int("wary", 1, 0, 1) != 0;
  c.reserve = o.get_int("reserve", 1, 0, 1) != 0;
  c.race = o.get_int("race", 1, 0, 1) != 0;
  c.soft = o.get_int("soft", 1, 0, 1) != 0;
  c.block = static_cast<int>(o.get_int("block", SearchConfig{}.block, 0, 2));
  c.nest = o.get_int("nest", 1, 0, 1) != 0;
  c.closed = o.get_int("closed", 1, 0, 1) != 0;
  c.home = o.get_int("home", 1, 0, 1) != 0;
  c.sweep = o.get_int("sweep", 1, 0, 1) != 0;
  c.walled = o.get_int("walled", 1, 0, 1) != 0;
  c.escort = o.get_int("escort", 1, 0, 1) != 0;
  c.far = o.get_int("far", 1, 0, 1) != 0;
  c.trade = static_cast<int>(o.get_int("trade", SearchConfig{}.trade, 0, 400));
  c.loop = static_cast<int>(o.get_int("loop", SearchConfig{}.loop, 0, 2000));
  c.lure = static_cast<int>(o.get_int("lure", SearchConfig{}.lure, 0, 100));
  c.spy = static_cast<int>(o.get_int("spy", SearchConfig{}.spy, 0, 2));
  c.suspect = static_cast<int>(o.get_int("suspect", SearchConfig{}.suspect, 1, 100));
  c.chase = static_cast<int>(o.get_int("chase", SearchConfig{}.chase, 0, 100));
  c.grow = static_cast<int>(o.get_int("grow", SearchConfig{}.grow, 2, 1000));
  c.lost = static_cast<int>(o.get_int("lost", SearchConfig{}.lost, 0, 5000));
  c.hope = o.get_int("hope", 1, 0, 1) != 0;
  c.learn = o.get_int("learn", SearchConfig{}.learn ? 1 : 0, 0, 1) != 0;
  c.mstep = static_cast<int>(o.get_int("mstep", SearchConfig{}.mstep, 1, 100));
  c.fog = static_cast<int>(o.get_int("fog", SearchConfig{}.fog, 0, 5));
  c.guard = static_cast<int>(o.get_int("guard", SearchConfig{}.guard, 0, 2));
  c.win_margin = static_cast<int>(o.get_int("win", SearchConfig{}.win_margin, 0, 5000));
  return c;
}

void SearchAgent::tick() {
  ++nodes_;
  if (!may_abort_) return;
  if (config_.nodes > 0 && nodes_ >= config_.nodes) throw Aborted{};
  if (config_.time_ms > 0 && (nodes_ & 63) == 0 && static_cast<double>(search_clock_ns() - start_ns_) >= deadline_ns_)
    throw Aborted{};
}

namespace {
int terminal_score(const State& s, int ply, int win) {
  const Outcome o = s.outcome();
  if (o.status != Status::Win) return 0;
  return o.winner == s.to_move() ? win - ply : -(win - ply);
}
// Can a piece of `owner`'s enemy take the Flag on `flag` with its next move: an enemy piece that moves next to it, or
// an enemy Scout with an open line to it? Pieces of rank `shy` and up do not count (0: all count; see SearchAgent::fog).
bool flag_attacked(const State& s, int flag, int owner, int shy) {
  for (int d : kDirs) {
    int q = flag + d;
    std::uint8_t c = s.cell(q);
    if (c == 0) {
      do c = s.cell(q += d);
      while (c == 0);
      if (!(c & kWall) && (c & kRankMask) == kScout && ((c >> 4) & 1) != owner) return true;
      continue;
    }
    if (!(c & kWall) && movable(c & kRankMask) && ((c >> 4) & 1) != owner && (!shy || (c & kRankMask) < shy))
      return true;
  }
  return false;
}

}  // namespace

FlagField flag_field(const Beliefs& beliefs, int owner, bool walled, bool escort) {
  FlagField field;
  field.owner = owner;
  const Info& info = beliefs.info();
  // Each square the Flag may stand on, with its probability and the chance that Bombs close every side of it.
  struct Candidate {
    int square;
    double p, closed;
  };
  std::vector<Candidate> flags;
  double total = 0;
  for (int q : beliefs.unknown()) {
    const double p = beliefs.at(q)[kFlag];
    if (p <= 0.001) continue;
    double closed = walled ? 1.0 : 0.0;
    for (int d : kDirs) {
      if (closed == 0) break;
      const std::uint8_t c = info.cell(q + d);
      if (c & kWall) continue;  // the board's edge or a lake: no way in
      const int rank = c & kRankMask;
      if (!rank || ((c & kBlue) ? 1 : 0) != owner) closed = 0;  // empty, or the searcher's own piece: a way in
      else if (rank == kUnknownRank) closed *= beliefs.at(q + d)[kBomb];
      else if (rank != kBomb) closed = 0;
    }
    flags.push_back({q, p, closed});
    total += p;
  }
  if (total <= 0) return field;
  for (int q = kWidth; q < 11 * kWidth; ++q) {
    if (!on_board(q)) continue;
    double near = 0, open = 0, far = 0;
    for (const auto& f : flags) {
      const int d = distance(q, f.square);
      const double pull = f.p / (d + 1);
      near += pull;
      open += pull * (1 - f.closed);
      if (escort) far += f.p * std::max(0, FlagField::kFar - d) / FlagField::kFar;
    }
    field.near[q] = static_cast<int>(std::lround(1000 * near / total));
    field.open[q] = static_cast<int>(std::lround(1000 * open / total));
    field.far[q] = static_cast<int>(std::lround(1000 * far / total));
  }
  return field;
}

FlagRace flag_race(const Info& info, int blockers, bool closed) {
  FlagRace race;
  const int me = info.player();
  race.owner = me;
  for (int q = kWidth; q < 11 * kWidth && race.flag < 0; ++q) {
    const std::uint8_t c = info.cell(q);
    if (!(c & kWall) && (c & kRankMask) == kFlag && ((c & kBlue) ? 1 : 0) == me) race.flag = q;
  }
  if (race.flag < 0) return race;
  auto own_bomb = [&](int q) {
    const std::uint8_t c = info.cell(q);
    return !(c & kWall) && (c & kRankMask) == kBomb && ((c & kBlue) ? 1 : 0) == me;
  };
  // Breadth-first from `sources` (at distance 0) over the board, lakes and the Flag excluded, Bombs too unless
  // `through_bombs`; unreached squares keep 255.
  auto spread = [&](std::array<std::uint8_t, kCells>& dist, std::vector<int> frontier, bool through_bombs) {
    dist.fill(255);
    for (int q : frontier) dist[q] = 0;
    for (std::size_t i = 0; i < frontier.size(); ++i) {
      const int q = frontier[i];
      for (int d : kDirs) {
        const int n = q + d;
        if (!on_board(n) || (info.cell(n) & kWall) || n == race.flag || dist[n] != 255) continue;
        if (!through_bombs && own_bomb(n)) continue;
        dist[n] = static_cast<std::uint8_t>(dist[q] + 1);
        frontier.push_back(n);
      }
    }
  };
  // With `blockers`, a defender's way costs a move more for each square on it that holds one of one's own movable
  // pieces (it must step aside first). Without, a Marshal three squares from its Flag's open side "guarded" it behind
  // two of its own Miners, and a known Captain walked past it and took the Flag (stratego-v1, seed 500): the search,
  // three plies deep, saw no threat, and taking the Captain would have shown the Marshal for too little.
  auto owner = [&](int q) {
    const std::uint8_t c = info.cell(q);
    return (c & kRankMask) && !(c & kWall) ? ((c & kBlue) ? 1 : 0) : -1;
  };
  auto own_piece = [&](int q) { return blockers >= 1 && owner(q) == me && movable(info.cell(q) & kRankMask); };
  // With blockers 2, squares no defender passes or stands on: one's own piece with nothing but walls and its own
  // pieces around it (it cannot step aside), and a known enemy Major or higher, or Bomb (most defenders lose to it).
  // Strat lost its Flag so: its Major "guarded" a bombed-in corner from a square its own Scout held, boxed in by the
  // Bombs and the Major itself, while a Miner walked down the file at the Bombs (peternlewis, strat 700 ahead by its
  // own evaluation); and another "guarded" from a square a known enemy General stood on (stratego-v1).
  auto barred = [&](int q) {
    if (blockers < 2) return false;
    const std::uint8_t c = info.cell(q);
    if (owner(q) == (me ^ 1)) return (c & kKnown) && (c & kRankMask) >= kMajor;
    if (!own_piece(q)) return false;
    for (int d : kDirs)
      if (const std::uint8_t n = info.cell(q + d); n == 0 || (!(n & kWall) && owner(q + d) != me)) return false;
    return true;
  };
  auto spread_defender = [&](std::array<std::uint8_t, kCells>& dist, const std::vector<int>& sources, int start) {
    dist.fill(255);
    std::vector<std::vector<int>> at(start + 1);  // squares by distance (a bucket queue: steps cost one or two)
    for (int q : sources) dist[q] = static_cast<std::uint8_t>(start), at[start].push_back(q);
    for (std::size_t k = 0; k < at.size(); ++k) {
      for (std::size_t i = 0; i < at[k].size(); ++i) {
        const int q = at[k][i];
        if (dist[q] != k) continue;
        const std::size_t next = k + 1 + (own_piece(q) ? 1 : 0);
        for (int d : kDirs) {
          const int n = q + d;
          if (!on_board(n) || (info.cell(n) & kWall) || n == race.flag || own_bomb(n) || next >= dist[n] || barred(n))
            continue;
          dist[n] = static_cast<std::uint8_t>(next);
          if (at.size() <= next) at.resize(next + 1);
          at[next].push_back(n);
        }
      }
    }
  };
  for (int d : kDirs) {
    const int x = race.flag + d;
    if (!on_board(x) || (info.cell(x) & kWall)) continue;
    const int k = race.exits++;
    race.exit[k] = x;
    spread(race.miner[k], {x}, true);
    if (own_bomb(x))
      race.other[k].fill(255);  // only a Miner comes through a Bomb
    else
      spread(race.other[k], {x}, false);
    // Where a defender takes an intruder on its way in: next to the exit; and where every other neighbour of the exit is
    // one's own Bomb (a Flag in a corner behind two Bombs), next to those Bombs, a move earlier: the Miner stands on one
    // of them before the exit, and nothing can stand next to the exit itself (strat's General shuffled on the far side
    // while a Miner walked up to such a Flag: the race had no square to guard it from, so every move cost the same).
    // A barred square is no post (with blockers 2): the ring moves out past it, and a piece of one's own that cannot
    // move guards from where it stands, at its ring's distance.
    std::vector<int> ring{x}, inside{x, race.flag}, beside;
    std::vector<std::pair<int, int>> stuck;  // (square, moves) of one's own pieces that cannot move, next to a ring
    int earlier = 0;
    for (;;) {
      for (int q : ring)
        for (int e : kDirs) {
          const int n = q + e;
          if (!on_board(n) || (info.cell(n) & kWall) || own_bomb(n) ||
              std::find(inside.begin(), inside.end(), n) != inside.end() ||
              std::find(beside.begin(), beside.end(), n) != beside.end())
            continue;
          if (!barred(n))
            beside.push_back(n);
          else if (own_piece(n))
            stuck.emplace_back(n, earlier);
        }
      if (!beside.empty() || !closed || earlier == 2) break;
      std::vector<int> next;
      for (int q : ring)
        for (int e : kDirs)
          if (const int n = q + e; own_bomb(n) && std::find(inside.begin(), inside.end(), n) == inside.end())
            next.push_back(n), inside.push_back(n);
      if (next.empty()) break;
      ring = next;
      ++earlier;
    }
    spread_defender(race.defender[k], beside, earlier);
    for (const auto& [q, moves] : stuck)
      race.defender[k][q] = std::min<std::uint8_t>(race.defender[k][q], static_cast<std::uint8_t>(moves));
  }
  return race;
}

bool SearchAgent::blind(const State& s, const Move& m) const {
  if (s.to_move() != root_player_) {
    const std::uint8_t c = s.cell(m.to);
    if (!(c & kRankMask) || (c & kKnown)) return false;
    const int attacker = s.rank_at(m.from);
    // The enemy does not know which of the player's unmoved pieces is the Flag (see choose()). One that has tested such
    // pieces with its top pieces (fog=3) may take any of them but the Flag: it finds that only by chance.
    if (!(c & kMoved)) return shy_ && attacker >= shy_ && m.to != guess_ && (!testing_ || s.rank_at(m.to) == kFlag);
    // With fog=2, nor what the moved ones are: its Major and up take one only when no rank it may have beats them (a
    // Marshal always may: at worst the Marshals trade), and its Spy none. Kept out of every capture that could lose the
    // attacker, a known Marshal of stratego-v1 took fifteen of strat's pieces in a row, none of which fled.
    return cautious_ && (attacker == kSpy || (attacker >= kMajor && attacker < own_top_unknown_));
  }
  if (!config_.known_only) return false;
  const std::uint8_t c = s.cell(m.to);
  if (!(c & kRankMask) || (c & kKnown)) return false;
  // Known by elimination: every rank the piece may have loses to the attacker (a piece that moved is no Bomb). The
  // outcome is then the same in every world, and the tournament bots live on exactly these attacks.
  const bool certain =
      config_.elimination && s.rank_at(m.from) > strongest_unknown_ && ((c & kMoved) || !unknown_bombs_);
  return !certain;
}

void SearchAgent::order(const State& s, std::vector<Move>& moves, int ply) const {
  std::vector<std::pair<int, Move>> scored;
  scored.reserve(moves.size());
  const int me = s.to_move();
  for (const Move& m : moves) {
    int key = 0;
    const int ar = s.rank_at(m.from);
    if (s.is_piece(m.to)) {
      const int dr = s.rank_at(m.to), result = combat(ar, dr);
      key = result > 0    ? 100000 + piece_value(s, me ^ 1, dr) * 16 - piece_value(s, me, ar)
            : result == 0 ? 50000 + piece_value(s, me ^ 1, dr) - piece_value(s, me, ar)
                          : -100000 - piece_value(s, me, ar);
    } else if (ply < static_cast<int>(killers_.size()) && (m == killers_[ply][0] || m == killers_[ply][1])) {
      key = 80000;
    } else {
      // Forward moves first: they are the ones that make progress.
      key = (me == 0 ? row_of(m.to) - row_of(m.from) : row_of(m.from) - row_of(m.to));
    }
    scored.push_back({key, m});
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = 0; i < moves.size(); ++i) moves[i] = scored[i].second;
}

int SearchAgent::quiesce(const State& s, int alpha, int beta, int ply, int qply) {
  tick();
  if (s.outcome().over()) return terminal_score(s, ply, win_);
  int stand = evaluate(s, s.to_move(), eval_context_);
  // A Flag under attack falls next move unless the attacker is taken: standing pat is no answer, so the search sees an
  // intruder one move before it arrives (two plies past the horizon) and not only when the Flag is taken. Only one's
  // own Flag: the enemy's stands where this world drew it, and the player could not take it there (below the root it
  // attacks only pieces it knows). Counting it made every line that ends with the player to move next to some unmoved
  // piece a win in the worlds that drew the Flag there, and those phantom wins outweighed a General left en prise.
  const int own_flag = flag_race_.flag;
  if (s.to_move() == root_player_ && own_flag >= 0 &&
      flag_attacked(s, own_flag, root_player_, own_flag == guess_ ? 0 : shy_))
    stand = -(win_ - ply - 1);
  if (stand >= beta || qply >= kQuiescencePlies || ply >= static_cast<int>(move_stack_.size()) - 1) return stand;
  int best = stand;
  alpha = std::max(alpha, stand);
  auto& moves = move_stack_[ply];
  s.legal_moves(moves);
  std::erase_if(moves, [&](const Move& m) { return !s.is_piece(m.to) || blind(s, m); });
  order(s, moves, ply);
  for (const Move& m : moves) {
    if (combat(s.rank_at(m.from), s.rank_at(m.to)) < 0) break;  // ordered: only losing attacks remain
    State c = s;
    c.apply(m, nullptr);
    const int v = -quiesce(c, -beta, -alpha, ply + 1, qply + 1);
    if (v > best) best = v;
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  return best;
}

namespace {
enum Bound : std::uint8_t { kExact, kLower, kUpper };

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The whole position, eight cells at a time: cheaper than the evaluation's one pass over the board.
std::uint64_t position_key(const State& s) {
  const auto& cells = s.cells();
  std::uint64_t h = mix(0x9e3779b97f4a7c15ULL + s.to_move());
  for (int i = 0; i < kCells; i += 8) {
    std::uint64_t word = 0;
    for (int k = 0; k < 8 && i + k < kCells; ++k) word |= static_cast<std::uint64_t>(cells[i + k]) << (8 * k);
    h = mix(h ^ (word + static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ULL));
  }
  for (int p = 0; p < 2; ++p) {
    const Run& r = s.run(p);
    h = mix(h ^ (r.from | r.to << 8 | r.count << 16 | static_cast<std::uint64_t>(p + 1) << 32));
  }
  return h | 1;  // never 0, the empty slot
}

// The position as `viewer` sees it (the enemy's unrevealed ranks masked), the side to move and no two-square runs: the
// same in every world, so a position the player saw before is known again whatever the worlds drew.
std::uint64_t public_key(const State& s, int viewer) {
  std::uint64_t h = mix(0x6a09e667f3bcc909ULL + s.to_move());
  for (int q = kWidth; q < 11 * kWidth; ++q) {
    std::uint8_t c = s.cell(q);
    if ((c & kRankMask) && !(c & kWall) && s.owner_at(q) != viewer && !(c & kKnown))
      c = static_cast<std::uint8_t>((c & ~kRankMask) | kUnknownRank);
    h = mix(h ^ (static_cast<std::uint64_t>(c) << 16 | static_cast<std::uint64_t>(q)));
  }
  return h;
}

// World w with the ranks of the same side's pieces on a and b traded, each square keeping its flags: the counts stay
// exact and the rest of the world as drawn. put() ends a two-square run through its square, so the runs are w's.
State traded(const State& w, int a, int b) {
  State c = w;
  const int owner = w.owner_at(a), at_a = w.rank_at(a);
  c.put(a, owner, w.rank_at(b), w.cell(a) & (kKnown | kMoved));
  c.put(b, owner, at_a, w.cell(b) & (kKnown | kMoved));
  for (int side = 0; side < 2; ++side) c.set_run(side, w.run(side));
  return c;
}
}  // namespace

int SearchAgent::search(const State& s, int depth, int alpha, int beta, int ply) {
  tick();
  if (s.outcome().over()) return terminal_score(s, ply, win_);
  if (depth <= 0) return quiesce(s, alpha, beta, ply, 0);
  const std::uint64_t key = config_.table ? position_key(s) : 0;
  Entry* slot = key ? &table_[key & ((std::uint64_t{1} << kTableBits) - 1)] : nullptr;
  Move hint{};
  if (slot && slot->key == key && slot->generation == generation_) {
    hint = slot->move;
    if (slot->depth >= depth) {
      const int v = slot->score;
      if (slot->bound == kExact || (slot->bound == kLower && v >= beta) || (slot->bound == kUpper && v <= alpha))
        return v;
    }
  }
  const int alpha0 = alpha;
  auto& moves = move_stack_[ply];
  s.legal_moves(moves);
  if (std::erase_if(moves, [&](const Move& m) { return blind(s, m); }) && moves.empty())
    return quiesce(s, alpha, beta, ply, 0);
  order(s, moves, ply);
  if (hint.from != hint.to)
    if (auto it = std::find(moves.begin(), moves.end(), hint); it != moves.end())
      std::rotate(moves.begin(), it, it + 1);
  const std::vector<Move> list = moves;  // the stack slot is reused by the children
  int best = -kInf;
  Move best_move = list.front();
  int tried = 0;
  for (const Move& m : list) {
    State c = s;
    c.apply(m, nullptr);
    int v;
    // With lmr=1, late quiet moves are searched a ply shallower first, against a null window, and again in full only
    // when they beat the best so far. It reaches a depth 3.6 times faster, and lost 7-12 to the agent without it:
    // here a quiet move is often the answer to a threat (stepping away, stepping between), which the shallower
    // search misses.
    if (config_.reductions && depth >= 3 && tried >= 3 && !s.is_piece(m.to)) {
      v = -search(c, depth - 2, -alpha - 1, -alpha, ply + 1);
      if (v > alpha) v = -search(c, depth - 1, -beta, -alpha, ply + 1);
    } else {
      v = -search(c, depth - 1, -beta, -alpha, ply + 1);
    }
    ++tried;
    if (v > best) best = v, best_move = m;
    if (v > alpha) alpha = v;
    if (alpha >= beta) {
      if (!s.is_piece(m.to) && ply < static_cast<int>(killers_.size()) && !(killers_[ply][0] == m)) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = m;
      }
      break;
    }
  }
  // Win scores count plies from the root, so they are not kept: another path reaches them at another ply.
  if (slot && std::abs(best) < win_ - 200 &&
      (slot->key != key || slot->generation != generation_ || slot->depth <= depth)) {
    slot->key = key;
    slot->generation = generation_;
    slot->score = best;
    slot->depth = static_cast<std::int8_t>(depth);
    slot->bound = best >= beta ? kLower : best <= alpha0 ? kUpper : kExact;
    slot->move = best_move;
  }
  return best;
}

double SearchAgent::gamble_score(const State& w, const Move& m, const Beliefs& beliefs, int depth) {
  // An attack on an unknown piece is a chance node. Its score in one world hangs on the one rank the target drew
  // there, and a deep search gets few worlds: a Flag at one chance in four came out as none or one in two, and a
  // Marshal took it on a Bomb. So in each world the target takes in turn every rank it may have (trading ranks with
  // another unknown piece of that rank, so the counts stay exact and the rest of the world stays as drawn), and the
  // results are weighed by the beliefs.
  const int was = w.rank_at(m.to);
  const std::uint8_t flags_to = w.cell(m.to) & (kKnown | kMoved);
  auto p = beliefs.at(m.to);
  // A Major or higher testing an unmoved piece is lured by its chance of being the Flag: at 10% a Flag worth 1000
  // outweighs a Major lost on a Bomb, so the top pieces test exactly the pieces whose chance the beliefs overrate. In
  // 48 games against peternlewis they tested 90 unmoved pieces: the beliefs expected 8.7 Flags and 30.6 Bombs, and
  // there were none and 46 (the lower ranks' tests came out as expected: 16.6 Flags and 73.1 Bombs, found 15 and 81).
  // So the top pieces count only lure% of that chance, and the rest as a Bomb, which guards a Flag.
  if (config_.lure < 100 && !(flags_to & kMoved) && w.rank_at(m.from) >= kMajor) {
    const double hope = p[kFlag] * (100 - config_.lure) / 100.0;
    p[kFlag] -= hope;
    p[kBomb] += hope;
  }
  double total = 0, weight = 0;
  std::vector<int> partners;
  for (int r = 1; r < kRanks; ++r) {
    if (p[r] < 0.02) continue;
    State c = w;
    if (r != was) {
      partners.clear();
      for (int q : beliefs.unknown())
        if (q != m.to && w.rank_at(q) == r && beliefs.at(q)[was] > 0) partners.push_back(q);
      if (partners.empty()) continue;
      c = traded(w, partners[rng_.below(static_cast<std::uint32_t>(partners.size()))], m.to);
    }
    c.apply(m, nullptr);
    total += p[r] * -search(c, depth - 1, -kInf, kInf, 1);
    weight += p[r];
  }
  if (weight > 0) return total / weight;
  State c = w;
  c.apply(m, nullptr);
  return -search(c, depth - 1, -kInf, kInf, 1);
}

double SearchAgent::exposed_score(const State& w, const Move& m, int suspect, const Beliefs& beliefs, int depth) {
  // The Spy takes a Marshal it knows when it stands next to it on its move; in a world the suspect is the Spy or not,
  // and with four or five worlds whether one drew it there decided whether the Marshal stepped beside it: the two
  // games lost to asmodeus began so, the Spy having walked straight at the known Marshal. So in each world the suspect
  // is the Spy (trading ranks with the world's Spy) and then not (trading with another unknown piece that may be the
  // Spy), and the two searches are weighed by the beliefs.
  const int enemy = w.owner_at(suspect), was = w.rank_at(suspect);
  const double p = beliefs.at(suspect)[kSpy];
  auto search_after = [&](const State& c) {
    State d = c;
    d.apply(m, nullptr);
    return static_cast<double>(-search(d, depth - 1, -kInf, kInf, 1));
  };
  std::vector<int> partners;
  for (int q : beliefs.unknown()) {
    if (q == suspect || w.owner_at(q) != enemy || beliefs.at(q)[was] <= 0) continue;
    const int r = w.rank_at(q);
    if (was == kSpy ? r != kSpy && beliefs.at(suspect)[r] > 0 && beliefs.at(q)[kSpy] > 0 : r == kSpy)
      partners.push_back(q);
  }
  if (partners.empty()) return search_after(w);
  const State other = traded(w, partners[rng_.below(static_cast<std::uint32_t>(partners.size()))], suspect);
  const double spy = search_after(was == kSpy ? w : other), not_spy = search_after(was == kSpy ? other : w);
  return p * spy + (1 - p) * not_spy;
}

Move SearchAgent::choose(const State& root) {
  start_ns_ = search_clock_ns();
  // Stop early enough that the answer, not only the search, is within the budget.
  deadline_ns_ = config_.time_ms * 1e6 * 0.95;
  nodes_ = 0;
  killers_ = {};
  // Fresh for every move (a new generation, not a 6 MB clear): the rule on blind attacks below the root depends on
  // what the root knows.
  if (config_.table && table_.empty()) table_.resize(std::size_t{1} << kTableBits);
  ++generation_;
  move_stack_.assign(kQuiescencePlies + config_.max_depth + 4, {});
  const int me = root.to_move();
  root_player_ = me;
  // Everything below reads this player's Info only: the worlds are drawn from it.
  const Info seen = root.info(me);
  if (seen.ply() < history_ply_) left_.clear();
  history_ply_ = seen.ply();
  evidence_.observe(seen, last_chosen_.from != last_chosen_.to ? &last_chosen_ : nullptr);
  const Beliefs beliefs(seen, config_.evidence ? &evidence_ : nullptr, config_.nest);
  const Info& info = beliefs.info();
  if (config_.learn && config_.evidence) {
    approaches_.observe(seen, evidence_.last_enemy_move(), beliefs);
    evidence_.set_approach(approaches_.factor());
  }
  const auto unplaced = beliefs.expected_counts();
  strongest_unknown_ = 0;
  for (int r = kMarshal; r >= kSpy && !strongest_unknown_; --r)
    if (unplaced[r] > 0.5) strongest_unknown_ = r;
  unknown_bombs_ = unplaced[kBomb] > 0.5;
  if (config_.field) flag_field_ = flag_field(beliefs, me ^ 1, config_.walled, config_.escort);
  // Inside a world the enemy sees every rank, so it knew which of the player's unmoved pieces is the Flag: a known enemy
  // Major beside strat's open Flag took it in every world, every root move scored the same loss, and the choice among
  // them was noise (a General walked onto a known Bomb; stratego-v1 tested the Flag 80 plies later). The enemy does not
  // know it, and its Majors and up do not test pieces that may be Bombs (nor do the player's, nor the tournament bots').
  // So with `fog`, while the player has Bombs and more than one unmoved piece the enemy does not know, the enemy's Major
  // and up attack no such piece below the root; the lower ranks, which probe, still may, and a Miner still comes through
  // the Bombs. The evaluation's guard still weighs every intruder near the Flag. An enemy with no piece below a Major
  // left has nothing else to probe with, so its top pieces test: asmodeus's lone Marshal walked to strat's Flag and took
  // it while the search saw it pass by (seed 900).
  shy_ = 0;
  int probers = 0;
  for (int r = kSpy; r < kMajor; ++r) probers += info.alive(me ^ 1, r);
  // fog=4: an enemy whose top pieces have tested unmoved pieces (celsius1.1 and stratego-v1 in every game) finds the
  // Flag so: a General took five unmoved pieces in a row and then the Flag while the search thought it would not.
  // fog=4 measured worse against stratego-v1: inside every world the tester knew the Flag, and each one's defence
  // cost moves the real enemy, which guesses, did not call for. fog=5: such a tester guesses. In each world its top
  // pieces may take one unmoved piece of the player's below the root, a different one from world to world among those
  // an enemy piece stands within three squares of: the Flag falls in the worlds that guess it, as often as a tester
  // that takes the pieces it reaches finds it.
  const bool tester = config_.fog >= 4 && evidence_.bold_unmoved() > 0;
  guesses_.clear();
  guess_ = -1;
  if (config_.fog && !(tester && config_.fog == 4) && info.alive(me, kBomb) > 0 && probers > 0) {
    std::vector<int> hidden;
    for (int q = kWidth; q < 11 * kWidth; ++q) {
      const std::uint8_t c = info.cell(q);
      if ((c & kRankMask) && !(c & kWall) && ((c & kBlue) ? 1 : 0) == me && !(c & (kKnown | kMoved)))
        hidden.push_back(q);
    }
    if (hidden.size() > 1) shy_ = kMajor;
    if (tester && shy_) {
      for (int q : hidden) {
        bool near = false;
        for (int e = kWidth; e < 11 * kWidth && !near; ++e) {
          const std::uint8_t c = info.cell(e);
          near = (c & kRankMask) && !(c & kWall) && ((c & kBlue) ? 1 : 0) != me && distance(q, e) <= 3;
        }
        if (near) guesses_.push_back(q);
      }
      rng_.shuffle(guesses_.begin(), guesses_.end());
    }
  }
  // fog=3: the enemy is taken for a cautious player until it shows itself a bold one (evidence.hpp).
  cautious_ = config_.fog == 2 || (config_.fog == 3 && evidence_.bold() == 0);
  testing_ = config_.fog == 3 && evidence_.bold_unmoved() > 0;
  own_top_unknown_ = info.strongest_hidden();
  // One's own Flag never moves and is the same in every world (the worlds draw enemy ranks only).
  flag_race_ = flag_race(info, config_.block, config_.closed);
  eval_context_ = {config_.field ? &flag_field_ : nullptr, config_.wary, config_.reserve,
                   config_.race ? &flag_race_ : nullptr, config_.guard, config_.home};
  eval_context_.trade = config_.trade;
  eval_context_.far = config_.far;
  eval_context_.lost = config_.lost;
  // The strongest rank any moved enemy piece the player does not know may have: the player's pieces above it beat every
  // such piece, and hunt them (EvalContext::sweep). Below the root they attack one only when the search's elimination
  // allows it (every unknown piece's rank, moved or not, loses); else the root weighs the attack over its ranks.
  if (config_.sweep) {
    int bound = 0;
    for (int q : beliefs.unknown()) {
      if (!(info.cell(q) & kMoved)) continue;
      int r = kMarshal;
      while (r > kSpy && beliefs.at(q)[r] <= 0) --r;
      bound = std::max(bound, r);
    }
    if (bound > 0 && bound < kMarshal) eval_context_.sweeper = me, eval_context_.sweep = bound;
  }
  std::vector<State> worlds{beliefs.sample(rng_)};
  // Far ahead (or behind), the evaluation passes a fixed win's value: the search then scored keeping a big lead above
  // taking the Flag, and a root gamble on a likely Flag below passing it by. So a win is worth at least the margin
  // beyond the root's evaluation, and the same in every world and node of this move.
  win_ = kWin;
  if (config_.win_margin > 0)
    win_ = std::max(kWin, std::abs(evaluate(worlds[0], me, eval_context_)) + config_.win_margin);
  std::vector<Move> moves;
  worlds[0].legal_moves(moves);
  last_depth_ = 0;
  last_samples_ = 0;
  last_scores_.clear();
  if (moves.size() <= 1) return last_chosen_ = moves.empty() ? Move{} : moves[0];
  const int n = static_cast<int>(moves.size());
  // Small random offsets: equal moves are not always taken in the same order (fewer repeated shuffles).
  std::vector<double> jitter(n), accepted(n, 0.0);
  for (int i = 0; i < n; ++i) {
    jitter[i] = rng_.uniform() * 0.5;
    // Going straight back where the piece came from makes no progress: a little less for each time in a row.
    const Run& r = info.run(me);
    if (r.count && moves[i].from == r.to && moves[i].to == r.from) jitter[i] -= 4.0 * r.count;
    // A Colonel, General or Marshal does not test an unknown piece that never moved: that is what Bombs are for,
    // and a lower piece (a Miner best) learns the same for less. The worlds weigh the Bomb by its probability; this
    // adds what a lost top piece costs beyond its material (the game's initiative).
    const std::uint8_t target = info.cell(moves[i].to);
    const int attacker = worlds[0].rank_at(moves[i].from);
    if ((target & kRankMask) == kUnknownRank && !(target & kMoved) && attacker >= kColonel)
      jitter[i] -= attacker == kMarshal ? 400 : attacker == kGeneral ? 300 : 120;
  }
  // Loops: where a known enemy piece that beats (or trades with) one of the player's pieces follows it, the piece
  // flees every move (the search sees it taken otherwise), the piece that could end the chase never has a move to
  // spare, and the game is drawn at the ply limit, the same few squares for 2,800 plies. So a flight from beside such
  // a piece into a position the player already left twice (as it sees it: a plain move, the enemy's ranks masked, the
  // same in every world) costs `loop`: giving up the chased piece, or bringing the hunter at its price, then scores
  // above going round again. A trade counts: a General chased by the enemy's General went round for the rest of the
  // game (ramen). Only a flight: a guard that shadows an enemy Scout back and forth to keep it off the Flag's line
  // repeats too, and costing that let a Scout through to the Flag 400 ahead (stratego-v1, seed 500).
  // With `chase`, an enemy piece the player does not know counts too once it has moved and the beliefs give it at least
  // chase% to beat or trade with the fleeing piece: asmodeus's Marshal, never revealed, followed strat's Colonel round
  // three squares of its back row for 1,300 plies, strat 420 ahead (its General, 325 ahead, likewise).
  auto fleeing = [&](const Move& m) {
    const int rank = info.cell(m.from) & kRankMask;
    for (int d : kDirs) {
      const int q = m.from + d;
      const std::uint8_t c = info.cell(q);
      const int r = c & kRankMask;
      const bool theirs = r && !(c & kWall) && ((c & kBlue) ? 1 : 0) != me;
      if (!theirs) continue;
      if (r <= kMarshal && combat(r, rank) >= 0) return true;  // known, not a Bomb, beats or trades
      if (r == kUnknownRank && (c & kMoved) && config_.chase > 0) {
        double p = 0;
        for (int e = kSpy; e <= kMarshal; ++e)
          if (combat(e, rank) >= 0) p += beliefs.at(q)[e];
        if (100 * p >= config_.chase) return true;
      }
    }
    return false;
  };
  // The position a plain move leaves, as the player sees it (0 for an attack: it changes the board for good).
  auto left_after = [&](const Move& m) -> std::uint64_t {
    if (config_.loop <= 0 || worlds[0].cell(m.to)) return 0;
    State c = worlds[0];
    c.apply(m, nullptr);
    return public_key(c, me);
  };
  // How many times over the cost each flight pays: once from its second repeat, and with `chase` once more for every
  // repeat from the `grow`th (a chase that goes round for good ends up costing the whole lead, down to the draw's
  // -loop: a General chased by asmodeus's unknown Marshal, 325 ahead, fled for 1,300 plies rather than drop to 75
  // ahead).
  std::vector<int> looping(n, 0);
  for (int i = 0; i < n; ++i) {
    if (!fleeing(moves[i])) continue;
    const std::uint64_t key = left_after(moves[i]);
    const auto it = key ? left_.find(key) : left_.end();
    if (it != left_.end() && it->second >= 2)
      looping[i] = config_.chase > 0 ? std::max(1, it->second - config_.grow + 1) : 1;
  }
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  // Root moves are searched with a window just below the best so far in this world: a move that falls far below counts
  // at that bound (it would not be chosen anyway) and costs much less. Not an attack on a piece we do not know: its
  // result differs from world to world (a Bomb in some, a Scout in others), and an average over worlds that counts
  // the losses at the bound but the gains in full would make every gamble look good (a Marshal on a likely Bomb
  // "costs" 60). Those few moves get their exact score in every world.
  // With `soft` a move below the window counts at the bound its search returned (the search fails soft: the move is
  // worth at most that), not at the window's edge: in a quiet position each world's best move is another one, so the
  // averages of good moves and of a move that loses the Flag in every world all came out near the edge, and the
  // jitter chose between them (a Captain left the square that guarded its Flag, 1250 ahead, and lost).
  constexpr int kMargin = 60;
  std::vector<char> gamble(n);
  for (int i = 0; i < n; ++i) gamble[i] = (info.cell(moves[i].to) & kRankMask) == kUnknownRank;
  // spy: the moves that leave the player's known Marshal beside an unknown enemy piece that may be the Spy (more than
  // `suspect` percent), with that piece (the likeliest Spy of those beside it); -1 for the others.
  std::vector<int> suspect(n, -1);
  if (config_.spy > 0 && info.alive(me ^ 1, kSpy) > 0) {
    int marshal = -1;
    for (int q = kWidth; q < 11 * kWidth && marshal < 0; ++q) {
      const std::uint8_t c = info.cell(q);
      if ((c & kRankMask) == kMarshal && !(c & kWall) && ((c & kBlue) ? 1 : 0) == me && (c & kKnown)) marshal = q;
    }
    for (int i = 0; i < n && marshal >= 0; ++i) {
      if (gamble[i]) continue;
      const int at = moves[i].from == marshal ? moves[i].to : marshal;
      double likeliest = config_.suspect / 100.0;
      for (int d : kDirs) {
        const int q = at + d;
        const std::uint8_t c = info.cell(q);
        if ((c & kRankMask) != kUnknownRank || (c & kWall) || q == moves[i].to) continue;
        if (beliefs.at(q)[kSpy] > likeliest) likeliest = beliefs.at(q)[kSpy], suspect[i] = q;
      }
    }
  }
  std::vector<double> sum(n);
  int done = 0;
  // Searches worlds [done, limit) at `depth`, adding every finished world's scores to sum; false if stopped.
  auto run_depth = [&](int depth, int limit) {
    try {
      for (int k = done; k < limit; ++k) {
        // The first world at depth 1 always finishes: there must be an answer.
        may_abort_ = !(depth == 1 && k == 0);
        if (k >= static_cast<int>(worlds.size())) worlds.push_back(beliefs.sample(rng_));
        const State& w = worlds[k];
        guess_ = guesses_.empty() ? -1 : guesses_[k % guesses_.size()];
        std::vector<int> v(n);
        int best = -kInf;
        for (int i : order) {
          if (gamble[i] && config_.stratify) {
            v[i] = static_cast<int>(std::lround(gamble_score(w, moves[i], beliefs, depth)));
            best = std::max(best, v[i]);
            continue;
          }
          if (suspect[i] >= 0) {
            v[i] = static_cast<int>(std::lround(exposed_score(w, moves[i], suspect[i], beliefs, depth)));
            best = std::max(best, v[i]);
            continue;
          }
          State c = w;
          c.apply(moves[i], nullptr);
          const int alpha = best == -kInf || gamble[i] ? -kInf : best - kMargin;
          const int found = -search(c, depth - 1, -kInf, -alpha, 1);
          v[i] = config_.soft ? found : std::max(alpha, found);
          best = std::max(best, v[i]);
        }
        for (int i = 0; i < n; ++i) sum[i] += v[i];
        ++done;
      }
    } catch (const Aborted&) {
      may_abort_ = true;
      guess_ = -1;
      return false;
    }
    may_abort_ = true;
    guess_ = -1;  // what follows the worlds (loop) searches no world of its own
    return true;
  };
  auto elapsed = [&] { return static_cast<double>(search_clock_ns() - start_ns_); };
  double previous_cost = 0;
  for (int depth = 1; depth <= config_.max_depth; ++depth) {
    std::fill(sum.begin(), sum.end(), 0.0);
    done = 0;
    const double begun = elapsed();
    bool finished = run_depth(depth, config_.samples);
    const double cost = elapsed() - begun;
    // The next depth costs several times this one (the ratio of the last two, at least 3). When it cannot finish in the
    // time left, the time goes into more worlds at this depth instead: a wider average.
    const double ratio = previous_cost > 0 ? std::max(3.0, cost / previous_cost) : 6.0;
    previous_cost = cost;
    const bool last = depth == config_.max_depth || (config_.time_ms > 0 && elapsed() + cost * ratio > deadline_ns_);
    if (finished && last && config_.time_ms > 0 && config_.nodes == 0)
      finished = run_depth(depth, 50 * config_.samples);
    // A depth counts when enough worlds were searched; else the shallower, wider answer stands.
    if (done >= std::max(2, config_.samples / 2) || depth == 1) {
      for (int i = 0; i < n; ++i) accepted[i] = sum[i] / std::max(1, done);
      last_depth_ = depth;
      last_samples_ = done;
      std::sort(order.begin(), order.end(), [&](int a, int b) { return accepted[a] > accepted[b]; });
    }
    if (!finished || last) break;
    if (config_.nodes > 0 && nodes_ >= config_.nodes) break;
  }
  // A draw is worth -loop to this player: a lead keeps all but `loop` of itself, a small one drops to the draw, and a
  // score already below the draw stays where it is (behind, going round is no worse than the search says).
  const double cost = config_.loop;
  for (int i = 0; i < n; ++i)
    if (looping[i] && accepted[i] > -cost) accepted[i] = std::max(accepted[i] - cost * looping[i], -cost);
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (accepted[i] + jitter[i] > accepted[best] + jitter[best]) best = i;
  // With `hope`, when every world loses whatever the player does (the enemy, who sees every rank inside a world, takes
  // the Flag beside it), the choice among the losses is not left to the jitter: the move whose position is best by the
  // evaluation, as if the enemy does not strike, is taken. The enemy does not know which piece is the Flag: vixen's
  // known Captain stood beside strat's Flag for ten moves, strat 650 ahead, while every move scored the same loss and
  // strat's Major, one move from the square beside it, went elsewhere. Attacks on unknown pieces keep their scores:
  // one world's draw would decide them. The evaluation prices a race no defender wins at least as `lost` at kHopeLost
  // does: the nearer the nearest piece that beats the intruder, the better (at the guard's share alone a late defender
  // is as late at one move as at five, and the Major's step beside the Captain scored the same as a Miner's along the
  // back row).
  if (config_.hope && accepted[best] < -win_ + kHopeLoss) {
    EvalContext hoping = eval_context_;
    hoping.lost = std::max(hoping.lost, kHopeLost);
    const double least = accepted[best] - kHopeLoss;
    double hoped = -kInf;
    for (int i = 0; i < n; ++i) {
      if (gamble[i] || accepted[i] < least) continue;
      State after = worlds[0];
      after.apply(moves[i], nullptr);
      const double v = evaluate(after, me, hoping) + jitter[i];
      if (v > hoped) hoped = v, best = i;
    }
  }
  last_scores_.clear();
  for (int i = 0; i < n; ++i) last_scores_.push_back({moves[i], accepted[i] + jitter[i]});
  if (const std::uint64_t key = left_after(moves[best])) ++left_[key];
  return last_chosen_ = moves[best];
}

}  // namespace strat::stratego
