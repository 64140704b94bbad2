#include "web/api/route_support.h"

#include <string_view>

#include "core/movegen.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {
// Seat tokens one request may carry.
constexpr size_t kMaxSeatTokens = 4;

// The game of a path under /api/games/<id>; 0 for any other path.
int64_t path_game(const std::string& path) {
  constexpr std::string_view kPrefix = "/api/games/";
  if (path.rfind(kPrefix, 0) != 0) return 0;
  int64_t id = 0;
  for (size_t i = kPrefix.size(); i < path.size() && path[i] != '/'; ++i) {
    // Digits only, and few enough for an id: anything else is no game.
    if (path[i] < '0' || path[i] > '9' || i - kPrefix.size() >= 18) return 0;
    id = id * 10 + (path[i] - '0');
  }
  return id;
}
}  // namespace

Handler guarded(Handler handler) {
  return [handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
    try {
      handler(req, res);
    } catch (const GameError& e) {
      send_error(res, http_status(e.kind()), e.code(), e.what());
    } catch (const RevisionConflict& e) {
      send_error(res, 409, "write_conflict",
                 std::string("the game kept changing under this request; reload it and try "
                             "again (") +
                     e.what() + ")");
    } catch (const StoreError& e) {
      send_error(res, 500, "storage_failed", e.what());
    } catch (const std::exception& e) {
      send_error(res, 500, "internal", std::string("internal error: ") + e.what());
    }
  };
}

int64_t game_id(const httplib::Request& req) {
  try {
    return std::stoll(std::string(req.matches[1]));
  } catch (const std::exception&) {
    throw GameError(ErrorKind::kNotFound, "no_such_game",
                    "there is no game " + std::string(req.matches[1]));
  }
}

Requester requester(const ApiContext& ctx, const httplib::Request& req,
                    const httplib::Response& res) {
  Requester r;
  const ClientIdentity who = ctx.guard.identify(req);
  r.client = who.key();
  r.address = who.address;
  r.player_key = ctx.guard.player_key(req, res);
  std::vector<std::string> tokens;
  const std::string header = req.get_header_value("X-Seat-Token");
  for (size_t pos = 0; pos <= header.size() && tokens.size() < kMaxSeatTokens;) {
    size_t end = header.find(',', pos);
    if (end == std::string::npos) end = header.size();
    std::string token = header.substr(pos, end - pos);
    token.erase(0, token.find_first_not_of(" \t"));
    token.erase(token.find_last_not_of(" \t") + 1);
    if (!token.empty() && token.size() <= 128) tokens.push_back(token);
    pos = end + 1;
  }
  r.proof = Credentials::of(r.player_key, tokens);
  // A logged-in account's own seats of the game the path names are proven
  // by its login cookie, on any device (docs/accounts.md).
  if (ctx.accounts != nullptr) {
    const int64_t id = path_game(req.path);
    const std::string login = ctx.guard.cookie(req, ctx.guard.account_cookie_name());
    if (id > 0 && !login.empty()) {
      for (std::string& digest : ctx.accounts->seat_proof(login, id)) {
        r.proof.token_digests.push_back(std::move(digest));
      }
    }
  }
  // ?as=blue|red: of the seats it holds, the request acts and looks as this
  // one only (a hot-seat game's page, for the player at the screen).
  if (req.has_param("as")) {
    const std::string as = req.get_param_value("as");
    const int seat = seat_from_name(as);
    if (seat < 0) {
      throw GameError(ErrorKind::kBadRequest, "bad_param",
                      "'as' must be \"blue\" or \"red\", not \"" + as + "\"");
    }
    r.proof.seat_mask = 1 << seat;
  }
  return r;
}

}  // namespace jungle::web
