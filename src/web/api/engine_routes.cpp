// The engine's routes (docs/api.md): hints, live analysis and reviews.
// They read a game but never play in it. One path for every family: the
// service locks the game and applies the rules of when help is given (the
// game's capabilities, and none during an online game still going on),
// the game says what its reader may have searched (help_position, its
// Observation), and the family's engine behind the game interface searches
// it on the pool (game_engine_job, analysis_stream).
#include "game/family.h"
#include "web/api/named_position.h"
#include "web/api/route_support.h"
#include "web/engines/analysis_stream.h"
#include "web/engines/game_engine_job.h"
#include "web/engines/reviews.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;

// A review's thinking time per position: enough for a fair judgement of
// each move, little enough that a long game is reviewed in a minute or so.
constexpr int64_t kReviewDefaultMs = 300;
constexpr int64_t kReviewMaxMs = 5000;

SearchLimits search_limits(const Request& req, const EnginePoolLimits& limits, int64_t default_ms,
                           int64_t max_ms) {
  SearchLimits l;
  l.movetime_ms = int_param(req, "movetime_ms", default_ms, 10, max_ms);
  l.depth = int(int_param(req, "depth", 0, 0, limits.max_depth));
  return l;
}

int analysis_lines(const Request& req) {
  return int(int_param(req, "multipv", 1, 1, kMaxAnalysisLines));
}

// The query's `ply` of the locked game (default: now).
int ply_param(const Request& req, const GameSessionBase& game) {
  return int(int_param(req, "ply", game.ply(), 0, game.ply()));
}

}  // namespace

void add_engine_routes(httplib::Server& server, ApiContext& ctx) {
  GameService& service = ctx.service;

  server.Get(
      R"(/api/games/(\d+)/hint)", guarded([&](const Request& req, Response& res) {
        const Requester who = requester(ctx, req, res);
        const game::Observation observation = [&] {
          GameService::LockedGame g = service.lock_for_help(game_id(req), Help::kHint);
          return g.game->help_position(ply_param(req, *g.game), g.game->seats.held_by(who.proof));
        }();
        send_json(res, game_hint(ctx.pool, observation,
                                 search_limits(req, ctx.pool.limits(), 1000, ctx.max_hint_ms),
                                 analysis_lines(req), who.client, who.address));
      }));

  // A review: the engine searches every position of the game in turn, in
  // the background; the page polls GET for its progress and findings.
  server.Post(R"(/api/games/(\d+)/review)", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const int64_t movetime =
                    int_field(body, "movetime_ms", kReviewDefaultMs, 20, kReviewMaxMs);
                GameService::LockedGame g = service.lock_for_help(game_id(req), Help::kReview);
                const Requester who = requester(ctx, req, res);
                if (ctx.reviews.start(*g.game, movetime, who.client, who.address)) {
                  service.save(*g.game);  // a position the board decides needs no search
                }
                send_json(res, ctx.reviews.status_json(*g.game), 202);
              }));

  server.Get(R"(/api/games/(\d+)/review)", guarded([&](const Request& req, Response& res) {
               // What a review found may be read during an online game too.
               GameService::LockedGame g =
                   service.lock_for_help(game_id(req), Help::kReview, /*asking=*/false);
               send_json(res, ctx.reviews.status_json(*g.game));
             }));

  auto open_stream = [&ctx]() {
    if (ctx.open_streams.load() >= ctx.max_streams) {
      throw GameError(ErrorKind::kUnavailable, "too_many_streams",
                      "too many analyses are running; close one or try again later");
    }
  };

  server.Get(R"(/api/games/(\d+)/analysis)",
             guarded([&, open_stream](const Request& req, Response& res) {
               open_stream();
               GameService::LockedGame g = service.lock_for_help(game_id(req), Help::kAnalysis);
               const int ply = ply_param(req, *g.game);
               const Requester who = requester(ctx, req, res);
               const game::Observation observation =
                   g.game->help_position(ply, g.game->seats.held_by(who.proof));
               // One analysis per game: a new one (the page moved to
               // another position) replaces the one before.
               if (g.game->analysis_ticket) g.game->analysis_ticket->cancel();
               g.game->analysis_ticket = stream_analysis(
                   res, ctx.pool, observation,
                   search_limits(req, ctx.pool.limits(), 10000, ctx.pool.limits().max_analysis_ms),
                   analysis_lines(req), who.client, who.address, ctx.open_streams,
                   Json{{"game", g.game->id()}, {"ply", ply}});
             }));

  server.Get("/api/analysis", guarded([&, open_stream](const Request& req, Response& res) {
               open_stream();
               const std::string variant =
                   req.has_param("variant") ? req.get_param_value("variant") : "standard";
               if (!req.has_param("fen")) {
                 throw GameError(ErrorKind::kBadRequest, "bad_param",
                                 "query parameter 'fen' is required");
               }
               // Any family's position, read by its family (a flip FEN with
               // its face-down tiles and pool), searched as its side to move
               // sees it: nothing there is private (named_position).
               const std::unique_ptr<game::State> state =
                   named_position(ctx.catalog, variant, req.get_param_value("fen"));
               require_ongoing(*state);
               const game::Observation observation = state->observe(state->actor().side);
               const Requester who = requester(ctx, req, res);
               stream_analysis(
                   res, ctx.pool, observation,
                   search_limits(req, ctx.pool.limits(), 10000, ctx.pool.limits().max_analysis_ms),
                   analysis_lines(req), who.client, who.address, ctx.open_streams, Json::object());
             }));
}

}  // namespace jungle::web
