#include "sim/sweep/progress.hpp"

#include <cstdio>
#include <unistd.h>
#include <utility>

namespace cs {

SweepProgress::SweepProgress(size_t total, size_t already, bool quiet, std::string label)
    : total_(total), already_(already), quiet_(quiet), tty_(isatty(2) != 0), label_(std::move(label))
{
}

void SweepProgress::update(size_t ran, size_t failed, bool final)
{
  if (quiet_)
    return;
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  double period  = tty_ ? 0.1 : 5.0;
  if (not final && elapsed - last_ < period)
    return;
  last_ = elapsed;
  // The rate counts this run's points only: points found done at start cost nothing and would flatter the ETA.
  size_t done = already_ + ran;
  double rate = elapsed > 0 ? static_cast<double>(ran) / elapsed : 0;
  double eta  = rate > 0 ? static_cast<double>(total_ - done) / rate : 0;
  std::fprintf(stderr, "%s%s %zu/%zu done, %zu failed, %.1f points/s, ETA %.0f s%s", tty_ ? "\r" : "", label_.c_str(),
               done, total_, failed, rate, eta, (tty_ && not final) ? "   " : "\n");
  std::fflush(stderr);
}

} // namespace cs
