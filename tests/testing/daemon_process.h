// DaemonProcess: a real xwdbd child process on 127.0.0.1 with a port chosen
// at run time (port 0, read back from --port-file), for end-to-end tests.
#ifndef XWDB_TESTS_TESTING_DAEMON_PROCESS_H_
#define XWDB_TESTS_TESTING_DAEMON_PROCESS_H_

#include <sys/types.h>

#include <string>
#include <vector>

namespace xwdb::testing {

class DaemonProcess {
 public:
  // Starts `binary` with `args` plus --listen 127.0.0.1:0 (unless `args`
  // has a --listen of its own, e.g. to restart a replica on its port) and
  // --port-file into `dir`, and waits until it serves (up to 60 s).
  // ok() is false if it exited or never served; log() then says why.
  DaemonProcess(const std::string& binary, const std::string& dir, std::vector<std::string> args);
  ~DaemonProcess();  // SIGKILL if still running
  DaemonProcess(const DaemonProcess&) = delete;
  DaemonProcess& operator=(const DaemonProcess&) = delete;

  bool ok() const { return port_ > 0; }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
  void Signal(int sig) const;
  pid_t pid() const { return pid_; }
  // Waits up to `seconds` for the process to exit; its exit status, or -1.
  int Wait(double seconds);
  // What the daemon wrote to stderr so far.
  std::string log() const;

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string log_path_;
};

// Runs a program to completion; its exit status (-1 if it could not run).
// Output goes to `output_path` if not empty.
int RunProgram(const std::vector<std::string>& argv, const std::string& output_path = "");

}  // namespace xwdb::testing

#endif  // XWDB_TESTS_TESTING_DAEMON_PROCESS_H_
