/* The sweep's progress line on stderr: rewritten in place on a terminal (at most 10 times a second), plain lines
 * every few seconds otherwise (log files, Slurm output), and always a final line. */
#pragma once
#include <chrono>
#include <cstddef>
#include <string>

namespace cs {

class SweepProgress {
public:
  /** `total` points in this run's slice, `already` of them done before it started; `label` begins each line. */
  SweepProgress(size_t total, size_t already, bool quiet, std::string label = "[sweep]");
  void update(size_t ran, size_t failed, bool final = false);

private:
  size_t total_, already_;
  bool quiet_, tty_;
  std::string label_;
  double last_                                 = -1e9;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace cs
