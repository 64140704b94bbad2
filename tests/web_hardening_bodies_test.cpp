// The web server against request bodies framed to be misread or never end.
#include "web_hardening_fixture.h"

namespace jungle::web {
namespace {

using Clock = std::chrono::steady_clock;
using hardening::slowdown;

// Every body within the limit, however it is framed; a body's framing
// never in doubt; no body where none is sent.

// One request written as given, its body `chunks` sent as they are, while
// what the server answers is read: sending stops once an answer begins or
// the server stops taking the body. The answer, and how many bytes of the
// body went out.
struct Upload {
  std::string answer;
  size_t sent = 0;
};

Upload upload(int port, const std::string& head, const std::function<std::string()>& next_chunk) {
  Upload up;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(uint16_t(port));
  ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    ::close(fd);
    ADD_FAILURE() << "cannot connect";
    return up;
  }
  ::send(fd, head.data(), head.size(), MSG_NOSIGNAL);
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  std::string pending = next_chunk();
  const auto deadline = Clock::now() + std::chrono::seconds(20 * slowdown());
  while (Clock::now() < deadline) {
    const bool sending = up.answer.empty() && !pending.empty();
    pollfd p{fd, short(POLLIN | (sending ? POLLOUT : 0)), 0};
    if (::poll(&p, 1, 100) < 0) break;
    if (p.revents & (POLLIN | POLLHUP | POLLERR)) {
      char buf[4096];
      const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) break;  // closed, or reset after the answer
      up.answer.append(buf, size_t(n));
      continue;
    }
    if (sending && (p.revents & POLLOUT)) {
      const ssize_t n = ::send(fd, pending.data(), pending.size(), MSG_NOSIGNAL);
      if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) break;
      if (n > 0) {
        up.sent += size_t(n);
        pending.erase(0, size_t(n));
        if (pending.empty()) pending = next_chunk();
      }
    }
  }
  ::close(fd);
  return up;
}

std::string post_head(const std::string& host, const std::string& path,
                      const std::string& framing) {
  return "POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n" +
         framing + "\r\n";
}

std::string chunk(const std::string& data) {
  char size[32];
  snprintf(size, sizeof size, "%zx\r\n", data.size());
  return size + data + "\r\n";
}

std::string status_line(const std::string& answer) {
  return answer.substr(0, answer.find("\r\n"));
}

TEST_F(WebHardeningTest, AChunkedBodyOverTheLimitIsRefusedBeforeItIsRead) {
  start(base_options());
  // 64 MiB chunked: the server once read such a body whole (256 MiB took it
  // from 55 MB to 1,120 MB). Now it stops at the limit (1 MiB) and answers
  // while most of the body is still to come.
  const size_t total = size_t(64) << 20;
  size_t made = 0;
  const Upload up =
      upload(port_, post_head(host(), "/api/positions/validate", "Transfer-Encoding: chunked\r\n"),
             [&]() -> std::string {
               if (made >= total) return made++ == total ? "0\r\n\r\n" : "";
               made += 65536;
               return chunk(std::string(65536, ' '));
             });
  EXPECT_EQ(status_line(up.answer), "HTTP/1.1 413 Payload Too Large") << up.answer;
  EXPECT_NE(up.answer.find("larger than 1048576 bytes"), std::string::npos) << up.answer;
  EXPECT_LT(up.sent, total / 2) << "the server read on past the limit";
  // A chunked body within the limit is read as any other.
  const std::string body = R"({"variant": "standard", "fen": "2L4/7/7/7/r6/7/7/7/7 w"})";
  int part = 0;
  const Upload small = upload(port_,
                              post_head(host(), "/api/positions/validate",
                                        "Transfer-Encoding: chunked\r\nConnection: close\r\n"),
                              [&]() -> std::string {
                                switch (part++) {
                                  case 0:
                                    return chunk(body.substr(0, 20));
                                  case 1:
                                    return chunk(body.substr(20));
                                  case 2:
                                    return "0\r\n\r\n";
                                  default:
                                    return "";
                                }
                              });
  EXPECT_EQ(status_line(small.answer), "HTTP/1.1 200 OK") << small.answer;
  EXPECT_NE(small.answer.find(R"("c9b9")"), std::string::npos) << small.answer;
}

