#pragma once
// An outside program spoken to line by line over its standard input and output
// (the arena's outside agents): started through /bin/sh in a process group of
// its own, its standard error discarded, every read bounded by a time limit,
// pausable (SIGSTOP/SIGCONT, as tournament managers pause the side not to
// move), and always killed and reaped by the destructor, so a hung or dead
// program never hangs strat.
#include <sys/types.h>

#include <string>

namespace strat {

class ChildProcess {
 public:
  // Starts `command` with /bin/sh -c. Throws BadInput if no process can be
  // started.
  explicit ChildProcess(const std::string& command);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  enum class Read { Line, Timeout, Closed };
  // One line (without its "\n" or "\r\n") within `limit_ms`; Closed when the
  // program closed its output.
  Read read_line(std::string& line, double limit_ms);
  // Writes one line and "\n"; false if the program no longer reads (it exited).
  bool write_line(const std::string& line);
  void pause();
  void resume();
  // Waits up to `grace_ms` for the program to exit by itself, then kills its
  // process group; reaps it.
  void stop(double grace_ms);
  // How the program ended ("exit status 1", "killed by signal 11"), once it has
  // (then reaped), waiting up to `wait_ms` for it to end; "" while it runs.
  std::string exit_text(double wait_ms);

 private:
  bool exited() const;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;  // our ends: its stdin, its stdout
  bool paused_ = false, reaped_ = false;
  int status_ = 0;
  std::string buffer_;
};

}  // namespace strat
