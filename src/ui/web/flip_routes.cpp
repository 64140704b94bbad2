#include "ui/web/flip_routes.h"

#include <algorithm>

#include "flip/flip_search.h"
#include "ui/web/flip_session.h"

namespace jungle::web {

namespace {

using httplib::Request;
using httplib::Response;

std::array<PlayerConfig, kSides> read_players(const Json& body, int64_t max_movetime_ms) {
  return {PlayerConfig::from_json(body.value("blue", Json()), "blue", max_movetime_ms),
          PlayerConfig::from_json(body.value("red", Json()), "red", max_movetime_ms)};
}

// The record's Variant tag, if the text has one.
std::string record_variant(const std::string& text) {
  const std::string open = "[Variant \"";
  const size_t at = text.find(open);
  if (at == std::string::npos) return "";
  const size_t end = text.find('"', at + open.size());
  return end == std::string::npos ? "" : text.substr(at + open.size(), end - at - open.size());
}

bool is_flip_set(const std::string& name) {
  const std::vector<std::string> names = flip::builtin_flip_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

void save(FlipGames& games, FlipGameSession& game) {
  try {
    games.save(game);
  } catch (const StoreError&) {
    // The game stays as the store has it: the next request reloads it.
    game.detached = true;
    games.forget(game.id());
    throw;
  }
}

// The engine's depth at a strength: full strength searches to the time
// limit, the levels below stop a few plies deep.
int engine_depth(int skill) {
  return skill >= 20 ? 64 : 1 + skill / 4;
}

void engine_move(ApiContext& ctx, const std::shared_ptr<FlipGameSession>& game,
                 std::unique_lock<std::mutex>& lock, Response& res) {
  FlipGames& games = *ctx.flip_games;
  if (game->over()) {
    throw ApiError(422, "game_over", "the game is over: " + game->result_message());
  }
  const int seat = game->seat_to_move();
  const PlayerConfig player = game->player(seat);
  if (!player.is_engine()) {
    throw ApiError(409, "not_engine_turn", "it is a person's turn in this game");
  }
  if (game->engine_thinking) {
    throw ApiError(409, "engine_thinking", "the engine is already choosing a move");
  }
  // Each search holds its own tables (a few MB): no more at once than the
  // server has engines.
  if (games.searches.fetch_add(1) >= std::max(1, ctx.pool.limits().workers)) {
    games.searches.fetch_sub(1);
    throw ApiError(503, "busy", "the engines are busy; try again in a moment");
  }
  struct Release {
    std::atomic<int>& n;
    ~Release() { n.fetch_sub(1); }
  } release{games.searches};
  flip::FlipPosition pos = game->position();
  const uint64_t changes = game->change_count();
  game->engine_thinking = true;
  lock.unlock();
  flip::FlipSearcher searcher;
  flip::FlipLimits limits;
  limits.movetime_ms = int(player.movetime_ms);
  limits.depth = engine_depth(player.skill);
  const flip::FlipSearchResult r = searcher.search(pos, limits);
  lock.lock();
  game->engine_thinking = false;
  if (game->change_count() != changes || game->detached) {
    throw ApiError(409, "game_changed",
                   "the game changed while the engine was thinking; its move was dropped");
  }
  if (!r.has_move) throw ApiError(500, "no_move", "the engine found no move");
  {
    std::lock_guard chance(games.chance_mutex());
    game->play(r.best, games.chance());
  }
  save(games, *game);
  Json state = game->to_json();
  state["engine"] = Json{{"move", flip::action_text(r.best)},
                         {"score", r.score},
                         {"depth", r.depth},
                         {"nodes", r.nodes},
                         {"time_ms", r.time_ms}};
  send_json(res, state);
}

}  // namespace

bool create_flip_game(ApiContext& ctx, const Json& body, Response& res) {
  if (!ctx.flip_games) return false;
  const int64_t max_movetime = ctx.pool.limits().max_movetime_ms;
  std::unique_ptr<FlipGameSession> game;
  if (body.contains("record")) {
    const std::string text = string_field(body, "record", "");
    if (!is_flip_set(record_variant(text))) return false;
    game = FlipGameSession::from_record_text(text, read_players(body, max_movetime));
  } else {
    const std::string variant = string_field(body, "variant", "standard");
    if (!is_flip_set(variant)) return false;
    const flip::FlipRulesPtr rules = flip::load_flip_rules(variant);
    const std::string fen = string_field(body, "fen", flip::FlipPosition::start_fen(*rules));
    game =
        std::make_unique<FlipGameSession>(0, variant, rules, fen, read_players(body, max_movetime));
    if (game->over()) {
      throw ApiError(422, "position_over",
                     "this position is already decided: " + game->result_message());
    }
  }
  std::shared_ptr<FlipGameSession> added = ctx.flip_games->add(std::move(game));
  std::lock_guard lock(added->mutex());
  res.set_header("Location", "/api/games/" + std::to_string(added->id()));
  send_json(res, added->to_json(), 201);
  return true;
}

bool serve_flip_game(FlipRoute route, ApiContext& ctx, const Request& req, Response& res) {
  if (!ctx.flip_games) return false;
  int64_t id = 0;
  try {
    id = std::stoll(std::string(req.matches[1]));
  } catch (const std::exception&) {
    return false;
  }
  std::shared_ptr<FlipGameSession> game = ctx.flip_games->find(id);
  if (!game) return false;
  std::unique_lock lock(game->mutex());
  if (game->detached) {
    // Dropped after a failed write (reload it from the store) or deleted.
    lock.unlock();
    game = ctx.flip_games->find(id);
    if (!game) throw ApiError(404, "no_such_game", "there is no game " + std::to_string(id));
    lock = std::unique_lock(game->mutex());
    if (game->detached) {
      throw ApiError(404, "no_such_game", "there is no game " + std::to_string(id));
    }
  }
  FlipGames& games = *ctx.flip_games;
  const int64_t max_movetime = ctx.pool.limits().max_movetime_ms;
  switch (route) {
    case FlipRoute::kGet:
      break;
    case FlipRoute::kDelete:
      games.remove(id);
      game->detached = true;
      send_json(res, Json{{"deleted", id}});
      return true;
    case FlipRoute::kMove: {
      const Json body = parse_body(req);
      if (!body.contains("move")) {
        throw ApiError(400, "bad_field", "'move' is required, like {\"move\": \"b2?\"}");
      }
      const int64_t expected = int_field(body, "ply", -1, 0, 1'000'000);
      if (expected >= 0 && expected != game->ply()) {
        throw ApiError(409, "stale",
                       "the game has " + std::to_string(game->ply()) + " moves, not " +
                           std::to_string(expected) + "; reload it and try again");
      }
      if (game->engine_thinking) {
        throw ApiError(409, "engine_thinking", "wait: the engine is choosing its move");
      }
      if (!game->over() && game->player(game->seat_to_move()).is_engine()) {
        throw ApiError(409, "not_your_turn", "it is the engine's turn");
      }
      {
        std::lock_guard chance(games.chance_mutex());
        game->play(string_field(body, "move", ""), games.chance());
      }
      save(games, *game);
      break;
    }
    case FlipRoute::kEngineMove:
      engine_move(ctx, game, lock, res);
      return true;
    case FlipRoute::kUndo: {
      const Json body = parse_body(req);
      int plies = int(int_field(body, "plies", 1, 1, 1'000'000));
      const std::string until = string_field(body, "until", "");
      if (!until.empty() && until != "human") {
        throw ApiError(400, "bad_field", "'until' must be \"human\", not \"" + until + "\"");
      }
      if (game->over()) {
        throw ApiError(422, "game_over",
                       "the game is over (" + game->result_message() +
                           "); a finished game cannot be taken back");
      }
      if (game->ply() == 0) throw ApiError(422, "nothing_to_undo", "no move has been played yet");
      if (!until.empty()) {
        plies = game->plies_back_to_human();
        if (plies == 0) throw ApiError(422, "nothing_to_undo", "no move of a person to take back");
      }
      game->undo(plies);
      save(games, *game);
      break;
    }
    case FlipRoute::kResign: {
      const Json body = parse_body(req);
      Side side = game->position().side_to_move();
      if (body.contains("side")) {
        const std::string text = string_field(body, "side", "");
        if (text != "blue" && text != "red") {
          throw ApiError(400, "bad_field",
                         "'side' must be \"blue\" or \"red\", not \"" + text + "\"");
        }
        side = text == "blue" ? kBlue : kRed;
      }
      game->resign(side);
      save(games, *game);
      break;
    }
    case FlipRoute::kPlayers:
      game->set_players(read_players(parse_body(req), max_movetime));
      save(games, *game);
      break;
    case FlipRoute::kRecord:
      if (req.has_param("download")) {
        res.set_header("Content-Disposition",
                       "attachment; filename=\"flip-jungle-game-" + std::to_string(id) + ".pgn\"");
      }
      res.set_content(game->record_text(), "text/plain; charset=utf-8");
      return true;
    case FlipRoute::kHint:
    case FlipRoute::kAnalysis:
      throw ApiError(422, "not_for_flip",
                     "hints and analysis are for the 7x9 game; a flip game has neither yet");
  }
  send_json(res, game->to_json());
  return true;
}

}  // namespace jungle::web