TEST_F(WebHardeningTest, ABodysLengthIsNeverInDoubt) {
  start(base_options());
  const std::string body = R"({"variant": "standard", "fen": "2L4/7/7/7/r6/7/7/7/7 w"})";
  const std::string length = std::to_string(body.size());
  const auto answer = [&](const std::string& framing, const std::string& method = "POST") {
    RawConnection c("127.0.0.1", port_);
    c.send(method + " /api/positions/validate HTTP/1.1\r\nHost: " + host() +
           "\r\nContent-Type: application/json\r\nConnection: close\r\n" + framing + "\r\n" + body);
    return c.read_all(std::chrono::milliseconds(3000 * slowdown()));
  };
  // Two lengths that differ: a proxy in front may go by the other one, and
  // see the rest of this body as a request of its own (smuggling).
  std::string a = answer("Content-Length: " + length + "\r\nContent-Length: 5\r\n");
  EXPECT_EQ(status_line(a), "HTTP/1.1 400 Bad Request") << a;
  EXPECT_NE(a.find("two different Content-Length values (" + length + " and 5)"), std::string::npos)
      << a;
  a = answer("Content-Length: " + length + ", 7\r\n");
  EXPECT_EQ(status_line(a), "HTTP/1.1 400 Bad Request") << a;
  // The same length twice is one length (RFC 9110, 8.6).
  a = answer("Content-Length: " + length + "\r\nContent-Length: " + length + "\r\n");
  EXPECT_EQ(status_line(a), "HTTP/1.1 200 OK") << a;
  a = answer("Content-Length: " + length + ", " + length + "\r\n");
  EXPECT_EQ(status_line(a), "HTTP/1.1 200 OK") << a;
  // A length that is no number, both framings at once, another coding.
  for (const std::string& framing :
       std::vector<std::string>{"Content-Length: 12abc\r\n", "Content-Length: -1\r\n",
                                "Content-Length: " + length + "\r\nTransfer-Encoding: chunked\r\n",
                                "Transfer-Encoding: gzip, chunked\r\n",
                                "Transfer-Encoding: chunked\r\n"
                                "Transfer-Encoding: chunked\r\n"}) {
    a = answer(framing);
    EXPECT_EQ(status_line(a), "HTTP/1.1 400 Bad Request") << framing << a;
    EXPECT_NE(a.find("bad_request"), std::string::npos) << framing << a;
  }
  // A GET's body would be read as the next request on the connection.
  a = answer("Content-Length: " + length + "\r\n", "GET");
  EXPECT_EQ(status_line(a), "HTTP/1.1 400 Bad Request") << a;
  // A length over the limit is refused at once, before its body comes.
  RawConnection big("127.0.0.1", port_);
  const auto t0 = Clock::now();
  big.send(post_head(host(), "/api/positions/validate", "Content-Length: 2097152\r\n"));
  bool closed = false;
  a = big.read_all(std::chrono::milliseconds(3000 * slowdown()), &closed);
  EXPECT_EQ(status_line(a), "HTTP/1.1 413 Payload Too Large") << a;
  EXPECT_NE(a.find("2097152 bytes, larger than the 1048576"), std::string::npos) << a;
  EXPECT_TRUE(closed);
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(3000 * slowdown()));
}

TEST_F(WebHardeningTest, APostWithNoBodyIsAnsweredAtOnce) {
  start(base_options());
  auto c = client();
  Reply g = reply(c->Post(
      "/api/games", Json{{"blue", {{"type", "engine"}, {"skill", 0}, {"movetime_ms", 50}}}}.dump(),
      "application/json"));
  ASSERT_EQ(g.status, 201) << g.text;
  // As `curl -X POST -H 'X-Player-Key: ...' URL` sends it: no Content-Length,
  // no Transfer-Encoding, no Content-Type. The request has no body
  // (RFC 9112, 6.3); the server once waited 10 s for one, then said 400.
  RawConnection raw("127.0.0.1", port_);
  const auto t0 = Clock::now();
  raw.send("POST /api/games/" + std::to_string(g.body["id"].get<int64_t>()) +
           "/engine-move HTTP/1.1\r\nHost: " + host() +
           "\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\nX-Player-Key: test-player-key-00001"
           "\r\n\r\n");
  std::string a;
  while (a.find("\r\n\r\n") == std::string::npos || a.find("\"ply\"") == std::string::npos) {
    bool closed = false;
    const std::string more = raw.read_all(std::chrono::milliseconds(250), &closed);
    a += more;
    if (closed || Clock::now() - t0 > std::chrono::milliseconds(3000 * slowdown())) break;
  }
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(3000 * slowdown())) << a;
  EXPECT_EQ(status_line(a), "HTTP/1.1 200 OK") << a;
  EXPECT_NE(a.find("\"ply\":1"), std::string::npos) << a;
}

}  // namespace
}  // namespace jungle::web
