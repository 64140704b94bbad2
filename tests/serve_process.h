#pragma once

// A `jungle serve` in a process of its own, as a site runs it: started on a
// free loopback port, its output kept in a file, stopped with SIGTERM or
// killed with SIGKILL (a crash, a machine gone) by the test.

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace jungle::web {

class ServeProcess {
 public:
  // Starts `jungle serve --host 127.0.0.1 --port 0 --db DB` plus `extra`,
  // its output in `log`, with `env` ("NAME=value") added to this process's
  // environment; waits until it serves (port() > 0) or has failed.
  ServeProcess(const std::string& db, const std::filesystem::path& log,
               const std::vector<std::string>& extra = {}, std::vector<std::string> env = {})
      : log_(log) {
    std::vector<std::string> args = {JUNGLE_BINARY, "serve", "--host", "127.0.0.1",
                                     "--port",      "0",     "--db",   db};
    args.insert(args.end(), extra.begin(), extra.end());
    // Everything the child needs is made before fork(): between fork and
    // exec a threaded process may call nothing that allocates.
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<char*> envp;
    for (char** e = environ; *e; ++e) envp.push_back(*e);
    for (auto& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    const std::string log_path = log.string();
    pid_ = fork();
    if (pid_ == 0) {
      const int fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
      }
      const int null = ::open("/dev/null", O_RDONLY);
      if (null >= 0) dup2(null, 0);
      execve(argv[0], argv.data(), envp.data());
      _exit(127);
    }
    static const std::regex kServing(R"(serving http://127\.0\.0\.1:(\d+)/)");
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < end && pid_ > 0) {
      std::smatch m;
      const std::string text = output();
      if (std::regex_search(text, m, kServing)) {
        port_ = std::stoi(m[1]);
        return;
      }
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  ~ServeProcess() { kill_now(); }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  // 0 when it did not start: output() says why.
  int port() const { return port_; }
  std::string output() const {
    std::ifstream in(log_);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  // SIGKILL: no shutdown, nothing flushed, as a crash.
  void kill_now() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  // SIGTERM and the exit status (-1 when it did not exit by itself).
  int stop() {
    if (pid_ <= 0) return -1;
    ::kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  std::filesystem::path log_;
  pid_t pid_ = -1;
  int port_ = 0;
};

}  // namespace jungle::web
