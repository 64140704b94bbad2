// The account service's rated games (docs/ratings.md): who may create and
// join one, counting one when it ends, the ratings shown by the players'
// names, in profiles and on the leaderboard.

#include <algorithm>
#include <cmath>
#include <map>

#include "core/aborted_game.h"
#include "web/accounts/account_service.h"
#include "web/server/game_error.h"

namespace jungle::web {

namespace {

GameError needs_account(const std::string& what) {
  return GameError(ErrorKind::kForbidden, "rated_needs_account",
                   "a rated game is played between two accounts: log in to " + what);
}

// A rating as shown by a name: rounded, "?" while provisional.
std::string label(const rating::Rating& r) {
  return std::to_string(std::lround(r.rating)) + (rating::is_provisional(r) ? "?" : "");
}

const char* result_text(GameResult result) {
  switch (result) {
    case GameResult::kBlueWins:
      return "1-0";
    case GameResult::kRedWins:
      return "0-1";
    case GameResult::kDraw:
      return "1/2-1/2";
    case GameResult::kOngoing:
      break;
  }
  return "*";
}

}  // namespace

StoredAccount AccountService::require_rated_creator(const std::string& token) {
  const std::optional<StoredAccount> account = account_of(token);
  if (!account) throw needs_account("create one");
  return *account;
}

std::optional<GameError> AccountService::rated_join_refusal(
    const std::optional<StoredAccount>& account, bool plays_other_seat, const std::string& category,
    const std::optional<RatingRange>& range) {
  if (!account) return needs_account("join one");
  if (plays_other_seat) {
    return GameError(ErrorKind::kForbidden, "rated_same_account",
                     "a rated game is played between two accounts: your account already "
                     "plays the other seat");
  }
  if (range) {
    const int own = int(std::lround(rating_in(account->id, category).rating));
    if (!range->contains(own)) {
      return GameError(ErrorKind::kForbidden, "rating_out_of_range",
                       "this challenge is for players rated " + range->text() + "; your " +
                           category + " rating is " + std::to_string(own));
    }
  }
  return std::nullopt;
}

std::optional<StoredAccount> AccountService::check_rated_join(const std::string& token,
                                                              int64_t id) {
  const GameService::RatedTerms terms = games_.rated_terms(id);
  if (!terms.rated) return std::nullopt;
  const std::optional<StoredAccount> account = account_of(token);
  bool own = false;
  if (account) {
    for (const int64_t owner : store_.seat_owners(id)) own |= owner == account->id;
  }
  if (std::optional<GameError> refusal =
          rated_join_refusal(account, own, terms.category, terms.range))
    throw *refusal;
  return account;
}

Json AccountService::lobby_for(const std::string& token) {
  Json lobby = games_.lobby();
  const std::optional<StoredAccount> account = account_of(token);
  for (Json& line : lobby["challenges"]) {
    if (!line.value("rated", false)) continue;
    // The lobby line names the seats' accounts (label_seats): the viewer's
    // own challenge is one whose taken seat is its account's.
    const std::string waiting = line.value("waiting", "");
    const std::string host = waiting == "blue" ? "red" : "blue";
    const Json players = line.value("players", Json());
    const Json host_player = players.is_object() && players.contains(host) ? players[host] : Json();
    const bool own = account && host_player.is_object() &&
                     host_player.value("account", Json()) == Json(account->name);
    std::optional<RatingRange> range;
    if (line.contains("rating_range")) {
      range = RatingRange{line["rating_range"]["min"].get<int>(),
                          line["rating_range"]["max"].get<int>()};
    }
    const std::optional<GameError> refusal =
        rated_join_refusal(account, own, line.value("category", ""), range);
    line["joinable"] = !refusal;
    if (refusal) line["why"] = Json{{"code", refusal->code()}, {"message", refusal->what()}};
  }
  return lobby;
}

rating::Rating AccountService::rating_in(int64_t account_id, const std::string& category) {
  for (const StoredRating& s : store_.ratings(account_id)) {
    if (s.category == category) return as_of(s, now());
  }
  return rating::Rating{};
}

bool AccountService::rated_game_over(const GameSessionBase& game) {
  if (!game.seats.rated || !game.over()) return false;
  // Aborted (by a player, or for want of a first move), or ended before a
  // side had moved: not a game the ratings learn from.
  if (game.ply() < kAbortedBelowPlies || game.termination() == kAbortedTermination) return false;
  const std::string category = GameService::category_of(game);
  const std::array<int64_t, 2> seat_owners = store_.seat_owners(game.id());
  if (category.empty() || seat_owners[0] == 0 || seat_owners[1] == 0 ||
      seat_owners[0] == seat_owners[1] || !game.colours_known()) {
    return false;
  }
  // The accounts by the colour each played (the rated game's row names its
  // blue and red accounts, and the result is Blue's): in Flip Jungle the
  // first flip gives the colours, so the first seat may have played Red.
  const std::array<int64_t, 2> owners{seat_owners[size_t(game.seat_of_side(kBlue))],
                                      seat_owners[size_t(game.seat_of_side(kRed))]};
  const GameResult result = game.result();
  const double blue_score = result == GameResult::kBlueWins  ? 1.0
                            : result == GameResult::kRedWins ? 0.0
                                                             : 0.5;
  RatedGame rated{game.id(), category, owners, result_text(result), now()};
  // Each game is a rating period of its own; each player's rating moves by
  // the opponent's rating and deviation from before the game.
  return store_.count_rated_game(rated, [&](const std::array<StoredRating, 2>& stored) {
    // A player back from idle time first has its deviation widened.
    const std::array<rating::Rating, 2> before{as_of(stored[0], rated.now_ms),
                                               as_of(stored[1], rated.now_ms)};
    std::array<rating::Rating, 2> after{};
    for (size_t colour = 0; colour < 2; ++colour) {
      const rating::Rating& opponent = before[1 - colour];
      const rating::Outcome outcome{opponent.rating, opponent.deviation,
                                    colour == 0 ? blue_score : 1.0 - blue_score};
      after[colour] = rating::update(before[colour], std::span(&outcome, 1));
    }
    return after;
  });
}

rating::Rating AccountService::as_of(const StoredRating& stored, int64_t now_ms) {
  if (stored.games == 0) return rating::Rating{};
  constexpr double kMsPerDay = 24.0 * 3600 * 1000;
  const double idle_days = double(std::max<int64_t>(0, now_ms - stored.updated_ms)) / kMsPerDay;
  return rating::after_idle_periods(stored.value, idle_days * kIdlePeriodsPerDay);
}

std::array<std::string, 2> AccountService::rating_labels(int64_t game_id,
                                                         const std::string& category) {
  std::array<std::string, 2> out;
  const std::array<int64_t, 2> owners = store_.seat_owners(game_id);
  for (size_t seat = 0; seat < 2; ++seat) {
    if (owners[seat] == 0) continue;
    rating::Rating r;
    for (const StoredRating& s : store_.ratings(owners[seat])) {
      if (s.category == category) r = as_of(s, now());
    }
    out[seat] = label(r);
  }
  return out;
}

std::map<int64_t, std::array<GameService::SeatLabel, 2>> AccountService::seat_labels(
    const std::vector<GameService::ListedGame>& games) {
  std::map<int64_t, std::string> category;
  std::vector<int64_t> ids;
  for (const GameService::ListedGame& g : games) {
    category[g.id] = g.category;
    ids.push_back(g.id);
  }
  std::map<int64_t, std::array<GameService::SeatLabel, 2>> out;
  // A seat's account comes once for each of its ratings (or once with
  // none): the game's category picks one; an account without it is new.
  std::map<std::pair<int64_t, int>, rating::Rating> found;
  const int64_t t = now();
  for (const SeatAccount& s : store_.seat_accounts(ids)) {
    if (s.seat != 0 && s.seat != 1) continue;
    out[s.game_id][size_t(s.seat)].account = s.name;
    const std::string& wanted = category[s.game_id];
    if (!wanted.empty() && s.rating.category == wanted) {
      found[{s.game_id, s.seat}] = as_of(s.rating, t);
    }
  }
  for (auto& [id, seats] : out) {
    if (category[id].empty()) continue;
    for (int seat = 0; seat < 2; ++seat) {
      if (seats[size_t(seat)].account.empty()) continue;
      const auto r = found.find({id, seat});
      seats[size_t(seat)].rating = label(r == found.end() ? rating::Rating{} : r->second);
    }
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> AccountService::rating_tags(
    const GameSessionBase& game) {
  std::vector<std::pair<std::string, std::string>> tags;
  std::array<std::string, 2> elo;
  if (const std::optional<std::array<double, 2>> before = store_.rated_before(game.id())) {
    for (size_t seat = 0; seat < 2; ++seat)
      elo[seat] = std::to_string(std::lround((*before)[seat]));
  } else {
    elo = rating_labels(game.id(), GameService::category_of(game));
    for (std::string& e : elo) {
      if (!e.empty() && e.back() == '?') e.pop_back();
    }
  }
  if (!elo[0].empty()) tags.emplace_back("BlueElo", elo[0]);
  if (!elo[1].empty()) tags.emplace_back("RedElo", elo[1]);
  tags.emplace_back("Rated", "Yes");
  return tags;
}

Json AccountService::ratings_json(int64_t account_id) {
  Json out = Json::object();
  const int64_t t = now();
  for (const StoredRating& s : store_.ratings(account_id)) {
    const rating::Rating r = as_of(s, t);
    out[s.category] = Json{{"rating", std::lround(r.rating)},
                           {"deviation", std::lround(r.deviation)},
                           {"provisional", rating::is_provisional(r)},
                           {"games", s.games}};
  }
  return out;
}

Json AccountService::leaderboard(const std::string& category) {
  if (category.empty()) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "the leaderboard needs a 'category', such as \"standard blitz\"");
  }
  Json players = Json::array();
  int rank = 0;
  const int64_t t = now();
  // The store picks by the deviation as stored; one widened by idle time
  // past provisional since then is left out here (so a board may show a
  // few fewer than kLeaderboardSize lines).
  for (const RankedRating& r :
       store_.leaderboard(category, rating::kProvisionalDeviation, kLeaderboardSize)) {
    const rating::Rating now_r = as_of(r.rating, t);
    if (rating::is_provisional(now_r)) continue;
    players.push_back(Json{{"rank", ++rank},
                           {"name", r.name},
                           {"rating", std::lround(now_r.rating)},
                           {"deviation", std::lround(now_r.deviation)},
                           {"games", r.rating.games}});
  }
  return Json{{"category", category}, {"players", players}};
}

}  // namespace jungle::web
