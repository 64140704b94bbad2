// The account routes (docs/accounts.md): signing up, logging in and out,
// the password, deleting, claiming games, the public profiles and their
// record files. Each reads the request, asks the account service and writes
// its answer. The guard (RequestGuard::admit) has checked Host, Origin and
// the JSON body before any of them runs, as for every route under /api/.
#include <cctype>
#include <cstring>

#include "web/accounts/account_error.h"
#include "web/accounts/session_cookie.h"
#include "web/api/route_support.h"
#include "web/server/json_http.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;

// guarded(), with the account errors' own statuses.
Handler account_guarded(Handler handler) {
  return guarded([handler = std::move(handler)](const Request& req, Response& res) {
    try {
      handler(req, res);
    } catch (const AccountError& e) {
      if (e.retry_after_s() > 0) res.set_header("Retry-After", std::to_string(e.retry_after_s()));
      send_error(res, e.status(), e.code(), e.what());
    }
  });
}

Json account_json(const StoredAccount& a) {
  return Json{{"name", a.name}, {"created_ms", a.created_ms}};
}

// The name's form in a path: what the rules allow, so that no other text
// reaches the store.
constexpr const char* kNamePath = R"(/api/players/([A-Za-z0-9_-]{1,40}))";

class AccountRoutes {
 public:
  explicit AccountRoutes(ApiContext& ctx) : ctx_(ctx), accounts_(*ctx.accounts) {}

  std::string token(const Request& req) const {
    return ctx_.guard.cookie(req, ctx_.guard.account_cookie_name());
  }
  bool secure(const Request& req) const {
    return ctx_.secure_cookies || lower_ascii(req.get_header_value("X-Forwarded-Proto")) == "https";
  }
  void give_cookie(const Request& req, Response& res, const std::string& token) const {
    res.set_header("Set-Cookie",
                   session_cookie(ctx_.guard.account_cookie_name(), token, secure(req)));
  }
  void clear_cookie(const Request& req, Response& res) const {
    res.set_header("Set-Cookie",
                   cleared_session_cookie(ctx_.guard.account_cookie_name(), secure(req)));
  }
  // A login's answer: the cookie (a new token: any session the browser
  // had ends), the account, what was claimed.
  void logged_in(const Request& req, Response& res, const LoggedIn& in, int status) const {
    accounts_.log_out(token(req));
    give_cookie(req, res, in.token);
    send_json(res, Json{{"account", account_json(in.account)}, {"claimed", in.claimed}}, status);
  }

  static std::string lower_ascii(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
  }

  // After a route that took seats (creating a game, joining one): the
  // seats the logged-in requester now holds, and a person plays, are its
  // account's. The game is found from the request (the answer's body may be
  // compressed by now): the Location of a new game, the id in a join's path,
  // the code in a join's body.
  void record_seats(const Request& req, Response& res) const {
    if (req.method != "POST" || res.status < 200 || res.status >= 300) return;
    const bool create = req.path == "/api/games";
    const bool by_code = req.path == "/api/join";
    const bool by_id = req.path.rfind("/api/games/", 0) == 0 && req.path.size() > 16 &&
                       req.path.compare(req.path.size() - 5, 5, "/join") == 0;
    if (!create && !by_code && !by_id) return;
    const std::string t = token(req);
    if (t.empty()) return;
    try {
      int64_t id = 0;
      if (create) {
        id = std::stoll(res.get_header_value("Location").substr(std::strlen("/api/games/")));
      } else if (by_id) {
        id = std::stoll(req.path.substr(std::strlen("/api/games/")));
      } else {
        id = ctx_.service.game_of_code(string_field(parse_body(req), "code", ""));
      }
      const std::optional<StoredAccount> account = accounts_.account_of(t);
      if (!account) return;
      const int seats =
          AccountService::seats_played(ctx_.service.state(id, requester(ctx_, req, res)));
      accounts_.took_seats(account->id, id, seats);
    } catch (const std::exception&) {
      // The game is played all the same; the account only misses a seat,
      // which a later claim (logging in again) records.
    }
  }

  ApiContext& ctx_;
  AccountService& accounts_;
};

}  // namespace

