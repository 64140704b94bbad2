// The engine's routes (docs/api.md): hints, live analysis and reviews.
// They read a game but never play in it; in an online game still going on
// they are refused, as help from the engine would be.
#include "core/movegen.h"
#include "web/api/route_support.h"
#include "web/engines/analysis_stream.h"
#include "web/engines/engine_search.h"
#include "web/engines/flip_help.h"
#include "web/games/flip_session.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;

// A review's thinking time per position: enough for a fair judgement of
// each move, little enough that a long game is reviewed in a minute or so.
constexpr int64_t kReviewDefaultMs = 300;
constexpr int64_t kReviewMaxMs = 5000;

SearchLimits analysis_limits(const Request& req, const EnginePoolLimits& limits,
                             int64_t default_ms) {
  SearchLimits l;
  l.movetime_ms = int_param(req, "movetime_ms", default_ms, 10, limits.max_analysis_ms);
  l.depth = int(int_param(req, "depth", 0, 0, limits.max_depth));
  return l;
}

int analysis_lines(const Request& req) {
  return int(int_param(req, "multipv", 1, 1, kMaxAnalysisLines));
}

// The locked flip game's position after the query's `ply` (default: now),
// for `what`; none for another kind of game. Refused during an online game,
// and where the game is over in that position.
std::optional<flip::FlipPosition> flip_position(const GameService::LockedGame& g,
                                                const Request& req, const char* what,
                                                Json* start_event = nullptr) {
  if (g.game->kind() != GameSessionBase::Kind::kFlip) return std::nullopt;
  if (g.game->detached) {
    throw GameError(ErrorKind::kNotFound, "no_such_game",
                    "there is no game " + std::to_string(game_id(req)));
  }
  GameService::refuse_help_while_online(*g.game, what);
  const auto& game = static_cast<const FlipGameSession&>(*g.game);
  const int ply = int(int_param(req, "ply", game.ply(), 0, game.ply()));
  flip::FlipPosition pos = game.position_at(ply);
  if (const flip::FlipEnd end = pos.end(); end != flip::FlipEnd::kNone) {
    throw GameError(ErrorKind::kRefused, "position_over",
                    "there is nothing to analyse: the game is over in this position (" +
                        std::string(flip::flip_end_tag(end)) + ")");
  }
  if (start_event) *start_event = Json{{"game", game.id()}, {"ply", ply}, {"fen", pos.fen()}};
  return pos;
}

}  // namespace

