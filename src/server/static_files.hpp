#pragma once
// The built front end as the server may serve it: an index of the regular files that lie inside the web root
// once every path is made canonical (symbolic links resolved), taken when the server starts and again when a
// request misses after the front end was rebuilt. A request is answered only with a file of that index, looked
// up by its exact URL path: no URL is ever joined to a file-system path, so `//etc/passwd`, `%2e%2e`,
// backslashes or a link inside the root that points out of it can never reach a file outside the root.
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace strat::server {

class StaticFiles {
 public:
  explicit StaticFiles(std::string root);

  struct File {
    std::filesystem::path path;  // canonical, inside the root
    std::string mime;
    // The same file compressed at build time (`path` + ".gz", no older than `path`, inside the root); empty
    // when the build wrote none.
    std::filesystem::path gzip;
  };
  // The file for a URL path (no query): an indexed file, index.html for an app route (a path of letters,
  // digits, '/', '-' and '_' only, with no extension), or nothing.
  std::optional<File> find(std::string_view url_path);
  const std::string& root() const { return root_; }
  bool has_index() const;

  static std::string mime_type(const std::string& extension);  // "" for a type the build never writes
  // Whether an Accept-Encoding header lets the answer be gzip-compressed (RFC 9110: "gzip" or "*" with a
  // non-zero weight, an explicit "gzip;q=0" winning over "*").
  static bool accepts_gzip(std::string_view accept_encoding);

 private:
  void reindex();
  std::optional<File> lookup(const std::string& url_path) const;

  std::string root_;
  mutable std::mutex mutex_;
  std::map<std::string, File> files_;  // "/assets/app-X.js" -> file
  std::chrono::steady_clock::time_point indexed_at_{};
};

}  // namespace strat::server
