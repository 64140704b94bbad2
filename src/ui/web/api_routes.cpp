#include "ui/web/api_routes.h"

#include <algorithm>
#include <future>

#include "core/game_record.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "ui/web/analysis_stream.h"
#include "ui/web/flip_routes.h"
#include "ui/web/flip_session.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;
using Handler = std::function<void(const Request&, Response&)>;

// Runs a handler and turns whatever it throws into a JSON error, so no
// request can take the server down or leave an HTML error page.
Handler guarded(Handler handler) {
  return [handler = std::move(handler)](const Request& req, Response& res) {
    try {
      handler(req, res);
    } catch (const ApiError& e) {
      send_error(res, e.status(), e.code(), e.what());
    } catch (const RevisionConflict& e) {
      send_error(
          res, 409, "write_conflict",
          std::string("the game changed meanwhile; reload it and try again (") + e.what() + ")");
    } catch (const StoreError& e) {
      send_error(res, 500, "storage_failed", e.what());
    } catch (const std::exception& e) {
      send_error(res, 500, "internal", std::string("internal error: ") + e.what());
    }
  };
}

int64_t game_id(const Request& req) {
  try {
    return std::stoll(std::string(req.matches[1]));
  } catch (const std::exception&) {
    throw ApiError(404, "no_such_game", "there is no game " + std::string(req.matches[1]));
  }
}

// Who a request comes from, for the engine pool's shares: what the client
// cannot make up, its address and the session the server issued it. (The
// X-Client-Id header older pages send is ignored: any id bought a share.)
void set_requester(EngineJob& job, const ApiContext& ctx, const Request& req) {
  const ClientIdentity who = ctx.guard.identify(req);
  job.client = who.key();
  job.address = who.address;
}

Side parse_side(const std::string& text, const std::string& field) {
  if (text == "blue") return kBlue;
  if (text == "red") return kRed;
  throw ApiError(400, "bad_field",
                 "'" + field + "' must be \"blue\" or \"red\", not \"" + text + "\"");
}

// The game locked for one request. A copy the registry dropped after a
// failed write is replaced by the stored one.
struct LockedGame {
  std::shared_ptr<GameSession> game;
  std::unique_lock<std::mutex> lock;
};

LockedGame lock_game(GameRegistry& games, int64_t id) {
  for (int attempt = 0;; ++attempt) {
    std::shared_ptr<GameSession> game = games.get(id);
    std::unique_lock lock(game->mutex());
    if (!game->detached || attempt > 0) return LockedGame{std::move(game), std::move(lock)};
  }
}

// Writes the game after a change; if the write fails the in-memory copy is
// dropped, so the game stays as the database has it.
void save(GameRegistry& games, GameSession& game) {
  try {
    games.save(game);
  } catch (const StoreError&) {
    game.detached = true;
    games.forget(game.id());
    throw;
  }
}

// The engine-move request waiting on the search answers 409 (stale game).
void cancel_engine_move(GameSession& game) {
  if (game.engine_ticket) game.engine_ticket->cancel();
  game.engine_ticket.reset();
}

std::array<PlayerConfig, kSides> read_players(const Json& body, int64_t max_movetime_ms) {
  return {PlayerConfig::from_json(body.value("blue", Json()), "blue", max_movetime_ms),
          PlayerConfig::from_json(body.value("red", Json()), "red", max_movetime_ms)};
}

Json engine_json(const SearchResult& r, const SearchInfo& last, Side side_to_move,
                 const Geometry& board) {
  Json j = search_info_json(last, side_to_move, board);
  j["move"] = r.best.is_none() ? Json(nullptr) : Json(board.move_text(r.best));
  if (last.pv.empty()) {
    j["score"] = r.score;
    j["blue_score"] = side_to_move == kBlue ? r.score : -r.score;
    j["depth"] = r.depth;
  }
  // Below full strength the engine may play another move than the line it
  // found; a pv that does not begin with the move played would mislead.
  if (!r.best.is_none() && j.contains("pv") && j["pv"].is_array() && !j["pv"].empty() &&
      j["pv"][0] != board.move_text(r.best)) {
    j["pv"] = Json::array({board.move_text(r.best)});
  }
  return j;
}

