#include "web/store/open_store.h"

#include <cstdlib>

namespace jungle::web {

std::filesystem::path default_database_path() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  std::filesystem::path base;
  if (xdg && *xdg) {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    base = std::filesystem::path(home && *home ? home : ".") / ".local" / "share";
  }
  return base / "jungle" / "games.db";
}

bool is_postgres_url(const std::string& spec) {
  return spec.rfind("postgresql://", 0) == 0 || spec.rfind("postgres://", 0) == 0;
}

void refuse_postgres_url() {
  throw StoreError(
      "this jungle was built without PostgreSQL (libpqxx was not found when it was built: "
      "install libpqxx-dev and build again); give --db an SQLite file instead");
}

}  // namespace jungle::web