void add_account_routes(httplib::Server& server, ApiContext& ctx) {
  auto routes = std::make_shared<AccountRoutes>(ctx);
  AccountService& accounts = *ctx.accounts;

  server.Post("/api/account/signup",
              account_guarded([&ctx, &accounts, routes](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const Requester who = requester(ctx, req, res);
                const LoggedIn in =
                    accounts.sign_up(string_field(body, "name", ""),
                                     string_field(body, "password", ""), who.address, who.proof);
                routes->logged_in(req, res, in, 201);
              }));

  server.Post("/api/account/login",
              account_guarded([&ctx, &accounts, routes](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const Requester who = requester(ctx, req, res);
                const LoggedIn in =
                    accounts.log_in(string_field(body, "name", ""),
                                    string_field(body, "password", ""), who.address, who.proof);
                routes->logged_in(req, res, in, 200);
              }));

  server.Post("/api/account/logout",
              account_guarded([&accounts, routes](const Request& req, Response& res) {
                parse_body(req);
                accounts.log_out(routes->token(req));
                routes->clear_cookie(req, res);
                send_json(res, Json{{"account", nullptr}});
              }));

  server.Get("/api/account",
             account_guarded([&accounts, routes](const Request& req, Response& res) {
               const std::optional<StoredAccount> a = accounts.account_of(routes->token(req));
               send_json(res, Json{{"account", a ? account_json(*a) : Json(nullptr)}});
             }));

  server.Post("/api/account/password",
              account_guarded([&ctx, &accounts, routes](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const Requester who = requester(ctx, req, res);
                accounts.change_password(routes->token(req), string_field(body, "old_password", ""),
                                         string_field(body, "new_password", ""), who.address);
                send_json(res, Json{{"changed", true}});
              }));

  server.Delete("/api/account",
                account_guarded([&ctx, &accounts, routes](const Request& req, Response& res) {
                  const Json body = parse_body(req);
                  const Requester who = requester(ctx, req, res);
                  accounts.delete_account(routes->token(req), string_field(body, "password", ""),
                                          who.address);
                  routes->clear_cookie(req, res);
                  send_json(res, Json{{"deleted", true}});
                }));

  // The games this browser played anonymously (its player key, and any seat
  // tokens given) into the account.
  server.Post(
      "/api/account/claim",
      account_guarded([&ctx, &accounts, routes](const Request& req, Response& res) {
        parse_body(req);
        const StoredAccount a = accounts.require(routes->token(req));
        send_json(res, Json{{"claimed", accounts.claim(a.id, requester(ctx, req, res).proof)}});
      }));

  server.Get(kNamePath, account_guarded([&accounts, &ctx](const Request& req, Response& res) {
               const int limit = int(int_param(req, "limit", 20, 1, 100));
               const int offset = int(int_param(req, "offset", 0, 0, int64_t(1) << 30));
               const auto param = [&req](const char* name) -> std::optional<std::string> {
                 if (!req.has_param(name)) return std::nullopt;
                 return req.get_param_value(name);
               };
               const ProfileFilter filter = read_profile_filter(param("rated"), param("category"),
                                                                param("result"), ctx.catalog);
               send_json(res, accounts.profile(std::string(req.matches[1]), limit, offset, filter));
             }));

  // The rating after each rated game, for the profile's graph.
  server.Get(std::string(kNamePath) + "/history",
             account_guarded([&accounts](const Request& req, Response& res) {
               const int limit = int(int_param(req, "limit", 200, 1, AccountService::kMaxHistory));
               const int offset = int(int_param(req, "offset", 0, 0, int64_t(1) << 30));
               send_json(res, accounts.rating_history(std::string(req.matches[1]), limit, offset));
             }));

  server.Get(std::string(kNamePath) + "/record",
             account_guarded([&accounts](const Request& req, Response& res) {
               const std::string name = req.matches[1];
               const std::string text = accounts.export_records(name);
               if (req.has_param("download")) {
                 res.set_header("Content-Disposition",
                                "attachment; filename=\"jungle-games-" + name + ".jgn\"");
               }
               res.set_content(text, "text/plain; charset=utf-8");
             }));

  // The best ratings of one category (docs/ratings.md).
  server.Get("/api/leaderboard", account_guarded([&accounts](const Request& req, Response& res) {
               send_json(res, accounts.leaderboard(req.get_param_value("category")));
             }));

  // The seats a logged-in player takes become the account's as they are
  // taken (the games' routes know of accounts only for rated games).
  server.set_post_routing_handler(
      [routes](const Request& req, Response& res) { routes->record_seats(req, res); });
}

}  // namespace jungle::web
