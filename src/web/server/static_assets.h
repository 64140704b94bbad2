#pragma once

#include <httplib.h>

namespace jungle::web {

// Serves the page: "/" is index.html, every other embedded file under its
// own path, with its content type and an ETag so reloads are cheap.
void add_static_routes(httplib::Server& server);

}  // namespace jungle::web
