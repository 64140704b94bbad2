#include "test_database.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <mutex>

#include "pg_test_server.h"

namespace jungle::web {

namespace {

// Asked for PostgreSQL and there is none: the run fails at once, saying
// why (ctest asks only when the build found PostgreSQL, CMakeLists.txt).
class PostgresEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    if (!testing_on_postgres()) return;
    std::string why;
    if (!PgTestServer::shared(why)) {
      FAIL() << "JUNGLE_TEST_DB=postgresql, but there is no PostgreSQL: " << why;
    }
  }
};

[[maybe_unused]] ::testing::Environment* const kPostgresEnvironment =
    ::testing::AddGlobalTestEnvironment(new PostgresEnvironment);

}  // namespace

bool testing_on_postgres() {
  const char* db = std::getenv("JUNGLE_TEST_DB");
  return db && std::string(db) == "postgresql";
}

std::string test_database(const std::filesystem::path& dir) {
  if (!testing_on_postgres()) return (dir / "games.db").string();
  static std::mutex mutex;
  static std::map<std::filesystem::path, std::string> by_dir;
  std::lock_guard lock(mutex);
  if (auto it = by_dir.find(dir); it != by_dir.end()) return it->second;
  std::string why;
  PgTestServer* server = PgTestServer::shared(why);
  if (!server) {
    ADD_FAILURE() << "JUNGLE_TEST_DB=postgresql, but there is no PostgreSQL: " << why;
    return (dir / "games.db").string();
  }
  return by_dir[dir] = server->new_database("api");
}

}  // namespace jungle::web
