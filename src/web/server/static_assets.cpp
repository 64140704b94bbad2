#include "web/server/static_assets.h"

#include <map>
#include <string>

#include "web/server/embedded_assets.h"

namespace jungle::web {

namespace {

std::string content_type(std::string_view path) {
  static const std::map<std::string, std::string, std::less<>> kTypes = {
      {"html", "text/html; charset=utf-8"},
      {"css", "text/css; charset=utf-8"},
      {"js", "text/javascript; charset=utf-8"},
      {"json", "application/json"},
      {"svg", "image/svg+xml"},
      {"png", "image/png"},
      {"ico", "image/x-icon"},
      {"webmanifest", "application/manifest+json"},
      {"txt", "text/plain; charset=utf-8"},
  };
  const size_t dot = path.rfind('.');
  if (dot != std::string_view::npos) {
    if (auto it = kTypes.find(path.substr(dot + 1)); it != kTypes.end()) return it->second;
  }
  return "application/octet-stream";
}

// FNV-1a: enough to tell one build's file from another's.
std::string etag_of(std::string_view data) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : data) h = (h ^ c) * 1099511628211ull;
  char buf[24];
  std::snprintf(buf, sizeof buf, "\"%016llx\"", static_cast<unsigned long long>(h));
  return buf;
}

// Built by appending: GCC 12 at -O3 warns falsely (-Wrestrict) on "/" + string.
std::string url_path(std::string_view relative) {
  std::string path;
  path.reserve(relative.size() + 1);
  path += '/';
  path += relative;
  return path;
}

struct Served {
  std::string_view data;
  std::string type;
  std::string etag;
};

}  // namespace

void add_static_routes(httplib::Server& server) {
  auto files = std::make_shared<std::map<std::string, Served, std::less<>>>();
  for (const EmbeddedAsset& a : embedded_assets()) {
    (*files)[url_path(a.path)] = Served{a.data, content_type(a.path), etag_of(a.data)};
  }
  auto serve = [files](const std::string& path, const httplib::Request& req,
                       httplib::Response& res) {
    auto it = files->find(path);
    if (it == files->end()) {
      res.status = 404;
      res.set_content("Not found: " + path + "\n", "text/plain; charset=utf-8");
      return;
    }
    // no-cache: the browser revalidates, so a new build is seen at once.
    res.set_header("Cache-Control", "no-cache");
    res.set_header("ETag", it->second.etag);
    res.set_header("X-Content-Type-Options", "nosniff");
    if (req.get_header_value("If-None-Match") == it->second.etag) {
      res.status = 304;
      return;
    }
    res.set_content(std::string(it->second.data), it->second.type);
  };
  server.Get("/", [serve](const httplib::Request& req, httplib::Response& res) {
    serve("/index.html", req, res);
  });
  server.Get(R"(/((?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_.-]+\.[a-z]+))",
             [serve](const httplib::Request& req, httplib::Response& res) {
               serve(url_path(req.matches[1].str()), req, res);
             });
}

}  // namespace jungle::web
