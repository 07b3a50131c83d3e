// The load tool reads the members it needs from raw message text (src/server/json_scan.hpp): checked against the
// JSON library on messages shaped like the server's, with nesting, escapes and strings holding brackets.
#include "server/json_scan.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace strat::server {
namespace {

using nlohmann::json;

TEST(JsonScan, MembersMatchTheJsonLibrary) {
  json message = {{"type", "move"},
                  {"ply", 12},
                  {"seat", 1},
                  {"move", "e4-e5"},
                  {"events", {"capture e5", "reveal \"e5\" [6x4]"}},
                  {"result", nullptr},
                  {"legal", {"a1-a2", "b\\1", "c}1"}},
                  {"view", {{"board", {{{"r", "?"}, {"c", "]"}}, nullptr}}, {"text", "{not an object}"}}},
                  {"clocks", nullptr},
                  {"draw_offer", -1}};
  for (int indent : {-1, 2}) {
    std::string text = message.dump(indent);
    RawMembers members;
    scan_object(text, members);
    ASSERT_EQ(members.size(), message.size()) << text;
    for (auto &[key, value] : message.items())
      EXPECT_EQ(json::parse(member(members, key)), value) << key << " in " << text;
    EXPECT_EQ(member(members, "absent"), "");
    std::vector<std::string_view> legal;
    scan_array(member(members, "legal"), legal);
    ASSERT_EQ(legal.size(), 3u);
    for (std::size_t i = 0; i < legal.size(); ++i) EXPECT_EQ(json::parse(legal[i]), message["legal"][i]);
  }
}

TEST(JsonScan, TruncatedTextStopsAtItsEnd) {
  std::string text = json{{"type", "move"}, {"view", {{"a", "[[["}}}}.dump();
  for (std::size_t n = 0; n < text.size(); ++n) {
    RawMembers members;
    scan_object(std::string_view(text).substr(0, n), members);
    for (auto &[key, value] : members) EXPECT_LE(value.data() + value.size(), text.data() + n);
  }
  std::vector<std::string_view> elements;
  scan_array("[]", elements);
  EXPECT_TRUE(elements.empty());
  scan_array("null", elements);
  EXPECT_TRUE(elements.empty());
}

}  // namespace
}  // namespace strat::server
