// The live team games when several servers share one database (docs/server.md, "Several servers: owners, leases
// and fencing"): which games this node plays, loading one when a request needs it, and dropping those it lost.
#include "server/leases.hpp"
#include "server/live_hub.hpp"

namespace strat::server {

using nlohmann::json;

void LiveHub::set_leases(Leases* leases) {
  leases_ = leases;
  store_.set_fence(leases ? &leases->live_fence() : nullptr);
}

LiveHub::Entry* LiveHub::live_entry(const std::string& id) {
  if (auto it = games_.find(id); it != games_.end()) return &it->second;
  if (!leases_) return nullptr;
  const auto owner = leases_->acquire(id, Games::kLive);
  if (!owner.ours) {
    if (owner.node.empty()) throw NotOwner("this server is rejoining the cluster: try again");
    throw Moved(owner.node);
  }
  return load(id) ? &games_.at(id) : nullptr;
}

void LiveHub::drop_lost(bool kept) {
  if (!leases_) return;
  std::vector<std::string> lost;
  for (const auto& [id, entry] : games_)
    if (!kept || !leases_->holds(id, Games::kLive)) lost.push_back(id);
  for (const auto& id : lost) drop(id);
}

void LiveHub::drop(const std::string& id) {
  auto it = games_.find(id);
  if (it == games_.end()) return;
  const auto clients = std::move(it->second.clients);
  games_.erase(it);
  if (leases_) leases_->forget(id, Games::kLive);
  const std::string last = json{{"type", "error"}, {"request", ""}, {"message", kNoLongerHere}}.dump();
  for (const auto& [client, role] : clients) client->disconnect(last);
}

}  // namespace strat::server