// Runs one engine search to the end on the pool and waits for it.
struct Searched {
  SearchResult result;
  SearchInfo last_info;
  bool completed = false;
};

struct SearchWait {
  std::promise<Searched> promise;
  std::mutex mutex;
  SearchInfo last_info;
};

std::pair<std::shared_ptr<EngineTicket>, std::future<Searched>> submit_search(EnginePool& pool,
                                                                              EngineJob job) {
  auto wait = std::make_shared<SearchWait>();
  std::future<Searched> future = wait->promise.get_future();
  job.on_info = [wait](const SearchInfo& info) {
    std::lock_guard lock(wait->mutex);
    wait->last_info = info;
  };
  job.on_done = [wait](const SearchResult& r, bool completed) {
    std::lock_guard lock(wait->mutex);
    wait->promise.set_value(Searched{r, wait->last_info, completed});
  };
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  std::shared_ptr<EngineTicket> ticket = pool.submit(std::move(job), &why);
  if (!ticket) throw_refusal(why);
  return {ticket, std::move(future)};
}

SearchLimits analysis_limits(const Request& req, const EnginePoolLimits& limits,
                             int64_t default_ms) {
  SearchLimits l;
  l.movetime_ms = int_param(req, "movetime_ms", default_ms, 10, limits.max_analysis_ms);
  l.depth = int(int_param(req, "depth", 0, 0, limits.max_depth));
  return l;
}

// A review's thinking time per position: enough for a fair judgement of
// each move, little enough that a long game is reviewed in a minute or so.
constexpr int64_t kReviewDefaultMs = 300;
constexpr int64_t kReviewMaxMs = 5000;

// The optional "moves": ["a3a4", ...] of a body.
Json moves_field(const Json& body) {
  const Json moves = body.value("moves", Json::array());
  if (!moves.is_array() || moves.size() > 4000 ||
      !std::all_of(moves.begin(), moves.end(), [](const Json& m) { return m.is_string(); })) {
    throw ApiError(400, "bad_field", "'moves' must be a list of moves like [\"a3a4\", \"a7a6\"]");
  }
  return moves;
}

int analysis_lines(const Request& req) {
  return int(int_param(req, "multipv", 1, 1, kMaxAnalysisLines));
}

void require_ongoing(const Position& pos) {
  Termination why = Termination::kNone;
  if (game_result(pos, &why) != GameResult::kOngoing) {
    throw ApiError(422, "position_over",
                   "there is nothing to analyse: the game is over in this position (" +
                       std::string(termination_tag(why)) + ")");
  }
}

}  // namespace

