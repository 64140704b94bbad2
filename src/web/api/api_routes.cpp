#include "web/api/api_routes.h"

namespace jungle::web {

void add_api_routes(httplib::Server& server, ApiContext& ctx) {
  add_meta_routes(server, ctx);
  add_game_routes(server, ctx);
  add_engine_routes(server, ctx);
  add_after_game_routes(server, ctx);
  if (ctx.accounts) add_account_routes(server, ctx);
}

}  // namespace jungle::web
