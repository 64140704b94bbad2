// The puzzle trainer's routes: each reads the request, asks the trainer
// and writes its answer; the trainer judges and rates.
#include "web/api/puzzle_routes.h"

#include <cmath>

#include "web/accounts/account_service.h"
#include "web/api/route_support.h"
#include "web/server/json_fields.h"
#include "web/server/json_http.h"
#include "web/server/secrets.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;

// The requester as the trainer keeps it: "account N" for a logged-in
// player, else the digest of its player key (the key is a secret and is
// never kept; a digest is hex, so the two never meet), "" for neither.
std::string puzzle_player(const ApiContext& ctx, const Request& req, const Response& res) {
  // A logged-in player's rating is its account's, on every device.
  if (ctx.accounts) {
    const std::optional<StoredAccount> account =
        ctx.accounts->account_of(ctx.guard.cookie(req, ctx.guard.account_cookie_name()));
    if (account) return PuzzleTrainer::account_player(account->id);
  }
  const std::string key = ctx.guard.player_key(req, res);
  return key.empty() ? "" : secret_digest(key);
}

std::string puzzle_param(const Request& req, const std::string& name) {
  return req.has_param(name) ? req.get_param_value(name) : "";
}

// ?rating=1500: a rating from 0 to 4000; none: the player's.
std::optional<double> puzzle_rating_param(const Request& req) {
  if (!req.has_param("rating")) return std::nullopt;
  const std::string text = req.get_param_value("rating");
  try {
    size_t used = 0;
    const double r = std::stod(text, &used);
    if (used == text.size() && std::isfinite(r) && r >= 0 && r <= 4000) return r;
  } catch (const std::exception&) {
  }
  throw GameError(ErrorKind::kBadRequest, "bad_param",
                  "'rating' must be a number from 0 to 4000, not '" + text.substr(0, 40) + "'");
}

}  // namespace

void add_puzzle_routes(httplib::Server& server, ApiContext& ctx, PuzzleTrainer& trainer) {
  server.Get("/api/puzzles/themes",
             guarded([&](const Request&, Response& res) { send_json(res, trainer.themes()); }));

  server.Get("/api/puzzles/next", guarded([&](const Request& req, Response& res) {
               send_json(res, trainer.next(puzzle_player(ctx, req, res), puzzle_rating_param(req),
                                           puzzle_param(req, "theme"), puzzle_param(req, "after")));
             }));

  server.Get("/api/puzzles/daily", guarded([&](const Request& req, Response& res) {
               send_json(res,
                         trainer.daily(puzzle_player(ctx, req, res), puzzle_param(req, "date")));
             }));

  server.Get("/api/puzzles/player", guarded([&](const Request& req, Response& res) {
               send_json(res, trainer.player(puzzle_player(ctx, req, res)));
             }));

  // A logged-in player's rated attempts, newest first (docs/api.md).
  server.Get("/api/puzzles/history", guarded([&](const Request& req, Response& res) {
               const int limit = int(int_param(req, "limit", 50, 1, 500));
               send_json(res, trainer.history(puzzle_player(ctx, req, res), limit));
             }));

  server.Get(R"(/api/puzzles/([^/]+))", guarded([&](const Request& req, Response& res) {
               send_json(res, trainer.puzzle(req.matches[1], puzzle_player(ctx, req, res)));
             }));

  // {"moves": ["e9d9", ...], "give_up": false}: the player's moves so far,
  // first move first; "give_up" asks for the solution (a failure).
  server.Post(R"(/api/puzzles/([^/]+)/attempt)", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                std::vector<std::string> moves;
                for (const Json& m : moves_field(body)) moves.push_back(m.get<std::string>());
                const bool give_up = bool_field(body, "give_up", false);
                send_json(res, trainer.attempt(req.matches[1], puzzle_player(ctx, req, res), moves,
                                               give_up));
              }));
}

}  // namespace jungle::web
