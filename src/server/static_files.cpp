#include "server/static_files.hpp"

#include <cctype>
#include <optional>
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

namespace {

// `file` + ".gz" when the build wrote it: a regular file inside the root, not older than `file`.
fs::path compressed(const fs::path& file, const std::string& root_prefix) {
  std::error_code ec;
  const fs::path gz = fs::canonical(fs::path(file.string() + ".gz"), ec);
  if (ec || gz.string().rfind(root_prefix, 0) != 0 || !fs::is_regular_file(gz, ec)) return {};
  const auto made = fs::last_write_time(gz, ec);
  if (ec || made < fs::last_write_time(file, ec) || ec) return {};
  return gz;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

bool StaticFiles::accepts_gzip(std::string_view header) {
  std::optional<bool> gzip, any;
  while (!header.empty()) {
    const auto comma = header.find(',');
    const std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    const auto semi = item.find(';');
    const std::string coding = lower(trimmed(item.substr(0, semi)));
    bool allowed = true;
    // Parameters: only the weight matters; q=0 (0.0, 0.000) refuses the coding.
    for (std::string_view params = semi == std::string_view::npos ? "" : item.substr(semi + 1); !params.empty();) {
      const auto next = params.find(';');
      const std::string param = lower(trimmed(params.substr(0, next)));
      params = next == std::string_view::npos ? std::string_view() : params.substr(next + 1);
      if (param.rfind("q=", 0) == 0) allowed = param.find_first_not_of("0.", 2) != std::string::npos;
    }
    if (coding == "gzip" || coding == "x-gzip") gzip = allowed;
    else if (coding == "*") any = allowed;
  }
  return gzip ? *gzip : any.value_or(false);
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
      files["/" + rel] = File{real, mime, compressed(real, prefix)};
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
