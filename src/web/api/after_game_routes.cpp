// The routes after a game (docs/api.md, "After a game"): a rematch offered,
// accepted or declined, each player's seat in it, and the games where it is
// one's move. Each reads the
// request, asks the game service and writes its answer; the service decides.
#include "web/accounts/account_service.h"
#include "web/api/route_support.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;

// The most games one "your turn" request may name.
constexpr size_t kMaxYourTurnGames = 200;
// A seat token is 64 hex digits; anything much longer is not one.
constexpr size_t kMaxTokenLength = 256;

// {"games": [{"id": 12, "tokens": ["..."]}, ...]}; GameError kBadRequest
// naming the entry that is wrong.
std::vector<GameService::SeatClaim> seat_claims(const Json& body) {
  const Json games = body.value("games", Json::array());
  if (!games.is_array()) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'games' must be a list like [{\"id\": 12, \"tokens\": [\"...\"]}]");
  }
  if (games.size() > kMaxYourTurnGames) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'games' may name at most " + std::to_string(kMaxYourTurnGames) + " games");
  }
  std::vector<GameService::SeatClaim> claims;
  for (size_t i = 0; i < games.size(); ++i) {
    const std::string where = "'games[" + std::to_string(i) + "]";
    const Json& entry = games[i];
    if (!entry.is_object() || !entry.contains("id") || !entry["id"].is_number_integer() ||
        entry["id"].get<int64_t>() < 1) {
      throw GameError(ErrorKind::kBadRequest, "bad_field",
                      where + "' must be an object with a game's \"id\" (a number from 1)");
    }
    GameService::SeatClaim claim;
    claim.game = entry["id"].get<int64_t>();
    const Json tokens = entry.value("tokens", Json::array());
    if (!tokens.is_array() || tokens.size() > 2) {
      throw GameError(ErrorKind::kBadRequest, "bad_field",
                      where + ".tokens' must be a list of at most two seat tokens");
    }
    for (const Json& token : tokens) {
      if (!token.is_string() || token.get<std::string>().size() > kMaxTokenLength) {
        throw GameError(ErrorKind::kBadRequest, "bad_field",
                        where + ".tokens' must hold seat tokens (text)");
      }
      claim.tokens.push_back(token.get<std::string>());
    }
    claims.push_back(std::move(claim));
  }
  return claims;
}

// A state with the seat tokens just handed out to the one who asked.
Json answer_with_tokens(const Seated& s) {
  Json state = s.state;
  if (!s.seat_tokens.empty()) state["seat_tokens"] = s.seat_tokens;
  return state;
}

}  // namespace

void add_after_game_routes(httplib::Server& server, ApiContext& ctx) {
  GameService& service = ctx.service;

  server.Post(R"(/api/games/(\d+)/rematch)", guarded([&](const Request& req, Response& res) {
                parse_body(req);
                const Seated s = service.rematch(game_id(req), requester(ctx, req, res));
                send_json(res, answer_with_tokens(s));
              }));

  server.Post(R"(/api/games/(\d+)/rematch/(accept|decline))",
              guarded([&](const Request& req, Response& res) {
                parse_body(req);
                const bool accept = std::string(req.matches[2]) == "accept";
                const Seated s =
                    service.answer_rematch(game_id(req), requester(ctx, req, res), accept);
                send_json(res, answer_with_tokens(s));
              }));

  server.Post(R"(/api/games/(\d+)/rematch/seat)", guarded([&](const Request& req, Response& res) {
                parse_body(req);
                const Seated s = service.rematch_seat(game_id(req), requester(ctx, req, res));
                send_json(res, answer_with_tokens(s));
              }));

  // The games of those named where it is the requester's move. A POST, so
  // that the tokens travel in the body, never in an address a log keeps.
  server.Post("/api/your-turn", guarded([&](const Request& req, Response& res) {
                const Json body = parse_body(req);
                std::vector<GameService::SeatClaim> claims = seat_claims(body);
                // A logged-in player's own games, wherever they were played.
                if (ctx.accounts) {
                  const std::string token = ctx.guard.cookie(req, ctx.guard.account_cookie_name());
                  for (GameService::SeatClaim& owned :
                       ctx.accounts->owned_seats(token, int(kMaxYourTurnGames))) {
                    claims.push_back(std::move(owned));
                  }
                }
                send_json(res, service.your_turn(claims, requester(ctx, req, res)));
              }));
}

}  // namespace jungle::web
