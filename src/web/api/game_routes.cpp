// The games' routes (docs/api.md): creating, reading, playing, joining,
// offers, the event stream. Each reads the request, asks the game service
// and writes its answer; the service decides.
#include "web/accounts/account_service.h"
#include "web/api/game_stream.h"
#include "web/api/route_support.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;

// A body's state with the seat tokens just handed out.
Json with_tokens(const Seated& s) {
  Json state = s.state;
  if (!s.seat_tokens.empty()) state["seat_tokens"] = s.seat_tokens;
  return state;
}

int seat_field(const Json& body) {
  if (!body.contains("side")) return -1;
  const std::string text = string_field(body, "side", "");
  const int seat = seat_from_name(text);
  if (seat < 0) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'side' must be \"blue\" or \"red\", not \"" + text + "\"");
  }
  return seat;
}

// Where a reconnecting stream resumes: Last-Event-ID (EventSource sends it
// by itself) or ?after=N.
int64_t resume_after(const Request& req) {
  if (req.has_header("Last-Event-ID")) {
    try {
      return std::max<int64_t>(0, std::stoll(req.get_header_value("Last-Event-ID")));
    } catch (const std::exception&) {
      throw GameError(ErrorKind::kBadRequest, "bad_param",
                      "Last-Event-ID must be the number of an event");
    }
  }
  return int_param(req, "after", 0, 0, int64_t(1) << 50);
}

// The login cookie's token ("" for none).
std::string account_token(const ApiContext& ctx, const Request& req) {
  return ctx.guard.cookie(req, ctx.guard.account_cookie_name());
}

// Joining a rated game needs an account other than the creator's: the
// joiner's, or nothing for a casual game.
std::optional<StoredAccount> check_rated_join(ApiContext& ctx, const Request& req, int64_t id) {
  if (ctx.accounts == nullptr) return std::nullopt;
  return ctx.accounts->check_rated_join(account_token(ctx, req), id);
}

}  // namespace

