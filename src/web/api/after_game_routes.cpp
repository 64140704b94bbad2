// The routes after a game (docs/api.md, "After a game"): a rematch offered,
// accepted or declined, and each player's seat in it. Each reads the
// request, asks the game service and writes its answer; the service decides.
#include "web/api/route_support.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;

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
}

}  // namespace jungle::web
