#pragma once

#include <memory>
#include <string>

#include "web/store/account_store.h"
#include "web/store/postgres/pg_connection_pool.h"

namespace jungle::web {

// The accounts in the games' PostgreSQL database, on a small pool of their
// own: every server on the database reads the same sessions, so a cookie
// one server issued is honoured by the others. The tables carry their own
// version (account_schema_version), migrated under an advisory lock like
// the games' schema, so servers started together migrate them once.
class PgAccountStore : public AccountStore {
 public:
  static constexpr int kSchemaVersion = 5;
  static constexpr size_t kDefaultConnections = 4;

  // Connects and migrates. Throws StoreError with the server's reason.
  explicit PgAccountStore(const std::string& url, size_t connections = kDefaultConnections,
                          PgConnectionPool::Log log = {});
  ~PgAccountStore() override;
  PgAccountStore(const PgAccountStore&) = delete;
  PgAccountStore& operator=(const PgAccountStore&) = delete;

  std::optional<StoredAccount> create_account(const std::string& name, const std::string& name_key,
                                              const std::string& password_hash,
                                              int64_t now_ms) override;
  std::optional<StoredAccount> account_by_name(const std::string& name_key) override;
  std::optional<StoredAccount> account_by_id(int64_t id) override;
  void set_password(int64_t account_id, const std::string& password_hash) override;
  void delete_account(int64_t account_id, int64_t now_ms) override;
  void add_session(const std::string& token_digest, int64_t account_id, int64_t created_ms,
                   int64_t expires_ms) override;
  std::optional<int64_t> session_account(const std::string& token_digest, int64_t now_ms) override;
  void remove_session(const std::string& token_digest) override;
  void remove_sessions(int64_t account_id, const std::string& keep_digest, int64_t now_ms) override;
  int64_t session_count(int64_t account_id) override;
  bool own_seat(int64_t game_id, int seat, int64_t account_id) override;
  std::vector<HeldGame> games_naming(const std::string& digest, int limit) override;
  using AccountStore::owned_games;
  std::vector<OwnedGame> owned_games(int64_t account_id, int limit, int offset,
                                     const OwnedGameFilter& filter) override;
  AccountTally tally(int64_t account_id) override;
  std::array<int64_t, 2> seat_owners(int64_t game_id) override;
  SessionSeats session_seats(const std::string& token_digest, int64_t game_id,
                             int64_t now_ms) override;
  bool count_rated_game(const RatedGame& game, const RatingUpdate& update) override;
  std::optional<std::array<double, 2>> rated_before(int64_t game_id) override;
  std::vector<RatingPoint> rating_history(int64_t account_id, int limit, int offset) override;
  std::vector<SeatAccount> seat_accounts(const std::vector<int64_t>& game_ids) override;
  std::vector<StoredRating> ratings(int64_t account_id) override;
  std::vector<RankedRating> leaderboard(const std::string& category, double max_deviation,
                                        int limit) override;
  bool count_puzzle_attempt(const PuzzleAttempt& attempt,
                            const PuzzleRatingUpdate& update) override;
  StoredPuzzlePlayer puzzle_player(int64_t account_id) override;
  std::vector<PuzzleAttemptRecord> puzzle_history(int64_t account_id, int limit) override;
  std::map<std::string, rating::Rating> puzzle_ratings() override;
  std::optional<LoginBucket> login_bucket(const std::string& kind, const std::string& key) override;
  void change_login_bucket(const std::string& kind, const std::string& key,
                           const LoginBucketChange& change, int64_t forget_before_ms) override;

  int opened_version() const { return opened_version_; }

 private:
  void migrate();
  std::shared_ptr<PgConnectionPool> pool_;
  int opened_version_ = 0;
};

}  // namespace jungle::web
