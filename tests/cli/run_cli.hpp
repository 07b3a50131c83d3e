#pragma once
// Runs the real `strat` binary, as a user or a script would.
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

struct CliResult {
  int status = -1;
  std::string out, err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream b;
  b << f.rdbuf();
  return b.str();
}

inline CliResult run_strat(const std::string& args, const std::string& input = "") {
  static int counter = 0;
  const std::string base = "/tmp/strat_cli_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++);
  { std::ofstream(base + ".in") << input; }
  const std::string cmd = std::string(STRAT_BINARY) + " " + args + " < " + base + ".in > " + base + ".out 2> " + base + ".err";
  int raw = std::system(cmd.c_str());
  CliResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  std::remove((base + ".in").c_str());
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return r;
}
