#include "core/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>

#include "core/error.hpp"

extern char** environ;

namespace strat {

namespace {

// A program that exits while we write to it must not kill strat with SIGPIPE:
// writes fail with EPIPE instead.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command) {
  ignore_sigpipe();
  int to_child[2], from_child[2];
  // Close-on-exec everywhere, so that programs started by parallel games never
  // hold each other's pipes.
  if (pipe2(to_child, O_CLOEXEC) != 0) bad_input(std::string("cannot start a program: ") + std::strerror(errno));
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]), ::close(to_child[1]);
    bad_input(std::string("cannot start a program: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  char* argv[] = {const_cast<char*>("sh"), const_cast<char*>("-c"), const_cast<char*>(command.c_str()), nullptr};
  const int err = posix_spawn(&pid_, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(to_child[0]);
  ::close(from_child[1]);
  if (err != 0) {
    ::close(to_child[1]), ::close(from_child[0]);
    pid_ = -1;
    bad_input("cannot start " + command + ": " + std::strerror(err));
  }
  in_ = to_child[1];
  out_ = from_child[0];
}

ChildProcess::~ChildProcess() { stop(0); }

ChildProcess::Read ChildProcess::read_line(std::string& line, double limit_ms) {
  using clock = std::chrono::steady_clock;
  const auto end = clock::now() + std::chrono::microseconds(static_cast<long long>(limit_ms * 1000));
  for (;;) {
    const auto newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      line = buffer_.substr(0, newline);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      buffer_.erase(0, newline + 1);
      return Read::Line;
    }
    if (out_ < 0) return Read::Closed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - clock::now()).count();
    if (left <= 0) return Read::Timeout;
    pollfd p{out_, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // the loop checks the time
    char chunk[4096];
    const ssize_t got = ::read(out_, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      ::close(out_);
      out_ = -1;
      continue;  // a last line without "\n" is not a line: Closed
    }
    buffer_.append(chunk, static_cast<std::size_t>(got));
    if (buffer_.size() > (1u << 20)) return Read::Timeout;  // a flood of text without a line end
  }
}

bool ChildProcess::write_line(const std::string& line) {
  if (in_ < 0) return false;
  const std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(in_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(in_);
      in_ = -1;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

void ChildProcess::pause() {
  if (pid_ > 0 && !reaped_ && !paused_ && ::kill(-pid_, SIGSTOP) == 0) paused_ = true;
}

void ChildProcess::resume() {
  if (pid_ > 0 && !reaped_ && paused_) ::kill(-pid_, SIGCONT);
  paused_ = false;
}

bool ChildProcess::exited() const {
  if (pid_ <= 0 || reaped_) return true;
  // Without reaping it: while the leader is a zombie its process-group id
  // cannot be reused, so the group may still be killed safely.
  siginfo_t info{};
  int r;
  do r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
  while (r < 0 && errno == EINTR);
  return r < 0 || info.si_pid == pid_;
}

void ChildProcess::stop(double grace_ms) {
  if (in_ >= 0) ::close(in_), in_ = -1;  // end of input: a well-behaved program exits
  if (pid_ > 0 && !reaped_) {
    resume();
    const auto end =
        std::chrono::steady_clock::now() + std::chrono::microseconds(static_cast<long long>(grace_ms * 1000));
    while (!exited() && std::chrono::steady_clock::now() < end)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ::kill(-pid_, SIGKILL);  // the program if it is still there, and whatever it
                             // started in its group
    int r;
    do r = ::waitpid(pid_, &status_, 0);
    while (r < 0 && errno == EINTR);
    reaped_ = true;
  }
  if (out_ >= 0) ::close(out_), out_ = -1;
}

std::string ChildProcess::exit_text(double wait_ms) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::microseconds(static_cast<long long>(wait_ms * 1000));
  while (!exited() && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (!exited()) return "";
  stop(0);
  if (WIFEXITED(status_)) return "exit status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) return "killed by signal " + std::to_string(WTERMSIG(status_));
  return "ended";
}

}  // namespace strat
