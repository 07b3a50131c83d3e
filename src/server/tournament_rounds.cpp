// The tournaments' course (docs/server.md, "Tournaments"): the start, each round's pairing, the results and the end,
// claimed in the database so that one server only pairs each round.
#include <algorithm>
#include <iostream>
#include <map>

#include "core/error.hpp"
#include "server/tournament_state.hpp"
#include "server/tournaments.hpp"

namespace strat::server {

std::vector<std::string> Tournaments::due() {
  std::lock_guard lock(mutex_);
  std::vector<std::string> ids;
  for (const auto& r :
       db_->run("SELECT id FROM tournaments WHERE status='running' OR (status='upcoming' AND start_ms<=?) ORDER BY id",
                {now()})
           .rows)
    ids.push_back(r.text(0));
  return ids;
}

bool Tournaments::finish(const std::string& id, const std::string& note) {
  return db_->run("UPDATE tournaments SET status='finished', note=?, finished=? WHERE id=? AND status<>'finished'",
                  {note, now(), id})
             .changed == 1;
}

bool Tournaments::claim_round(const Loaded& t, std::int64_t next, const std::vector<TournamentBoard>& boards,
                              const std::vector<std::int64_t>& byes) {
  DbTransaction tx(*db_);
  // The claim: of two servers pairing the same round, the second changes no row and writes nothing.
  if (db_->run("UPDATE tournaments SET round=round+1, status='running' WHERE id=? AND round=? AND status<>'finished'",
               {t.id, next - 1})
          .changed != 1)
    return false;
  const std::int64_t at = now();
  for (const auto& b : boards)
    db_->run(
        "INSERT INTO tournament_games (tournament_id, round, board, red, blue, game_id, result, red_token, blue_token, "
        "created, ended) VALUES (?,?,?,?,?,'',-1,'','',?,0)",
        {t.id, next, b.board, b.entrants[0], b.entrants[1], at});
  std::int64_t board = static_cast<std::int64_t>(boards.size());
  for (std::int64_t player : byes)
    db_->run(
        "INSERT INTO tournament_games (tournament_id, round, board, red, blue, game_id, result, red_token, blue_token, "
        "created, ended) VALUES (?,?,?,?,?,'',2,'','',?,?)",
        {t.id, next, ++board, player, TournamentGameRow::kNoOpponent, at, at});
  tx.commit();
  return true;
}

namespace {

TournamentBoard board_for(const Tournaments::Loaded& t, std::int64_t round, std::int64_t board, int red, int blue) {
  TournamentBoard b;
  b.tournament = t.id;
  b.round = round;
  b.board = board;
  b.game = t.game;
  b.clock_initial_ms = t.clock_initial_ms;
  b.clock_increment_ms = t.clock_increment_ms;
  b.rated = t.rated;
  const int players[2] = {red, blue};
  for (int s = 0; s < 2; ++s) {
    const TournamentEntrant& e = t.entrants[players[s]];
    b.entrants[s] = e.number;
    b.users[s] = e.user;
    b.agents[s] = e.agent;
  }
  return b;
}

}  // namespace

void Tournaments::pair_swiss(const Loaded& t, std::vector<TournamentBoard>& made) {
  for (const auto& g : t.games)
    if (g.round == t.round && g.pending()) return;  // the round is still being played
  if (t.round >= t.rounds) {
    finish(t.id, "");
    return;
  }
  if (t.active() < 2) {
    finish(t.id, "ended early: fewer than two players left");
    return;
  }
  const SwissInput in = swiss_input(t);
  swiss::Pairing pairing;
  try {
    pairing = swiss::pair_round(in.entrants, in.rounds);
  } catch (const BadInput& e) {
    finish(t.id, std::string("ended early: ") + e.what());
    return;
  }
  std::vector<TournamentBoard> boards;
  for (const auto& g : pairing.games)
    boards.push_back(board_for(t, t.round + 1, static_cast<std::int64_t>(boards.size()) + 1, g.red, g.blue));
  std::vector<std::int64_t> byes;
  if (pairing.bye) byes.push_back(t.entrants[*pairing.bye].number);
  if (claim_round(t, t.round + 1, boards, byes)) made.insert(made.end(), boards.begin(), boards.end());
}

void Tournaments::pair_arena(const Loaded& t, std::vector<TournamentBoard>& made) {
  const bool playing = std::any_of(t.games.begin(), t.games.end(), [](const auto& g) { return g.pending(); });
  // Games still on at the end are played out and count; the tournament ends with the last of them.
  if (now() >= t.end_ms()) {
    if (!playing) finish(t.id, "");
    return;
  }
  std::vector<int> rank(t.entrants.size());
  const auto lines = arena_standings(t);
  for (std::size_t k = 0; k < lines.size(); ++k) rank[lines[k].player] = static_cast<int>(k);
  // Each player's last board (the games are in round order) and whether it is still on.
  std::map<int, const TournamentGameRow*> last;
  for (const auto& g : t.games) {
    last[t.index_of(g.red)] = &g;
    last[t.index_of(g.blue)] = &g;
  }
  struct Free {
    arena::Waiting waiting;
    std::int64_t since;
  };
  std::vector<Free> free;
  for (std::size_t i = 0; i < t.entrants.size(); ++i) {
    const TournamentEntrant& e = t.entrants[i];
    if (e.withdrawn) continue;
    auto it = last.find(static_cast<int>(i));
    if (it != last.end() && it->second->pending()) continue;
    int opponent = -1;
    std::int64_t since = std::max(e.joined, t.start_ms);
    if (it != last.end()) {
      const TournamentGameRow& g = *it->second;
      opponent = t.index_of(g.red == e.number ? g.blue : g.red);
      since = g.ended;
    }
    free.push_back({{static_cast<int>(i), rank[i], opponent}, since});
  }
  // The longest waiting first: with an odd count the last to arrive waits for the next game to end.
  std::stable_sort(free.begin(), free.end(), [](const Free& a, const Free& b) { return a.since < b.since; });
  std::vector<arena::Waiting> waiting;
  for (const auto& f : free) waiting.push_back(f.waiting);
  const auto pairs = arena::pair_waiting(waiting);
  if (pairs.empty()) return;
  std::vector<TournamentBoard> boards;
  for (const auto& [a, b] : pairs) {
    // Red to the one who had fewer Reds; a newcomer's first game alternates by board.
    auto reds = [&](int player) {
      const std::int64_t number = t.entrants[player].number;
      return std::count_if(t.games.begin(), t.games.end(), [&](const auto& g) { return g.red == number; });
    };
    const bool a_red = reds(a) < reds(b) || (reds(a) == reds(b) && boards.size() % 2 == 0);
    boards.push_back(
        board_for(t, t.round + 1, static_cast<std::int64_t>(boards.size()) + 1, a_red ? a : b, a_red ? b : a));
  }
  if (claim_round(t, t.round + 1, boards, {})) made.insert(made.end(), boards.begin(), boards.end());
}

void Tournaments::advance(const std::string& id, const GameMaker& make) {
  std::vector<TournamentBoard> boards;
  {
    std::lock_guard lock(mutex_);
    const Loaded t = load(id);
    if (t.status == "finished") return;
    if (t.status == "upcoming") {
      if (now() < t.start_ms) return;
      if (t.active() < 2) {
        finish(id, "cancelled: fewer than two players at the start");
        return;
      }
    }
    // A board left without its game (its server stopped between the pairing and the game) is made now.
    for (const auto& g : t.games)
      if (g.pending() && g.game_id.empty() && g.created + kOrphanBoardMs <= now())
        boards.push_back(board_for(t, g.round, g.board, t.index_of(g.red), t.index_of(g.blue)));
    if (t.swiss())
      pair_swiss(t, boards);
    else
      pair_arena(t, boards);
  }
  make_games(boards, make);
}

void Tournaments::make_games(const std::vector<TournamentBoard>& boards, const GameMaker& make) {
  for (const auto& b : boards) {
    try {
      const MadeGame g = make(b);
      std::lock_guard lock(mutex_);
      // Only into a board still without a game: of two servers making an orphan board's game, one game counts.
      db_->run(
          "UPDATE tournament_games SET game_id=?, red_token=?, blue_token=? WHERE tournament_id=? AND round=? AND "
          "board=? AND game_id=''",
          {g.id, g.tokens[0], g.tokens[1], b.tournament, b.round, b.board});
    } catch (const std::exception& e) {
      std::cerr << "strat serve: tournament " << b.tournament << " round " << b.round << " board " << b.board
                << ": game not made: " << e.what() << "\n";
    }
  }
}

std::optional<std::string> Tournaments::record_result(const std::string& game_id, int red_points) {
  std::lock_guard lock(mutex_);
  // Read first: every finished game is offered here at each start, and most are no tournament's.
  const DbResult board = db_->run("SELECT tournament_id FROM tournament_games WHERE game_id=? AND result<0", {game_id});
  if (board.rows.empty()) return std::nullopt;
  const bool recorded = db_->run("UPDATE tournament_games SET result=?, ended=? WHERE game_id=? AND result<0",
                                 {static_cast<std::int64_t>(red_points), now(), game_id})
                            .changed > 0;
  return recorded ? std::optional(board.rows.front().text(0)) : std::nullopt;
}

}  // namespace strat::server
