// The web server against other web pages, on loopback only: requests from
// them (CSRF) and host names that are not its own (DNS rebinding).
#include "web_hardening_fixture.h"

namespace jungle::web {
namespace {

using hardening::error_code;

TEST_F(WebHardeningTest, RefusesRequestsFromOtherPages) {
  start(base_options());
  auto c = client();
  const std::string json = Json{{"variant", "standard"}}.dump();

  // A page elsewhere posting a form or text: refused before anything is made.
  httplib::Headers evil = {{"Origin", "http://evil.example"}};
  Reply r = reply(c->Post("/api/games", evil, json, "text/plain"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_origin");
  // The same page sending JSON is still another page.
  r = reply(c->Post("/api/games", evil, json, "application/json"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_origin");
  r = reply(c->Post("/api/games", {{"Origin", "null"}}, json, "application/json"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_origin");
  // A body that is not JSON is refused whoever sends it.
  r = reply(c->Post("/api/games", json, "text/plain"));
  EXPECT_EQ(r.status, 415);
  EXPECT_EQ(error_code(r), "unsupported_media_type");
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("application/json"),
            std::string::npos);
  EXPECT_EQ(reply(c->Get("/api/games")).body["total"], 0);

  // The page itself (same origin) and tools without an Origin are served.
  r = reply(c->Post("/api/games", {{"Origin", "http://" + host()}}, json, "application/json"));
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string game = "/api/games/" + std::to_string(r.body["id"].get<int64_t>());
  r = reply(c->Post("/api/games", json, "application/json; charset=utf-8"));
  EXPECT_EQ(r.status, 201) << r.text;

  // An empty form body, as a cross-site <form> sends it, changes nothing.
  r = reply(c->Post(game + "/resign", evil, "", "application/x-www-form-urlencoded"));
  EXPECT_EQ(r.status, 403);
  r = reply(c->Post(game + "/resign", "", "application/x-www-form-urlencoded"));
  EXPECT_EQ(r.status, 415);
  EXPECT_EQ(error_code(r), "unsupported_media_type");
  r = reply(c->Post(game + "/moves", "move=a3a4", "application/x-www-form-urlencoded"));
  EXPECT_EQ(r.status, 415);
  // A body-less no-cors fetch from another page carries its Origin.
  httplib::Request bare;
  bare.method = "POST";
  bare.path = game + "/resign";
  bare.headers = evil;
  r = reply(c->send(bare));
  EXPECT_EQ(r.status, 403);
  r = reply(c->Delete(game, evil));
  EXPECT_EQ(r.status, 403);
  r = reply(c->Get(game));
  EXPECT_EQ(r.body["status"], "ongoing");
  EXPECT_EQ(r.body["ply"], 0);
  // Reading from another page is refused too (no CORS headers either way).
  r = reply(c->Get(game, evil));
  EXPECT_EQ(r.status, 403);

  // The page's own calls: JSON bodies, and a DELETE without a body.
  r = reply(c->Post(game + "/moves", {{"Origin", "http://" + host()}},
                    Json{{"move", "a3a4"}}.dump(), "application/json"));
  EXPECT_EQ(r.status, 200) << r.text;
  r = reply(c->Delete(game, {{"Origin", "http://" + host()}}));
  EXPECT_EQ(r.status, 200) << r.text;
}

TEST_F(WebHardeningTest, ServesOnlyItsOwnHostNames) {
  WebServerOptions options = base_options();
  options.allowed_hosts = {"jungle.test"};
  start(options);
  auto c = client();
  const std::string port = std::to_string(port_);

  // DNS rebinding: another name that resolves to this machine.
  for (const std::string path : {"/api/info", "/api/games", "/"}) {
    Reply r = reply(c->Get(path, {{"Host", "evil.example:" + port}}));
    EXPECT_EQ(r.status, 403) << path;
    if (path != "/") {
      EXPECT_EQ(error_code(r), "forbidden_host");
    }
  }
  Reply r =
      reply(c->Post("/api/games", {{"Host", "evil.example:" + port}}, "{}", "application/json"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_host");
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("--allowed-host"),
            std::string::npos);
  // A name that merely ends like an allowed one is another name.
  EXPECT_EQ(reply(c->Get("/api/info", {{"Host", "evil-jungle.test:" + port}})).status, 403);
  EXPECT_EQ(reply(c->Get("/api/info", {{"Host", "127.0.0.1.evil.example"}})).status, 403);
  EXPECT_EQ(reply(c->Get("/api/info", {{"Host", "10.1.2.3:" + port}})).status, 403);

  // The address it listens on, localhost on loopback, and the allowed names.
  for (const std::string& name :
       std::vector<std::string>{"127.0.0.1:" + port, "localhost:" + port, "LocalHost",
                                "jungle.test:" + port, "JUNGLE.test"}) {
    EXPECT_EQ(reply(c->Get("/api/info", {{"Host", name}})).status, 200) << name;
  }
  // A page served under an allowed name may post to it.
  r = reply(c->Post("/api/games",
                    {{"Host", "jungle.test:" + port}, {"Origin", "http://jungle.test:" + port}},
                    "{}", "application/json"));
  EXPECT_EQ(r.status, 201) << r.text;
  // ...but not to the same server under another of its names.
  r = reply(c->Post("/api/games",
                    {{"Host", "127.0.0.1:" + port}, {"Origin", "http://jungle.test:" + port}}, "{}",
                    "application/json"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_origin");
}

TEST(RequestGuardTest, HostRulesWhenListeningEverywhere) {
  char name[256] = {};
  ASSERT_EQ(gethostname(name, sizeof name - 1), 0);
  std::string me = name;
  for (char& ch : me) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  RequestGuard any("0.0.0.0", {"Jungle.Example."});
  // The address the connection arrived at, whichever it is.
  EXPECT_TRUE(any.host_allowed("192.168.1.5:8080", "192.168.1.5"));
  EXPECT_TRUE(any.host_allowed("192.168.1.5:8080", "::ffff:192.168.1.5"));
  EXPECT_FALSE(any.host_allowed("192.168.1.6:8080", "192.168.1.5"));
  EXPECT_FALSE(any.host_allowed("0.0.0.0:8080", "192.168.1.5"));
  EXPECT_TRUE(any.host_allowed("localhost:8080", "127.0.0.1"));
  EXPECT_FALSE(any.host_allowed("localhost:8080", "192.168.1.5"));
  EXPECT_TRUE(any.host_allowed(me + ":8080", "192.168.1.5"));
  EXPECT_TRUE(any.host_allowed("jungle.example", "192.168.1.5"));
  EXPECT_FALSE(any.host_allowed("evil.example:8080", "127.0.0.1"));
  EXPECT_FALSE(any.host_allowed("", "127.0.0.1"));
  EXPECT_FALSE(any.host_allowed("a b:80", "127.0.0.1"));
  RequestGuard v6("::", {});
  EXPECT_TRUE(v6.host_allowed("[::1]:8080", "::1"));
  EXPECT_FALSE(v6.host_allowed("[::2]:8080", "::1"));
  EXPECT_FALSE(v6.host_allowed("[::1:8080", "::1"));
  // On loopback the machine's name is not needed, and not accepted.
  RequestGuard loopback("127.0.0.1", {});
  EXPECT_TRUE(loopback.host_allowed("127.0.0.1", "127.0.0.1"));
  if (me != "localhost") {
    EXPECT_FALSE(loopback.host_allowed(me, "127.0.0.1"));
  }
}

}  // namespace
}  // namespace jungle::web
