// The routes around the games (docs/api.md): the server's info, the rule
// sets, positions checked, the games of a record text, and the lobby.
#include "web/api/game_stream.h"
#include "web/api/named_position.h"
#include "web/api/route_support.h"
#include "web/games/family_sessions.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;

// The lobby as the requester sees it, made afresh each time (for the
// stream, at each change): with accounts, each rated challenge says whether
// the login of the request's cookie may take it; without, the lobby as it is.
std::function<Json()> lobby_maker(ApiContext& ctx, const Request& req) {
  if (ctx.accounts == nullptr) return [&ctx] { return ctx.service.lobby(); };
  return [&ctx, token = ctx.guard.cookie(req, ctx.guard.account_cookie_name())] {
    return ctx.accounts->lobby_for(token);
  };
}

}  // namespace

void add_meta_routes(httplib::Server& server, ApiContext& ctx) {
  server.Get("/api/info", guarded([&ctx](const Request&, Response& res) {
               const EnginePool::Stats s = ctx.pool.stats();
               const EnginePoolLimits& l = ctx.pool.limits();
               send_json(res,
                         Json{
                             {"name", "jungle"},
                             {"skill_levels", {{"min", 0}, {"max", 20}}},
                             {"limits",
                              {{"max_movetime_ms", l.max_movetime_ms},
                               {"max_analysis_ms", l.max_analysis_ms},
                               {"max_hint_ms", ctx.max_hint_ms},
                               {"max_depth", l.max_depth},
                               {"queue_capacity", l.queue_capacity},
                               {"max_streams", ctx.max_streams},
                               {"max_game_streams", ctx.max_game_streams},
                               {"abandon_timeout_ms", ctx.service.options().abandon_timeout_ms}}},
                             {"engines",
                              {{"workers", s.workers},
                               {"busy", s.busy},
                               {"queued", s.queued},
                               {"completed", s.completed},
                               {"refused", s.refused}}},
                             {"games_in_memory", ctx.service.games_in_memory()},
                             {"open_streams", ctx.open_streams.load()},
                             {"open_game_streams", ctx.open_game_streams.load()},
                             {"now_ms", ctx.service.now()},
                         });
             }));

  server.Get("/api/variants", guarded([&ctx](const Request&, Response& res) {
               Json all = ctx.catalog.describe_all();
               // What games of each set allow, so a client offers by
               // capability (the editor, say) rather than by kind.
               for (Json& v : all) {
                 const game::Family& family = game::family_of_variant(v["name"].get<std::string>());
                 v["family"] = std::string(family.name());
                 v["capabilities"] = capabilities_json(family.capabilities(), true);
               }
               send_json(res, Json{{"variants", all}});
             }));

  server.Post("/api/positions/validate", guarded([&ctx](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const std::string fen = string_field(body, "fen", "");
                if (fen.empty())
                  throw GameError(ErrorKind::kBadRequest, "bad_field", "'fen' is required");
                std::unique_ptr<game::State> state =
                    named_position(ctx.catalog, string_field(body, "variant", "standard"), fen);
                // Moves from there, for the analysis board's side lines: each one
                // played, with what it moved and took (a flip what it revealed), and
                // the position it leads to.
                const Json played = play_side_line(*state, moves_field(body));
                Json answer = named_position_json(*state);
                answer["played"] = played;
                send_json(res, answer);
              }));

  server.Post("/api/records/games", guarded([&ctx](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const std::string text = string_field(body, "record", "");
                send_json(res, Json{{"games", record_games_json(text, ctx.catalog)}});
              }));

  server.Get("/api/lobby", guarded([&ctx](const Request& req, Response& res) {
               send_json(res, lobby_maker(ctx, req)());
             }));

  server.Get("/api/lobby/events", guarded([&ctx](const Request& req, Response& res) {
               if (ctx.open_game_streams.load() >= ctx.max_game_streams) {
                 throw GameError(ErrorKind::kUnavailable, "too_many_streams",
                                 "too many streams are open; try again later");
               }
               stream_lobby(res, ctx.service, lobby_maker(ctx, req), ctx.open_game_streams);
             }));
}

}  // namespace jungle::web
