#include "server/notices.hpp"

#include "server/db.hpp"
#include "server/notices_postgresql.hpp"

namespace strat::server {
namespace {

// SQLite is one server's database: nobody else to tell, nobody to hear.
class NoNotices final : public Notices {
 public:
  void notify(std::string_view, std::string_view) override {}
  void listen(std::string_view, std::function<void(std::string_view)>) override {}
  bool listening() const override { return false; }
};

}  // namespace

std::unique_ptr<Notices> open_notices(boost::asio::io_context& io, const std::string& where) {
  if (is_postgresql_url(where)) return open_postgresql_notices(io, where);
  return std::make_unique<NoNotices>();
}

}  // namespace strat::server