void add_engine_routes(httplib::Server& server, ApiContext& ctx) {
  GameService& service = ctx.service;

  server.Get(
      R"(/api/games/(\d+)/hint)", guarded([&](const Request& req, Response& res) {
        const int64_t id = game_id(req);
        if (service.lock(id).game->kind() == GameSessionBase::Kind::kHidden) {
          // Hidden pieces: thought out from the asker's own view only.
          send_json(res,
                    service.hidden_hint(id, requester(ctx, req, res),
                                        int_param(req, "movetime_ms", 1000, 10, ctx.max_hint_ms)));
          return;
        }
        if (std::optional<flip::FlipPosition> flip =
                flip_position(service.lock(id), req, "hints")) {
          SearchLimits limits;
          limits.movetime_ms = int_param(req, "movetime_ms", 1000, 10, ctx.max_hint_ms);
          limits.depth = int(int_param(req, "depth", 0, 0, ctx.pool.limits().max_depth));
          const Requester who = requester(ctx, req, res);
          send_json(res, flip_hint(ctx.pool, *flip, limits, analysis_lines(req), who.client,
                                   who.address));
          return;
        }
        Position pos;
        {
          GameService::LockedJungle g = service.lock_jungle(game_id(req), "hints");
          GameService::refuse_help_while_online(*g.game, "hints");
          pos = g.game->position_at(int(int_param(req, "ply", g.game->ply(), 0, g.game->ply())));
        }
        require_ongoing(pos);
        EngineJob job;
        job.kind = EngineJob::Kind::kHint;
        job.position = pos;
        job.limits.movetime_ms = int_param(req, "movetime_ms", 1000, 10, ctx.max_hint_ms);
        const Requester who = requester(ctx, req, res);
        job.client = who.client;
        job.address = who.address;
        auto [ticket, future] = submit_search(ctx.pool, std::move(job));
        const Searched searched = future.get();
        if (!searched.completed || searched.result.best.is_none()) {
          throw GameError(ErrorKind::kUnavailable, "cancelled",
                          "the engine's search was cancelled");
        }
        send_json(res, engine_json(searched.result, searched.last_info, pos.side_to_move(),
                                   pos.rule_set().geometry()));
      }));

  // A review: the engine searches every position of the game in turn, in
  // the background; the page polls GET for its progress and findings.
  server.Post(R"(/api/games/(\d+)/review)", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const int64_t movetime =
                    int_field(body, "movetime_ms", kReviewDefaultMs, 20, kReviewMaxMs);
                if (GameService::LockedGame g = service.lock(game_id(req));
                    g.game->kind() == GameSessionBase::Kind::kFlip && !g.game->detached) {
                  GameService::refuse_help_while_online(*g.game, "reviews");
                  const Requester who = requester(ctx, req, res);
                  auto& game = static_cast<FlipGameSession&>(*g.game);
                  ctx.flip_reviews.start(game, movetime, who.client, who.address);
                  send_json(res, ctx.flip_reviews.status_json(game), 202);
                  return;
                }
                GameService::LockedJungle g = service.lock_jungle(game_id(req), "reviews");
                GameService::refuse_help_while_online(*g.game, "reviews");
                const Requester who = requester(ctx, req, res);
                ctx.reviews.start(*g.game, movetime, who.client, who.address);
                service.save(*g.game);  // a position the board decides needs no search
                send_json(res, ctx.reviews.status_json(*g.game), 202);
              }));

  server.Get(R"(/api/games/(\d+)/review)", guarded([&](const Request& req, Response& res) {
               if (GameService::LockedGame g = service.lock(game_id(req));
                   g.game->kind() == GameSessionBase::Kind::kFlip && !g.game->detached) {
                 send_json(res, ctx.flip_reviews.status_json(
                                    static_cast<const FlipGameSession&>(*g.game)));
                 return;
               }
               GameService::LockedJungle g = service.lock_jungle(game_id(req), "reviews");
               send_json(res, ctx.reviews.status_json(*g.game));
             }));

  auto open_stream = [&ctx]() {
    if (ctx.open_streams.load() >= ctx.max_streams) {
      throw GameError(ErrorKind::kUnavailable, "too_many_streams",
                      "too many analyses are running; close one or try again later");
    }
  };

  server.Get(
      R"(/api/games/(\d+)/analysis)", guarded([&, open_stream](const Request& req, Response& res) {
        open_stream();
        if (GameService::LockedGame g = service.lock(game_id(req));
            g.game->kind() == GameSessionBase::Kind::kFlip) {
          Json start;
          const flip::FlipPosition pos = *flip_position(g, req, "analyses", &start);
          const Requester who = requester(ctx, req, res);
          // One analysis per game, as for 7x9 games.
          if (g.game->analysis_ticket) g.game->analysis_ticket->cancel();
          g.game->analysis_ticket = stream_flip_analysis(
              res, ctx.pool, pos, analysis_limits(req, ctx.pool.limits(), 10000),
              analysis_lines(req), who.client, who.address, ctx.open_streams, start);
          return;
        }
        GameService::LockedJungle g = service.lock_jungle(game_id(req), "analyses");
        GameService::refuse_help_while_online(*g.game, "analyses");
        const int ply = int(int_param(req, "ply", g.game->ply(), 0, g.game->ply()));
        const Position pos = g.game->position_at(ply);
        require_ongoing(pos);
        // One analysis per game: a new one (the page moved to
        // another position) replaces the one before.
        if (g.game->analysis_ticket) g.game->analysis_ticket->cancel();
        const Requester who = requester(ctx, req, res);
        g.game->analysis_ticket = stream_analysis(
            res, ctx.pool, pos, analysis_limits(req, ctx.pool.limits(), 10000), who.client,
            who.address, ctx.open_streams,
            Json{{"game", g.game->id()}, {"ply", ply}, {"fen", pos.fen()}}, analysis_lines(req));
      }));

  server.Get(
      "/api/analysis", guarded([&, open_stream](const Request& req, Response& res) {
        open_stream();
        RuleSetPtr rules =
            ctx.catalog.get(req.has_param("variant") ? req.get_param_value("variant") : "standard");
        if (!req.has_param("fen")) {
          throw GameError(ErrorKind::kBadRequest, "bad_param", "query parameter 'fen' is required");
        }
        Position pos;
        try {
          pos = Position::from_fen(req.get_param_value("fen"), rules);
        } catch (const FenError& e) {
          throw GameError(ErrorKind::kRefused, "bad_fen",
                          std::string("invalid position: ") + e.what());
        }
        require_ongoing(pos);
        const Requester who = requester(ctx, req, res);
        stream_analysis(res, ctx.pool, pos, analysis_limits(req, ctx.pool.limits(), 10000),
                        who.client, who.address, ctx.open_streams, Json{{"fen", pos.fen()}},
                        analysis_lines(req));
      }));
}

}  // namespace jungle::web
