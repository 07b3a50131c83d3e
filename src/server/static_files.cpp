#include "server/static_files.hpp"

#include <cctype>
#include <system_error>

namespace strat::server {

namespace fs = std::filesystem;

StaticFiles::StaticFiles(std::string root) : root_(std::move(root)) { reindex(); }

std::string StaticFiles::mime_type(const std::string& ext) {
  static const std::map<std::string, std::string> types = {
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
      {".png", "image/png"},                 {".json", "application/json"},
      {".ico", "image/x-icon"},              {".txt", "text/plain; charset=utf-8"},
      {".webmanifest", "application/manifest+json"}, {".wav", "audio/wav"},
      {".ogg", "audio/ogg"},                 {".mp3", "audio/mpeg"},
      {".woff2", "font/woff2"},              {".map", "application/json"}};
  auto it = types.find(ext);
  return it == types.end() ? "" : it->second;
}

void StaticFiles::reindex() {
  std::map<std::string, File> files;
  std::error_code ec;
  const fs::path root = fs::canonical(root_, ec);
  if (!ec) {
    const std::string prefix = root.string() + "/";
    // Directory links are not followed; a linked file is kept only if its target lies inside the root.
    for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code e2;
      const fs::path real = fs::canonical(it->path(), e2);
      if (e2 || real.string().rfind(prefix, 0) != 0 || !fs::is_regular_file(real, e2)) continue;
      const std::string rel = fs::relative(it->path(), root, e2).generic_string();
      const std::string mime = mime_type(it->path().extension().string());
      if (e2 || rel.empty() || mime.empty()) continue;
      files["/" + rel] = File{real, mime};
    }
  }
  std::lock_guard lock(mutex_);
  files_ = std::move(files);
  indexed_at_ = std::chrono::steady_clock::now();
}

std::optional<StaticFiles::File> StaticFiles::lookup(const std::string& url_path) const {
  std::lock_guard lock(mutex_);
  auto it = files_.find(url_path);
  if (it == files_.end()) return std::nullopt;
  return it->second;
}

bool StaticFiles::has_index() const {
  std::lock_guard lock(mutex_);
  return files_.count("/index.html") != 0;
}

std::optional<StaticFiles::File> StaticFiles::find(std::string_view url) {
  std::string path(url);
  bool app_route = !path.empty() && path[0] == '/';
  for (char c : path)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '-' || c == '_')) app_route = false;
  if (path == "/" || app_route) path = "/index.html";
  if (auto f = lookup(path)) return f;
  // A miss may follow a rebuild of the front end (new hashed names): look again, at most once a second.
  bool stale;
  {
    std::lock_guard lock(mutex_);
    stale = std::chrono::steady_clock::now() - indexed_at_ > std::chrono::seconds(1);
  }
  if (!stale) return std::nullopt;
  reindex();
  return lookup(path);
}

}  // namespace strat::server