void add_api_routes(httplib::Server& server, ApiContext& ctx) {
  const int64_t max_movetime = ctx.pool.limits().max_movetime_ms;

  server.Get("/api/info", guarded([&ctx](const Request&, Response& res) {
               const EnginePool::Stats s = ctx.pool.stats();
               const EnginePoolLimits& l = ctx.pool.limits();
               send_json(res, Json{
                                  {"name", "jungle"},
                                  {"skill_levels", {{"min", 0}, {"max", 20}}},
                                  {"limits",
                                   {{"max_movetime_ms", l.max_movetime_ms},
                                    {"max_analysis_ms", l.max_analysis_ms},
                                    {"max_hint_ms", ctx.max_hint_ms},
                                    {"max_depth", l.max_depth},
                                    {"queue_capacity", l.queue_capacity},
                                    {"max_streams", ctx.max_streams}}},
                                  {"engines",
                                   {{"workers", s.workers},
                                    {"busy", s.busy},
                                    {"queued", s.queued},
                                    {"completed", s.completed},
                                    {"refused", s.refused}}},
                                  {"games_in_memory", ctx.games.cached()},
                                  {"open_streams", ctx.open_streams.load()},
                              });
             }));

  server.Get("/api/variants", guarded([&ctx](const Request&, Response& res) {
               Json all = ctx.catalog.describe_all();
               for (Json& v : all) v["kind"] = "jungle";
               for (const Json& v : describe_flip_sets()) all.push_back(v);
               send_json(res, Json{{"variants", all}});
             }));

  server.Post(
      "/api/positions/validate", guarded([&ctx](const Request& req, Response& res) {
        const Json body = parse_body(req);
        RuleSetPtr rules = ctx.catalog.get(string_field(body, "variant", "standard"));
        const std::string fen = string_field(body, "fen", "");
        if (fen.empty()) throw ApiError(400, "bad_field", "'fen' is required");
        Position pos;
        try {
          pos = Position::from_fen(fen, rules);
        } catch (const FenError& e) {
          throw ApiError(422, "bad_fen", std::string("invalid position: ") + e.what());
        }
        // Moves from there, for the analysis board's side lines: each one
        // played, with what it moved and took, and the position it leads to.
        const Geometry& board = rules->geometry();
        Json played = Json::array();
        for (const Json& text : moves_field(body)) {
          require_ongoing(pos);
          std::string error;
          const std::optional<Move> m = parse_move(pos, text.get<std::string>(), &error);
          if (!m) throw ApiError(422, "illegal_move", error);
          const Piece piece = pos.piece_on(m->from());
          const Piece captured = pos.piece_on(m->to());
          pos.do_move(*m);
          played.push_back(
              {{"move", board.move_text(*m)},
               {"piece", std::string(1, piece_letter(piece))},
               {"captured", captured == kNoPiece ? Json(nullptr)
                                                 : Json(std::string(1, piece_letter(captured)))},
               {"fen", pos.fen()}});
        }
        Termination why = Termination::kNone;
        const GameResult r = game_result(pos, &why);
        Json legal = Json::array();
        if (r == GameResult::kOngoing) {
          for (Move m : generate_moves(pos)) legal.push_back(board.move_text(m));
        }
        send_json(res, Json{
                           {"played", played},
                           {"fen", pos.fen()},
                           {"side_to_move", side_json_name(pos.side_to_move())},
                           {"legal_moves", legal},
                           {"status", r == GameResult::kOngoing ? "ongoing" : "over"},
                           {"result", std::string(result_tag(r))},
                           {"termination",
                            r == GameResult::kOngoing ? Json(nullptr) : Json(termination_tag(why))},
                       });
      }));

  server.Post("/api/games", guarded([&ctx, max_movetime](const Request& req, Response& res) {
                const Json body = parse_body(req);
                if (create_flip_game(ctx, body, res)) return;
                const auto players = read_players(body, max_movetime);
                std::unique_ptr<GameSession> game;
                // Which game of a record text, and how many it holds: a file
                // of several games is never cut to its first without a word.
                Json from_record;
                if (body.contains("record")) {
                  const int index = int(int_field(body, "game", 1, 1, 1'000'000));
                  int games = 0;
                  game = GameSession::from_record_text(string_field(body, "record", ""),
                                                       ctx.catalog, players, index, &games);
                  from_record = Json{{"game", index}, {"games", games}};
                } else {
                  const std::string variant = string_field(body, "variant", "standard");
                  RuleSetPtr rules = ctx.catalog.get(variant);
                  const std::string fen = string_field(body, "fen", rules->rules().start_fen);
                  game = std::make_unique<GameSession>(0, variant, rules, fen, players);
                  // Moves after the start: a game continued from an earlier
                  // one keeps the history that repetitions count.
                  for (const Json& move : moves_field(body)) game->play(move.get<std::string>());
                  if (game->over()) {
                    throw ApiError(422, "position_over",
                                   "this position is already decided: " + game->result_message());
                  }
                }
                std::shared_ptr<GameSession> added = ctx.games.add(std::move(game));
                std::lock_guard lock(added->mutex());
                res.set_header("Location", "/api/games/" + std::to_string(added->id()));
                Json state = added->to_json();
                if (!from_record.is_null()) state["record"] = from_record;
                send_json(res, state, 201);
              }));

  server.Post("/api/records/games", guarded([&ctx](const Request& req, Response& res) {
                const Json body = parse_body(req);
                send_json(res, Json{{"games", GameSession::record_games_json(
                                                  string_field(body, "record", ""), ctx.catalog)}});
              }));

  server.Get("/api/games", guarded([&ctx](const Request& req, Response& res) {
               const int limit = int(int_param(req, "limit", 50, 1, 500));
               const int offset = int(int_param(req, "offset", 0, 0, int64_t(1) << 40));
               Json list = Json::array();
               for (const StoredGame& g : ctx.store.list(limit, offset)) {
                 list.push_back(stored_summary_json(g));
               }
               send_json(res, Json{{"games", list},
                                   {"total", ctx.store.count()},
                                   {"limit", limit},
                                   {"offset", offset}});
             }));

  server.Get(R"(/api/games/(\d+))", guarded([&ctx](const Request& req, Response& res) {
               if (serve_flip_game(FlipRoute::kGet, ctx, req, res)) return;
               LockedGame g = lock_game(ctx.games, game_id(req));
               send_json(res, g.game->to_json());
             }));

  server.Delete(R"(/api/games/(\d+))", guarded([&ctx](const Request& req, Response& res) {
                  if (serve_flip_game(FlipRoute::kDelete, ctx, req, res)) return;
                  const int64_t id = game_id(req);
                  // Under the game's lock: a request waiting for it then
                  // finds the copy detached and the game gone (404).
                  LockedGame g = lock_game(ctx.games, id);
                  cancel_engine_move(*g.game);
                  if (g.game->analysis_ticket) g.game->analysis_ticket->cancel();
                  ctx.reviews.cancel(id);
                  const bool removed = ctx.games.remove(id);
                  g.game->detached = true;
                  if (!removed) {
                    throw ApiError(404, "no_such_game", "there is no game " + std::to_string(id));
                  }
                  send_json(res, Json{{"deleted", id}});
                }));

  server.Post(R"(/api/games/(\d+)/moves)", guarded([&ctx](const Request& req, Response& res) {
                if (serve_flip_game(FlipRoute::kMove, ctx, req, res)) return;
                const Json body = parse_body(req);
                if (!body.contains("move")) {
                  throw ApiError(400, "bad_field", "'move' is required, like {\"move\": \"a3a4\"}");
                }
                const std::string move = string_field(body, "move", "");
                LockedGame g = lock_game(ctx.games, game_id(req));
                GameSession& game = *g.game;
                const int64_t expected = int_field(body, "ply", -1, 0, 1'000'000);
                if (expected >= 0 && expected != game.ply()) {
                  throw ApiError(409, "stale",
                                 "the game has " + std::to_string(game.ply()) + " moves, not " +
                                     std::to_string(expected) + "; reload it and try again");
                }
                if (game.engine_ticket) {
                  throw ApiError(409, "engine_thinking", "wait: the engine is choosing its move");
                }
                const Side us = game.position().side_to_move();
                if (!game.over() && game.player(us).is_engine()) {
                  throw ApiError(409, "not_your_turn",
                                 "it is " + side_json_name(us) + "'s turn, and the engine plays " +
                                     side_json_name(us));
                }
                game.play(move);
                save(ctx.games, game);
                send_json(res, game.to_json());
              }));

  server.Post(R"(/api/games/(\d+)/engine-move)", guarded([&ctx](const Request& req, Response& res) {
                if (serve_flip_game(FlipRoute::kEngineMove, ctx, req, res)) return;
                const Json body = parse_body(req);
                const int64_t id = game_id(req);
                EngineJob job;
                uint64_t changes = 0;
                std::shared_ptr<GameSession> game;
                {
                  LockedGame g = lock_game(ctx.games, id);
                  game = g.game;
                  if (game->over()) {
                    throw ApiError(422, "game_over", "the game is over: " + game->result_message());
                  }
                  const Side us = game->position().side_to_move();
                  const PlayerConfig& player = game->player(us);
                  if (!player.is_engine()) {
                    throw ApiError(409, "not_engine_turn",
                                   "it is " + side_json_name(us) + "'s turn, and a person plays " +
                                       side_json_name(us));
                  }
                  if (game->engine_ticket) {
                    throw ApiError(409, "engine_thinking", "the engine is already choosing a move");
                  }
                  job.kind = EngineJob::Kind::kMove;
                  job.position = game->position();
                  job.limits.movetime_ms = player.movetime_ms;
                  job.skill_level = player.skill;
                  set_requester(job, ctx, req);
                  changes = game->change_count();
                  auto [ticket, future] = submit_search(ctx.pool, std::move(job));
                  game->engine_ticket = ticket;
                  g.lock.unlock();
                  const Searched searched = future.get();
                  g.lock.lock();
                  if (game->engine_ticket == ticket) game->engine_ticket.reset();
                  if (game->change_count() != changes || game->detached) {
                    throw ApiError(
                        409, "game_changed",
                        "the game changed while the engine was thinking; its move was dropped");
                  }
                  if (!searched.completed) {
                    throw ApiError(503, "cancelled", "the engine's search was cancelled");
                  }
                  if (searched.result.best.is_none()) {
                    throw ApiError(500, "no_move", "the engine found no move");
                  }
                  game->play(searched.result.best);
                  save(ctx.games, *game);
                  Json state = game->to_json();
                  state["engine"] = engine_json(searched.result, searched.last_info, us,
                                                game->position().rule_set().geometry());
                  send_json(res, state);
                }
              }));

  server.Post(R"(/api/games/(\d+)/undo)", guarded([&ctx](const Request& req, Response& res) {
                if (serve_flip_game(FlipRoute::kUndo, ctx, req, res)) return;
                const Json body = parse_body(req);
                int plies = int(int_field(body, "plies", 1, 1, 1'000'000));
                // "until": "human" lets the server apply the take-back policy
                // the terminal game uses, rather than each client counting.
                const std::string until = string_field(body, "until", "");
                if (!until.empty() && until != "human") {
                  throw ApiError(400, "bad_field",
                                 "'until' must be \"human\", not \"" + until + "\"");
                }
                LockedGame g = lock_game(ctx.games, game_id(req));
                GameSession& game = *g.game;
                // A finished game stays finished: a take-back would reopen
                // a resigned or won game behind the other player's back.
                // Exploring from its past is analysis, not undo.
                if (game.over()) {
                  throw ApiError(422, "game_over",
                                 "the game is over (" + game.result_message() +
                                     "); a finished game cannot be taken back");
                }
                if (game.ply() == 0) {
                  throw ApiError(422, "nothing_to_undo", "no move has been played yet");
                }
                if (!until.empty()) {
                  plies = game.plies_back_to_human();
                  if (plies == 0) {
                    throw ApiError(422, "nothing_to_undo", "no move of a person to take back");
                  }
                }
                cancel_engine_move(game);
                game.undo(plies);
                save(ctx.games, game);
                send_json(res, game.to_json());
              }));

  server.Post(R"(/api/games/(\d+)/resign)", guarded([&ctx](const Request& req, Response& res) {
                if (serve_flip_game(FlipRoute::kResign, ctx, req, res)) return;
                const Json body = parse_body(req);
                LockedGame g = lock_game(ctx.games, game_id(req));
                GameSession& game = *g.game;
                const Side side = body.contains("side")
                                      ? parse_side(string_field(body, "side", ""), "side")
                                      : game.position().side_to_move();
                game.resign(side);
                cancel_engine_move(game);
                save(ctx.games, game);
                send_json(res, game.to_json());
              }));

  server.Put(R"(/api/games/(\d+)/players)",
             guarded([&ctx, max_movetime](const Request& req, Response& res) {
               if (serve_flip_game(FlipRoute::kPlayers, ctx, req, res)) return;
               const Json body = parse_body(req);
               auto players = read_players(body, max_movetime);
               LockedGame g = lock_game(ctx.games, game_id(req));
               // A name not given is kept: changing who plays is not renaming.
               for (Side s : {kBlue, kRed}) {
                 const Json& given = body.value(side_json_name(s), Json());
                 if (!given.is_object() || !given.contains("name")) {
                   players[s].name = g.game->player(s).name;
                 }
               }
               cancel_engine_move(*g.game);
               g.game->set_players(players);
               save(ctx.games, *g.game);
               send_json(res, g.game->to_json());
             }));

  server.Get(R"(/api/games/(\d+)/record)", guarded([&ctx](const Request& req, Response& res) {
               if (serve_flip_game(FlipRoute::kRecord, ctx, req, res)) return;
               const int64_t id = game_id(req);
               std::string text;
               {
                 LockedGame g = lock_game(ctx.games, id);
                 text = write_record(g.game->to_record());
               }
               if (req.has_param("download")) {
                 res.set_header("Content-Disposition", "attachment; filename=\"jungle-game-" +
                                                           std::to_string(id) + ".pgn\"");
               }
               res.set_content(text, "text/plain; charset=utf-8");
             }));

  server.Get(
      R"(/api/games/(\d+)/hint)", guarded([&ctx](const Request& req, Response& res) {
        if (serve_flip_game(FlipRoute::kHint, ctx, req, res)) return;
        Position pos;
        {
          LockedGame g = lock_game(ctx.games, game_id(req));
          pos = g.game->position_at(int(int_param(req, "ply", g.game->ply(), 0, g.game->ply())));
        }
        require_ongoing(pos);
        EngineJob job;
        job.kind = EngineJob::Kind::kHint;
        job.position = pos;
        job.limits.movetime_ms = int_param(req, "movetime_ms", 1000, 10, ctx.max_hint_ms);
        set_requester(job, ctx, req);
        auto [ticket, future] = submit_search(ctx.pool, std::move(job));
        const Searched searched = future.get();
        if (!searched.completed || searched.result.best.is_none()) {
          throw ApiError(503, "cancelled", "the engine's search was cancelled");
        }
        send_json(res, engine_json(searched.result, searched.last_info, pos.side_to_move(),
                                   pos.rule_set().geometry()));
      }));

  // A review: the engine searches every position of the game in turn, in
  // the background; the page polls GET for its progress and findings.
  server.Post(R"(/api/games/(\d+)/review)", guarded([&ctx](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const int64_t movetime =
                    int_field(body, "movetime_ms", kReviewDefaultMs, 20, kReviewMaxMs);
                LockedGame g = lock_game(ctx.games, game_id(req));
                const ClientIdentity who = ctx.guard.identify(req);
                ctx.reviews.start(*g.game, movetime, who.key(), who.address);
                save(ctx.games, *g.game);  // a position the board decides needs no search
                send_json(res, ctx.reviews.status_json(*g.game), 202);
              }));

  server.Get(R"(/api/games/(\d+)/review)", guarded([&ctx](const Request& req, Response& res) {
               LockedGame g = lock_game(ctx.games, game_id(req));
               send_json(res, ctx.reviews.status_json(*g.game));
             }));

  auto open_stream = [&ctx]() {
    if (ctx.open_streams.load() >= ctx.max_streams) {
      throw ApiError(503, "too_many_streams",
                     "too many analyses are running; close one or try again later");
    }
  };

  server.Get(R"(/api/games/(\d+)/analysis)",
             guarded([&ctx, open_stream](const Request& req, Response& res) {
               if (serve_flip_game(FlipRoute::kAnalysis, ctx, req, res)) return;
               open_stream();
               LockedGame g = lock_game(ctx.games, game_id(req));
               const int ply = int(int_param(req, "ply", g.game->ply(), 0, g.game->ply()));
               const Position pos = g.game->position_at(ply);
               require_ongoing(pos);
               // One analysis per game: a new one (the page moved to
               // another position) replaces the one before.
               if (g.game->analysis_ticket) g.game->analysis_ticket->cancel();
               const ClientIdentity who = ctx.guard.identify(req);
               g.game->analysis_ticket = stream_analysis(
                   res, ctx.pool, pos, analysis_limits(req, ctx.pool.limits(), 10000), who.key(),
                   who.address, ctx.open_streams,
                   Json{{"game", g.game->id()}, {"ply", ply}, {"fen", pos.fen()}},
                   analysis_lines(req));
             }));

  server.Get("/api/analysis", guarded([&ctx, open_stream](const Request& req, Response& res) {
               open_stream();
               RuleSetPtr rules = ctx.catalog.get(
                   req.has_param("variant") ? req.get_param_value("variant") : "standard");
               if (!req.has_param("fen")) {
                 throw ApiError(400, "bad_param", "query parameter 'fen' is required");
               }
               Position pos;
               try {
                 pos = Position::from_fen(req.get_param_value("fen"), rules);
               } catch (const FenError& e) {
                 throw ApiError(422, "bad_fen", std::string("invalid position: ") + e.what());
               }
               require_ongoing(pos);
               const ClientIdentity who = ctx.guard.identify(req);
               stream_analysis(res, ctx.pool, pos, analysis_limits(req, ctx.pool.limits(), 10000),
                               who.key(), who.address, ctx.open_streams, Json{{"fen", pos.fen()}},
                               analysis_lines(req));
             }));
}

}  // namespace jungle::web
