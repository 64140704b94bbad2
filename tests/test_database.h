#pragma once

// Which store the web tests run on. ctest runs the API suites twice: as
// they are, on an SQLite file in the test's folder, and under the prefix
// `postgresql.` with JUNGLE_TEST_DB=postgresql, on a database of the
// PostgreSQL server the test process starts (pg_test_server.h). ctest has
// those runs only when the build found libpqxx and PostgreSQL's server
// programs (CMakeLists.txt); asked for without them, a run fails, saying why.

#include <filesystem>
#include <string>

namespace jungle::web {

// True when JUNGLE_TEST_DB=postgresql.
bool testing_on_postgres();

// The `--db` for a test's server whose files go in `dir`: `dir`/games.db,
// or on PostgreSQL a fresh database, the same one again for the same `dir`
// (a test that restarts its server finds its games).
std::string test_database(const std::filesystem::path& dir);

}  // namespace jungle::web