void add_game_routes(httplib::Server& server, ApiContext& ctx) {
  GameService& service = ctx.service;

  server.Post("/api/games", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                // A rated game is the one thing of accounts the games' routes
                // see: it is created by a logged-in player, whose seat its
                // account then owns (docs/ratings.md).
                std::optional<StoredAccount> rated_by;
                if (bool_field(body, "rated", false)) {
                  if (ctx.accounts == nullptr) {
                    throw GameError(ErrorKind::kRefused, "rated_refused",
                                    "this server has no accounts, so no rated games");
                  }
                  rated_by = ctx.accounts->require_rated_creator(account_token(ctx, req));
                }
                GameService::CreatorRating creator_rating;
                if (rated_by) {
                  creator_rating = [&ctx, account = rated_by->id](const std::string& category) {
                    return ctx.accounts->rating_in(account, category).rating;
                  };
                }
                const Seated s = service.create(body, requester(ctx, req, res), creator_rating);
                if (rated_by) {
                  const int64_t id = s.state["id"].get<int64_t>();
                  ctx.accounts->took_seats(rated_by->id, id, AccountService::seats_played(s.state));
                }
                res.set_header("Location",
                               "/api/games/" + std::to_string(s.state["id"].get<int64_t>()));
                send_json(res, with_tokens(s), 201);
              }));

  server.Get("/api/games", guarded([&](const Request& req, Response& res) {
               const int limit = int(int_param(req, "limit", 50, 1, 500));
               const int offset = int(int_param(req, "offset", 0, 0, int64_t(1) << 40));
               send_json(res, service.list(limit, offset));
             }));

  server.Get(R"(/api/games/(\d+))", guarded([&](const Request& req, Response& res) {
               send_json(res, service.state(game_id(req), requester(ctx, req, res)));
             }));

  server.Delete(R"(/api/games/(\d+))", guarded([&](const Request& req, Response& res) {
                  const int64_t id = game_id(req);
                  service.remove(id, requester(ctx, req, res));
                  ctx.reviews.cancel(id);
                  send_json(res, Json{{"deleted", id}});
                }));

  server.Post(R"(/api/games/(\d+)/moves)", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                if (!body.contains("move")) {
                  throw GameError(ErrorKind::kBadRequest, "bad_field",
                                  "'move' is required, like {\"move\": \"a3a4\"}");
                }
                const std::string move = string_field(body, "move", "");
                const int64_t ply = int_field(body, "ply", -1, 0, 1'000'000);
                send_json(res, service.move(game_id(req), requester(ctx, req, res), move, ply));
              }));

  server.Post(R"(/api/games/(\d+)/engine-move)", guarded([&](const Request& req, Response& res) {
                parse_body(req);
                send_json(res, service.engine_move(game_id(req), requester(ctx, req, res)));
              }));

  server.Post(
      R"(/api/games/(\d+)/undo)", guarded([&](const Request& req, Response& res) {
        const Json body = parse_body(req);
        const int plies = int(int_field(body, "plies", 1, 1, 1'000'000));
        // "until": "human" lets the server apply the take-back policy
        // the terminal game uses, rather than each client counting.
        const std::string until = string_field(body, "until", "");
        if (!until.empty() && until != "human") {
          throw GameError(ErrorKind::kBadRequest, "bad_field",
                          "'until' must be \"human\", not \"" + until + "\"");
        }
        send_json(res, service.undo(game_id(req), requester(ctx, req, res), plies, !until.empty()));
      }));

  server.Post(R"(/api/games/(\d+)/resign)", guarded([&](const Request& req, Response& res) {
                const int seat = seat_field(parse_body(req));
                send_json(res, service.resign(game_id(req), requester(ctx, req, res), seat));
              }));

  // A hidden-pieces game's chosen set-up: arranging one's own animals.
  server.Post(R"(/api/games/(\d+)/setup)", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                send_json(res,
                          service.arrange(game_id(req), requester(ctx, req, res), seat_field(body),
                                          string_field(body, "arrangement", ""),
                                          bool_field(body, "random", false),
                                          bool_field(body, "ready", false)));
              }));

  server.Put(R"(/api/games/(\d+)/players)", guarded([&](const Request& req, Response& res) {
               send_json(res, service.set_players(game_id(req), requester(ctx, req, res),
                                                  parse_body(req)));
             }));

  server.Get(R"(/api/games/(\d+)/record)", guarded([&](const Request& req, Response& res) {
               const auto [text, filename] = service.record(game_id(req), requester(ctx, req, res));
               if (req.has_param("download")) {
                 res.set_header("Content-Disposition", "attachment; filename=\"" + filename + "\"");
               }
               res.set_content(text, "text/plain; charset=utf-8");
             }));

  // Online play: taking the open seat, by the game's id (a lobby challenge,
  // or with its code) or by the code alone.
  server.Post(R"(/api/games/(\d+)/join)", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const int64_t id = game_id(req);
                const std::optional<StoredAccount> rated_by = check_rated_join(ctx, req, id);
                const Seated s =
                    service.join(id, string_field(body, "code", ""), requester(ctx, req, res),
                                 string_field(body, "name", ""));
                if (rated_by) {
                  ctx.accounts->took_seats(rated_by->id, id, AccountService::seats_played(s.state));
                }
                send_json(res, with_tokens(s));
              }));

  server.Post("/api/join", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const std::string code = string_field(body, "code", "");
                const int64_t id = service.game_of_code(code);
                const std::optional<StoredAccount> rated_by = check_rated_join(ctx, req, id);
                const Seated s = service.join(id, code, requester(ctx, req, res),
                                              string_field(body, "name", ""));
                if (rated_by) {
                  ctx.accounts->took_seats(rated_by->id, id, AccountService::seats_played(s.state));
                }
                send_json(res, with_tokens(s));
              }));

  server.Get(
      R"(/api/join/([A-Za-z0-9]{1,16}))", guarded([&](const Request& req, Response& res) {
        const int64_t id = service.game_of_code(std::string(req.matches[1]));
        send_json(res, Json{{"game", id}, {"state", service.state(id, requester(ctx, req, res))}});
      }));

  server.Post(R"(/api/games/(\d+)/offers)", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                send_json(res, service.offer(game_id(req), requester(ctx, req, res),
                                             offer_kind(string_field(body, "kind", ""))));
              }));

  server.Post(R"(/api/games/(\d+)/offers/(accept|decline))",
              guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const bool accept = std::string(req.matches[2]) == "accept";
                send_json(res,
                          service.answer_offer(game_id(req), requester(ctx, req, res),
                                               offer_kind(string_field(body, "kind", "")), accept));
              }));

  // Aborting an online game before each side has made its first move.
  server.Post(R"(/api/games/(\d+)/abort)", guarded([&](const Request& req, Response& res) {
                parse_body(req);
                send_json(res, service.abort(game_id(req), requester(ctx, req, res)));
              }));

  server.Post(R"(/api/games/(\d+)/claim)", guarded([&](const Request& req, Response& res) {
                parse_body(req);
                send_json(res, service.claim_win(game_id(req), requester(ctx, req, res)));
              }));

  server.Get(R"(/api/games/(\d+)/events)", guarded([&](const Request& req, Response& res) {
               if (ctx.open_game_streams.load() >= ctx.max_game_streams) {
                 throw GameError(ErrorKind::kUnavailable, "too_many_streams",
                                 "too many games are being watched; try again later");
               }
               const int64_t id = game_id(req);
               const int seats = service.seats_of(id, requester(ctx, req, res));
               stream_game(res, service, id, resume_after(req), seats, ctx.open_game_streams);
             }));
}

}  // namespace jungle::web
