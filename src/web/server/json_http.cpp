#include "web/server/json_http.h"

#include "core/text_util.h"

namespace jungle::web {

int http_status(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kBadRequest:
      return 400;
    case ErrorKind::kForbidden:
      return 403;
    case ErrorKind::kNotFound:
      return 404;
    case ErrorKind::kConflict:
      return 409;
    case ErrorKind::kRefused:
      return 422;
    case ErrorKind::kTooManyJobs:
      return 429;
    case ErrorKind::kUnavailable:
      return 503;
    case ErrorKind::kServerFault:
      break;
  }
  return 500;
}

void send_json(httplib::Response& res, const Json& body, int status) {
  res.status = status;
  // Replacement characters keep a response valid even if a message carries
  // bytes that are not UTF-8 (a pasted record, say).
  res.set_content(body.dump(-1, ' ', false, Json::error_handler_t::replace), "application/json");
}

void send_error(httplib::Response& res, int status, std::string_view code,
                std::string_view message) {
  send_json(res, Json{{"error", {{"code", code}, {"message", message}}}}, status);
}

Json parse_body(const httplib::Request& req) {
  if (req.body.find_first_not_of(" \t\r\n") == std::string::npos) return Json::object();
  Json body;
  try {
    body = Json::parse(req.body);
  } catch (const Json::parse_error& e) {
    throw GameError(ErrorKind::kBadRequest, "bad_json",
                    std::string("the request body is not valid JSON: ") + e.what());
  }
  if (!body.is_object()) {
    throw GameError(ErrorKind::kBadRequest, "bad_json", "the request body must be a JSON object");
  }
  return body;
}

int64_t int_param(const httplib::Request& req, const std::string& name, int64_t fallback,
                  int64_t min, int64_t max) {
  if (!req.has_param(name)) return fallback;
  const std::string text = req.get_param_value(name);
  int64_t value = 0;
  if (!parse_int(text, value)) {
    throw GameError(ErrorKind::kBadRequest, "bad_param",
                    "query parameter '" + name + "' must be an integer");
  }
  if (value < min || value > max) {
    throw GameError(ErrorKind::kBadRequest, "bad_param",
                    "query parameter '" + name + "' must be between " + std::to_string(min) +
                        " and " + std::to_string(max));
  }
  return value;
}

}  // namespace jungle::web
