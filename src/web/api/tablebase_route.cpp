#include "web/api/tablebase_route.h"

#include <iostream>
#include <map>
#include <memory>
#include <mutex>

#include "core/position.h"
#include "tablebase/tablebase.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {

// The server's log names each damaged table once, with its folder; the
// answers say which table, without the folder.
void log_damage(const tb::Tablebase& tables) {
  for (const std::string& e : tables.new_damage()) {
    std::cerr << "jungle: tablebase: " << e
              << "; requests that need it are answered 500 tablebase_damaged" << std::endl;
  }
}

std::string without_folder(const std::string& error, const std::filesystem::path& dir) {
  const std::string prefix = (dir / "").string();
  return error.compare(0, prefix.size(), prefix) == 0 ? error.substr(prefix.size()) : error;
}

// The folder opened once per rule set; a rule set the tables were not made
// for is remembered with its reason.
class TablebaseCache {
 public:
  explicit TablebaseCache(std::filesystem::path dir) : dir_(std::move(dir)) {}

  const std::filesystem::path& dir() const { return dir_; }

  std::shared_ptr<const tb::Tablebase> get(const std::string& variant, const RuleSetPtr& rules,
                                           std::string& why) {
    std::lock_guard lock(mutex_);
    auto it = open_.find(variant);
    if (it == open_.end()) {
      Entry e;
      try {
        e.tables = std::make_shared<const tb::Tablebase>(rules, dir_);
        log_damage(*e.tables);
      } catch (const std::exception& ex) {
        e.why = ex.what();
      }
      it = open_.emplace(variant, std::move(e)).first;
    }
    why = it->second.why;
    return it->second.tables;
  }

 private:
  struct Entry {
    std::shared_ptr<const tb::Tablebase> tables;
    std::string why;
  };
  std::filesystem::path dir_;
  std::mutex mutex_;
  std::map<std::string, Entry> open_;
};

Json verdict_json(const tb::Verdict& v) {
  return Json{{"wdl", tb::wdl_text(v.wdl)}, {"dtm", v.distance}};
}

}  // namespace

void add_tablebase_route(httplib::Server& server, ApiContext& ctx,
                         const std::filesystem::path& dir) {
  auto cache = std::make_shared<TablebaseCache>(dir);
  const bool configured = !dir.empty();
  server.Post("/api/tablebase", [&ctx, cache, configured](const httplib::Request& req,
                                                          httplib::Response& res) {
    try {
      const Json body = parse_body(req);
      const std::string variant = string_field(body, "variant", "standard");
      const std::string fen = string_field(body, "fen", "");
      if (fen.empty()) throw GameError(ErrorKind::kBadRequest, "bad_field", "'fen' is required");
      RuleSetPtr rules = ctx.catalog.get(variant);
      Position pos;
      try {
        pos = Position::from_fen(fen, rules);
      } catch (const FenError& e) {
        throw GameError(ErrorKind::kRefused, "bad_fen",
                        std::string("invalid position: ") + e.what());
      }
      if (!configured) {
        send_json(res, Json{{"available", false}, {"reason", "the server has no tablebase"}});
        return;
      }
      std::string why;
      const auto tables = cache->get(variant, rules, why);
      if (!tables) {
        send_json(res, Json{{"available", false}, {"reason", why}});
        return;
      }
      std::optional<tb::Verdict> v;
      Json moves = Json::array();
      try {
        v = tables->probe(pos);
        if (v) {
          for (const auto& mv : tables->move_values(pos)) {
            Json m = verdict_json(mv.verdict);
            m["move"] = pos.rule_set().geometry().move_text(mv.move);
            moves.push_back(m);
          }
        }
      } catch (const tb::TableError& e) {
        // A damaged table is read once; every later request for it gets
        // this same answer.
        log_damage(*tables);
        send_error(res, 500, "tablebase_damaged",
                   "a table this position needs is damaged on the server: " +
                       without_folder(e.what(), cache->dir()));
        return;
      }
      if (!v) {
        send_json(res, Json{{"available", false}, {"reason", "no table covers this position"}});
        return;
      }
      Json out = verdict_json(*v);
      out["available"] = true;
      out["moves"] = moves;
      send_json(res, out);
    } catch (const GameError& e) {
      send_error(res, http_status(e.kind()), e.code(), e.what());
    } catch (const std::exception& e) {
      send_error(res, 500, "internal", std::string("internal error: ") + e.what());
    }
  });
}

}  // namespace jungle::web
