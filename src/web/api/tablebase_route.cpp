#include "web/api/tablebase_route.h"

#include <exception>
#include <iostream>
#include <map>
#include <memory>

#include "game/endgame_tables.h"
#include "game/family.h"
#include "web/api/route_support.h"
#include "web/engines/engine_search.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {

// Each family's tables, made once when the server starts; null for a family
// whose games have none.
using TablesByFamily = std::map<const game::Family*, std::unique_ptr<game::EndgameTables>>;

// The server's log names each damaged table once, with its folder; the
// answers say which table, without the folder.
void log_damage(const game::EndgameTables& tables) {
  for (const std::string& e : tables.new_damage()) {
    std::cerr << "jungle: tablebase: " << e
              << "; requests that need it are answered 500 tablebase_damaged" << std::endl;
  }
}

Json verdict_json(const game::EndgameVerdict& v) {
  return Json{{"wdl", game::wdl_word(v.wdl)}, {"distance", v.distance}};
}

// A shipped rule set's family; a request never names a file.
const game::Family& family_of(const VariantCatalog& catalog, const std::string& variant) {
  if (const game::Family* family = catalog.family_of(variant)) return *family;
  (void)catalog.get(variant);  // throws, naming the shipped sets
  throw GameError(ErrorKind::kBadRequest, "unknown_variant", "unknown rule set '" + variant + "'");
}

// The probe, run by one of the engine pool's workers as every help is: a
// flip ending's tables may take seconds to build, so probes share the
// engines' count, the queue and each client's cap with hints and analyses
// (a refusal says so as theirs do). What the probe throws is thrown here.
game::EndgameAnswer probe_on_pool(EnginePool& pool, const game::EndgameTables& tables,
                                  const std::string& variant, const std::string& fen,
                                  const Requester& who) {
  game::EndgameAnswer answer;
  std::exception_ptr failed;
  EngineJob job;
  job.kind = EngineJob::Kind::kTables;
  job.client = who.client;
  job.address = who.address;
  // run_and_wait returns only once the task has run (or never will), so
  // the references it holds outlive it.
  job.task = [&] {
    try {
      answer = tables.probe(variant, fen);
    } catch (...) {
      failed = std::current_exception();
    }
  };
  if (!run_and_wait(pool, std::move(job))) {
    throw GameError(ErrorKind::kUnavailable, "shutting_down", "the server is shutting down");
  }
  if (failed) std::rethrow_exception(failed);
  return answer;
}

}  // namespace

EndgameTablesOf family_endgame_tables(const std::filesystem::path& dir) {
  return [dir](const game::Family& family) { return family.endgame_tables({.folder = dir}); };
}

void add_tablebase_route(httplib::Server& server, ApiContext& ctx,
                         const EndgameTablesOf& tables_of) {
  auto tables = std::make_shared<TablesByFamily>();
  for (const game::Family* family : game::families()) (*tables)[family] = tables_of(*family);
  server.Post("/api/tablebase", [&ctx, tables](const httplib::Request& req,
                                               httplib::Response& res) {
    try {
      const Json body = parse_body(req);
      const std::string variant = string_field(body, "variant", "standard");
      const std::string fen = string_field(body, "fen", "");
      if (fen.empty()) throw GameError(ErrorKind::kBadRequest, "bad_field", "'fen' is required");
      const game::Family& family = family_of(ctx.catalog, variant);
      const game::EndgameTables* family_tables = tables->at(&family).get();
      if (!family_tables) {
        send_json(res, Json{{"available", false},
                            {"reason", std::string(family.title()) + " has no endgame tables"}});
        return;
      }
      const Requester who = requester(ctx, req, res);
      game::EndgameAnswer answer;
      try {
        answer = probe_on_pool(ctx.pool, *family_tables, variant, fen, who);
      } catch (const std::invalid_argument& e) {
        throw GameError(ErrorKind::kRefused, "bad_fen",
                        std::string("invalid position: ") + e.what());
      } catch (const game::EndgameTableDamage& e) {
        // A damaged table is read once; every later request for it gets
        // this same answer.
        log_damage(*family_tables);
        send_error(res, 500, "tablebase_damaged", e.what());
        return;
      }
      log_damage(*family_tables);
      if (!answer.refusal.empty()) {
        send_json(res, Json{{"available", false}, {"reason", answer.refusal}});
        return;
      }
      Json moves = Json::array();
      for (const game::EndgameMoveValue& m : answer.moves) {
        Json move = verdict_json(m.verdict);
        move["move"] = m.action;
        moves.push_back(move);
      }
      Json out = verdict_json(answer.verdict);
      out["available"] = true;
      out["distance_to"] = game::distance_text(family_tables->distance());
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
