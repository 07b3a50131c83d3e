// Per-player views (K-14): the view string, the web client's JSON, and the terminal rendering. Each is built
// from the knowledge test line_known / hand_known, so a hidden card never reaches a view.
#include <algorithm>

#include "core/any_state.hpp"
#include "games/stratego_cards/state.hpp"

namespace strat::stratego_cards {

namespace {

const char* phase_name(Phase p) { return p == Phase::Setup ? "setup" : p == Phase::Act ? "act" : "refill"; }

std::string flagged(Card c, std::uint8_t f, bool known) {
  if (c == kEmpty) return "-";
  if (!known) return "?";
  return card_text(c) + ((f & kPublic) ? "*" : (f & kSeen) ? "+" : "");
}

std::string removed_list(const Counts& removed) {
  std::string out;
  for (int c = kCardCodes - 1; c >= 1; --c)
    for (int k = 0; k < removed[c]; ++k) out += (out.empty() ? "" : ",") + card_text(static_cast<Card>(c));
  return out;
}

// The hand's cards as `viewer` may list them (-1: all). The state keeps hands sorted, so an opponent's hand
// is listed with the cards the viewer saw first and the hidden ones after: where a '?' sits among known cards
// would otherwise tell its rank range.
struct HandEntry {
  Card card;  // kEmpty when hidden
  std::uint8_t flags;
};
std::vector<HandEntry> hand_for(const Side& s, int owner, int viewer) {
  std::vector<HandEntry> out;
  if (viewer < 0 || viewer == owner) {
    for (int i = 0; i < s.hand_n; ++i) out.push_back({s.hand[i], s.hand_flags[i]});
    return out;
  }
  for (int i = 0; i < s.hand_n; ++i)
    if (s.hand_flags[i] & kSeen) out.push_back({s.hand[i], s.hand_flags[i]});
  while (static_cast<int>(out.size()) < s.hand_n) out.push_back({kEmpty, 0});
  return out;
}

Counts removed_of(const Side& s) {
  Counts n = s.in_play(), r{};
  for (int c = 1; c < kCardCodes; ++c) r[c] = static_cast<std::uint8_t>(kDeck[c] - n[c]);
  return r;
}

std::string outcome_json(const Outcome& o) {
  std::string w = o.status == Status::Win ? std::string("\"") + State::player_name(o.winner) + "\"" : "null";
  return std::string("{\"over\":") + (o.over() ? "true" : "false") + ",\"winner\":" + w + ",\"reason\":\"" +
         json_escape(o.reason) + "\"}";
}

}  // namespace

std::string State::view_string(int player) const {
  std::string out;
  out += player_letter(mover_);
  out += ' ';
  out += phase_name(phase_);
  out += ' ' + std::to_string(turns_) + " view=" + player_letter(player);
  for (int p = 0; p < 2; ++p) {
    const Side& s = sides_[p];
    out += ' ';
    for (int i = 0; i < kSlots; ++i) out += (i ? "," : "") + flagged(s.line[i], s.line_flags[i], line_known(p, i, player));
    out += '/';
    auto hand = hand_for(s, p, player);
    for (std::size_t i = 0; i < hand.size(); ++i)
      out += (i ? "," : "") + (hand[i].card == kEmpty ? std::string("?") : flagged(hand[i].card, hand[i].flags, true));
    out += "/#" + std::to_string(s.pile_n);
  }
  out += " out=" + removed_list(removed_of(sides_[0])) + "/" + removed_list(removed_of(sides_[1]));
  return out;
}

std::string State::view_json(int player) const {
  const bool all = player < 0;
  std::string j = "{\"game\":\"stratego-cards\",\"viewer\":\"";
  j += all ? "all" : player_name(player);
  j += "\",\"to_move\":\"";
  j += player_name(mover_);
  j += "\",\"phase\":\"";
  j += phase_name(phase_);
  j += "\",\"turn\":" + std::to_string(turns_) + ",\"turn_limit\":" + std::to_string(config_.draw_turns) +
       ",\"outcome\":" + outcome_json(outcome_) + ",\"sides\":[";
  for (int p = 0; p < 2; ++p) {
    const Side& s = sides_[p];
    if (p) j += ',';
    j += "{\"player\":\"";
    j += player_name(p);
    j += "\",\"line\":[";
    for (int i = 0; i < kSlots; ++i) {
      if (i) j += ',';
      if (s.line[i] == kEmpty) {
        j += "null";
        continue;
      }
      const bool known = all || line_known(p, i, player);
      j += "{\"card\":\"" + (known ? card_text(s.line[i]) : std::string("?")) + "\",\"public\":" +
           ((s.line_flags[i] & kPublic) ? "true" : "false") + ",\"seen\":" +
           ((s.line_flags[i] & kSeen) ? "true" : "false") + "}";
    }
    j += "],\"hand\":[";
    auto hand = hand_for(s, p, player);
    for (std::size_t i = 0; i < hand.size(); ++i) {
      const bool known = hand[i].card != kEmpty;
      j += std::string(i ? "," : "") + "{\"card\":\"" + (known ? card_text(hand[i].card) : std::string("?")) +
           "\",\"seen\":" + ((hand[i].flags & kSeen) ? "true" : "false") + "}";
    }
    j += "],\"pile_count\":" + std::to_string(s.pile_n);
    if (all) {
      j += ",\"pile\":[";
      for (int i = s.pile_n - 1; i >= 0; --i) j += "\"" + card_text(s.pile[i]) + "\"" + (i ? "," : "");
      j += "]";
    }
    j += ",\"removed\":[";
    std::string r = removed_list(removed_of(s));
    if (!r.empty()) {
      j += '"';
      for (char ch : r) j += ch == ',' ? std::string("\",\"") : std::string(1, ch);
      j += '"';
    }
    j += "]}";
  }
  j += "],\"legal\":[";
  if ((all || player == mover_) && !outcome_.over()) {
    std::vector<Move> moves;
    legal_moves(moves);
    std::vector<std::string> names;
    for (const auto& m : moves) names.push_back(move_to_string(m));
    std::sort(names.begin(), names.end());
    for (std::size_t i = 0; i < names.size(); ++i) j += (i ? ",\"" : "\"") + names[i] + "\"";
  }
  j += "]}";
  return j;
}

std::string State::render(int perspective, bool color) const {
  const auto paint = [&](const std::string& text, const char* code) {
    return color ? std::string("\x1b[") + code + "m" + text + "\x1b[0m" : text;
  };
  const int viewer = perspective;
  std::string out;
  auto side_block = [&](int p) {
    const Side& s = sides_[p];
    const char* tint = p == 0 ? "31" : "34";
    std::string head = std::string(player_name(p)) + (p == viewer ? " (you)" : "");
    head[0] = static_cast<char>(head[0] - 'a' + 'A');
    out += paint(head, tint) + "\n  line: ";
    for (int i = 0; i < kSlots; ++i) {
      std::string cell;
      if (s.line[i] == kEmpty) cell = ".";
      else if (viewer >= 0 && !line_known(p, i, viewer)) cell = "?";
      else cell = card_text(s.line[i]);
      std::string mark = (s.line_flags[i] & kPublic) ? " up" : (s.line_flags[i] & kSeen) ? " seen" : "";
      if (s.line[i] == kEmpty) mark.clear();
      char buf[32];
      std::snprintf(buf, sizeof buf, "[%d] %-2s%-5s ", i + 1, cell.c_str(), mark.c_str());
      out += buf;
    }
    out += "\n  hand: ";
    if (s.hand_n == 0) out += "(empty)";
    for (const auto& h : hand_for(s, p, viewer))
      out += (h.card == kEmpty ? std::string("?") : card_text(h.card)) + ((h.flags & kSeen) ? "(seen)" : "") + " ";
    out += "  pile: " + std::to_string(s.pile_n);
    std::string gone = removed_list(removed_of(s));
    out += "  out: " + (gone.empty() ? std::string("none") : gone) + "\n";
  };
  side_block(perspective == 0 ? 1 : 0);  // the opponent on top
  side_block(perspective == 0 ? 0 : 1);
  out += "(up = face up, known to both; seen = looked at by its owner's opponent)\n";
  out += "Turn " + std::to_string(turns_ + 1) + ", ";
  if (outcome_.over()) {
    out += outcome_.status == Status::Draw ? std::string("draw (") + outcome_.reason + ")"
                                           : std::string(player_name(outcome_.winner)) + " wins (" + outcome_.reason + ")";
  } else {
    out += std::string(player_name(mover_)) + " to " +
           (phase_ == Phase::Act ? "act (a2x4, spy3, scout1:2,5, flag4)" : "lay a card (place 2=9)");
  }
  out += "\n";
  return out;
}

}  // namespace strat::stratego_cards
