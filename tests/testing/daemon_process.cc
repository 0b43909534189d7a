#include "tests/testing/daemon_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

namespace xwdb::testing {

namespace {

// posix_spawn, not fork and exec: the test process has gRPC's threads
// running, and a forked child of a threaded process may call only
// async-signal-safe functions before exec (building the argument vector
// allocates).
pid_t Spawn(const std::vector<std::string>& argv, const std::string& output_path) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!output_path.empty()) {
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  }
  // The test runner may block signals; the child starts clean.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  pid_t pid = -1;
  const int error = posix_spawn(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return error == 0 ? pid : -1;
}

}  // namespace

DaemonProcess::DaemonProcess(const std::string& binary, const std::string& dir, std::vector<std::string> args) {
  static int serial = 0;
  const std::string tag = std::to_string(getpid()) + "-" + std::to_string(++serial);
  const std::string port_file = dir + "/port-" + tag;
  log_path_ = dir + "/xwdbd-" + tag + ".log";
  args.insert(args.begin(), binary);
  if (std::find(args.begin(), args.end(), "--listen") == args.end()) {
    for (const char* a : {"--listen", "127.0.0.1:0"}) args.push_back(a);
  }
  args.push_back("--port-file");
  args.push_back(port_file);
  pid_ = Spawn(args, log_path_);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < until) {
    std::ifstream in(port_file);
    if (in >> port_) return;
    port_ = 0;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

DaemonProcess::~DaemonProcess() {
  if (pid_ <= 0) return;
  // A daemon that died during the test (a crash, a sanitizer report) says
  // why in its log: show it with the test's output.
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) == pid_) {
    std::fprintf(stderr, "xwdbd exited during the test (status %d); its log:\n%s\n", status, log().c_str());
    return;
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
}

void DaemonProcess::Signal(int sig) const {
  if (pid_ > 0) kill(pid_, sig);
}

int DaemonProcess::Wait(double seconds) {
  if (pid_ <= 0) return -1;
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(int64_t(seconds * 1e6));
  while (std::chrono::steady_clock::now() < until) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return -1;
}

std::string DaemonProcess::log() const {
  std::ifstream in(log_path_);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int RunProgram(const std::vector<std::string>& argv, const std::string& output_path) {
  const pid_t pid = Spawn(argv, output_path);
  if (pid < 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace xwdb::testing
