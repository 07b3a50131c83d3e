#include "games/stratego/v2/evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace strat::stratego::v2 {

namespace {
// Material in centi-pieces, before the adjustments of piece_value.
constexpr int kBase[kRanks] = {0, 60, 12, 30, 15, 25, 45, 80, 140, 250, 400, 12, 0};
}  // namespace

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

namespace {

// Both armies' material at the start, as the evaluation counts it (every piece unknown and hunted).
constexpr int kArmies = 5100;

// Staying unknown is worth something: a hidden Marshal or General is neither avoided nor hunted by the Spy.
constexpr int kHiddenBonus[kRanks] = {0, 25, 3, 5, 4, 5, 8, 14, 25, 45, 70, 10, 0};

// What staying unknown is worth to `owner`'s piece of each rank. A piece the enemy knows is hunted by every enemy piece
// that beats it (careful players attack only what they know they beat): while the enemy
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
               const int (&enemy_value)[kRanks], const FlagField* field, int sweep) {
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
    // A piece that moved and that every hunter above `sweep` beats whatever it is, is safe game for those: else the top
    // pieces of a side far ahead stand beside an unknown piece they both beat, and the game is drawn at the ply limit.
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
  // hunters and raised near one's own Flag, the pull grows to more than the piece, and the search leaves an intruder
  // walking to its Flag rather than give up the pull by taking it).
  const int hunt = 6 + std::clamp(lead, 0, 400) / 25;
  // The Flag: the two nearest pieces to it count, more the nearer (a Miner two squares from a bombed Flag is a
  // threat the search may not see in time), a Scout with an open line to it as if next to it; seen from the other
  // side, this is the defence of the approaches. Not the Marshal or General: drawn to the enemy's back rows they test
  // its unmoved pieces and are far from home when the enemy's top piece comes to take one's pieces there.
  const int flag_weight = 400 + std::clamp(lead, 0, 400) / 2;
  int threat[2] = {0, 0};
  // Ahead, while the enemy has Bombs, its nearest Miner is also drawn to where the enemy Flag likely is, steadily from
  // afar (the field's far): converting a lead takes a Miner at the Bombs, and without the pull a side far ahead keeps
  // its Miners at home until the ply limit. Not when even or behind: a Miner sent forward early dies to anything.
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
    if ((their_flag >= 0 || field) && a.rank < kGeneral) {
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

// The Flag's guard, as races in moves around lakes and Bombs (a Miner takes Bombs on its way), per square the intruder
// may take the Flag from; the defender must stand next to that square when the intruder arrives. An enemy piece that
// can take the Flag (a Miner through one's Bombs; any piece at an exit that is no own Bomb) and that no own piece
// beating it can stop in time wins the race; a search two or three plies deep sees that only when the intruder is
// nearly there. The worst such intruder costs, more the nearer. Counted in squares as the crow flies, a defender
// "guards" a Flag it needs a move more to save.
// An enemy piece the player does not know counts as a Miner while the enemy has one: the player does not know which
// it is, and Miners come for the last unmoved pieces, while in a world it is a Miner only as often as the beliefs
// draw one.
int flag_exposure(const State& s, int me, const Army2& mine, const Army2& theirs, int lead, const EvalContext& context,
                  const FlagRace& race) {
  constexpr int kGuard = 300, kReach = 6, kHome = 5;
  const int lost = context.lost;
  // The fewer pieces the enemy can still move, the farther out an intruder counts: from 6 moves with 12 or more up to
  // 12 with 6 or fewer. In an endgame an intruder sets out beyond six moves while the one piece that beats it walks off
  // to hunt, and by the time it is within six moves that piece is too late.
  int movers = 0;
  for (int r = kSpy; r <= kMarshal; ++r) movers += s.alive(me ^ 1, r);
  const int reach = std::clamp(18 - movers, kReach, 2 * kReach);
  // The guard weighs more the more one leads (the Flag is then all the enemy can still win by), up to twice, and a
  // defender with no move to spare leaves half the danger: else the search sees its last ply make the defence in time
  // and puts it off move after move, until a second threat takes the one move it had.
  const int guard = kGuard + std::clamp(lead, 0, 600) / 2;
  constexpr int kSpare = 1;
  const bool miners = s.alive(me ^ 1, kMiner) > 0;
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
    const int rank = miners && !e.known ? static_cast<int>(kMiner) : e.rank;
    for (int x = 0; x < race.exits; ++x) {
      if (bomb[x] && rank != kMiner) continue;
      int moves = (rank == kMiner ? race.miner : race.other)[x][e.square];
      // A Scout with an open line to an empty exit is there in one move.
      if (rank == kScout && moves > 1 && s.cell(race.exit[x]) == 0 && open_line(s, e.square, race.exit[x])) moves = 1;
      // The most this intruder can cost: the guard's share, and with `lost` a race no defender wins.
      const int at_guard = guard / (moves + 1), at_lost = std::min(lost, lost * 2 / (moves + 1));
      if (moves + 1 > reach || std::max(at_guard, at_lost) <= worst) continue;
      int fastest = kCells;  // the moves the quickest defender that stops the intruder needs, its side's turn counted
      for (int i = 0; i < mine.n && fastest > moves - kSpare; ++i) {
        const Piece& a = mine.piece[i];
        if (movable(a.rank) && combat(a.rank, rank) > 0)
          fastest = std::min(fastest, race.defender[x][a.square] + slack);
      }
      const int late = fastest - moves;  // > 0: too late by that many moves
      if (late <= -kSpare) continue;
      const int share = late <= 0 ? 50 : 100;
      worst = std::max(worst, at_guard * share / 100);
      // With `lost`, a race no defender wins, run by a piece that can take the Flag in this world (the unknown pieces
      // counted as Miners only as often as the world draws one), weighs like the game: at the guard's share, a
      // defender leaves its post to take a piece worth more than the race costs three moves out. Only a race: where
      // no piece that can get there beats the intruder (a known enemy Marshal), no move changes it, and a cost near
      // the game's on every line only pushes the search's scores towards those of a lost game. A defender one move
      // late leaves 80% of it, each move later 5% more, up to all of it five moves late, so that bringing the nearest
      // defender home pays before it is in time.
      if (lost > 0 && late > 0 && fastest < kCells && (rank == e.rank || !bomb[x]))
        worst = std::max(worst, at_lost * (15 + std::min(late, 5)) / 20);
    }
  }
  // A guard at home: the nearest own piece that beats a Scout, a Miner and a Sergeant (the pieces that come for a Flag
  // late in the game) costs a little for every move it is from standing next to an exit beyond three, while the enemy
  // can still move. Without it no term asks for a guard before an intruder is within the race's reach, and one's last
  // pieces are far away when a Miner or a Scout comes: every defender is then hopelessly late, whatever they do.
  int nearest = 255;
  bool intruders = false;
  for (int k = 0; k < theirs.n && !intruders; ++k) intruders = movable(theirs.piece[k].rank);
  for (int i = 0; i < mine.n; ++i) {
    const Piece& a = mine.piece[i];
    if (!movable(a.rank) || a.rank < kLieutenant) continue;
    for (int x = 0; x < race.exits; ++x) nearest = std::min<int>(nearest, race.defender[x][a.square]);
  }
  if (intruders) worst += kHome * std::clamp(nearest - 3, 0, 8);
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
  // elimination that every moved unknown piece is weaker and takes them one by one: those pieces are as good as known.
  for (int p = 0; p < 2; ++p) {
    if (strongest_unknown[p] >= enemy_top[p]) continue;
    for (int i = 0; i < pieces[p].n; ++i) {
      const Piece& x = pieces[p].piece[i];
      if (!x.known && x.moved && x.rank < enemy_top[p]) material[p] -= hidden[p][x.rank];
    }
  }
  const int other = player ^ 1;
  const int lead = material[player] - material[other];
  // Only the Flag the race knows is guarded (it never moves, and once taken nothing is evaluated); the field's owner's
  // Flag stands where a world drew it.
  const FlagRace* race = context.race;
  auto exposure = [&](int p) {
    if ((field && field->owner == p) || !race || race->owner != p || race->flag < 0) return 0;
    return flag_exposure(s, p, pieces[p], pieces[p ^ 1], p == player ? lead : -lead, context, *race);
  };
  auto sweep = [&](int p) { return context.sweeper == p ? context.sweep : kRanks; };
  // Trading down: the same lead is worth more with less left on the board (each side's army is about 2550 at the
  // start, hidden values included), so the side ahead trades equal pieces and the side behind avoids it. Without it an
  // even trade changes nothing, and a side far ahead shuffles beside an equal piece rather than take it and die with
  // it.
  const int gone = std::max(0, kArmies - material[0] - material[1]);
  const int trade = lead * std::min(gone, kArmies) / kArmies;
  return lead + trade + side_score(s, player, pieces[player], pieces[other], lead, value[other], field, sweep(player)) -
         side_score(s, other, pieces[other], pieces[player], -lead, value[player], field, sweep(other)) -
         spy_danger(s, player, pieces[player]) + spy_danger(s, other, pieces[other]) - exposure(player) +
         exposure(other);
}

FlagField flag_field(const Beliefs& beliefs, int owner) {
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
    double closed = 1.0;
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
      far += f.p * std::max(0, FlagField::kFar - d) / FlagField::kFar;
    }
    field.near[q] = static_cast<int>(std::lround(1000 * near / total));
    field.open[q] = static_cast<int>(std::lround(1000 * open / total));
    field.far[q] = static_cast<int>(std::lround(1000 * far / total));
  }
  return field;
}

