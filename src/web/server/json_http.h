#pragma once

#include <httplib.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "web/server/game_error.h"
#include "web/server/json_fields.h"

// JSON over HTTP for the routes: answers, errors, bodies, query parameters,
// and the one place where a GameError's kind becomes an HTTP status.

namespace jungle::web {

// The status each kind of refusal answers (docs/api.md, "Errors").
int http_status(ErrorKind kind);

void send_json(httplib::Response& res, const Json& body, int status = 200);
void send_error(httplib::Response& res, int status, std::string_view code,
                std::string_view message);

// The request body as a JSON object; an empty body is an empty object.
// Throws GameError kBadRequest for anything else.
Json parse_body(const httplib::Request& req);

// A query parameter as an integer in [min, max]; absent gives the fallback.
int64_t int_param(const httplib::Request& req, const std::string& name, int64_t fallback,
                  int64_t min, int64_t max);

}  // namespace jungle::web