FlagRace flag_race(const Info& info) {
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
  // A defender's way costs a move more for each square on it that holds one of one's own movable pieces (it must step
  // aside first): else a top piece "guards" an open Flag from behind its own pieces while an intruder walks past it,
  // and a search three plies deep sees no threat.
  auto owner = [&](int q) {
    const std::uint8_t c = info.cell(q);
    return (c & kRankMask) && !(c & kWall) ? ((c & kBlue) ? 1 : 0) : -1;
  };
  auto own_piece = [&](int q) { return owner(q) == me && movable(info.cell(q) & kRankMask); };
  // Squares no defender passes or stands on: one's own piece with nothing but walls and its own pieces around it (it
  // cannot step aside), and a known enemy Major or higher, or Bomb (most defenders lose to it). Else a defender
  // "guards" a bombed-in corner from a square a boxed-in piece of its own holds, or one a known enemy General holds.
  auto barred = [&](int q) {
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
    // Where a defender takes an intruder on its way in: next to the exit; and where every other neighbour of the exit
    // is one's own Bomb (a Flag in a corner behind two Bombs), next to those Bombs, a move earlier: the Miner stands on
    // one of them before the exit, and nothing can stand next to the exit itself (with no square to guard it from,
    // every move of a defender would cost the same). A barred square is no post: the ring moves out past it, and a
    // piece of one's own that cannot move guards from where it stands, at its ring's distance.
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
      if (!beside.empty() || earlier == 2) break;
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

}  // namespace strat::stratego::v2
