/* `clustersim calibrate`: runs the native microbenchmark set on this machine and returns its figures. */
#pragma once
#include "calibration/figures.hpp"

#include <functional>
#include <string>

namespace cs::calib {

struct CalibrateOptions {
  bool quick      = false; ///< fewer and shorter samples (< 30 s); the same figures
  std::string dir = ".";   ///< where the disk benchmarks write their scratch file
  /** Called after each figure (progress on stderr); may be empty. */
  std::function<void(const Figure&)> progress;
};

/** What was measured and how: the figures, and facts about the machine and the method. */
struct Measurement {
  Figures figures;
  json machine; ///< host name, CPU, kernel, cores, page size, file system folder, date
  json method;  ///< repetition plan (warm-up, samples, sample duration), quick or full
};

Measurement run_microbenchmarks(const CalibrateOptions& options);

/** The settings of the microbenchmark set, shared by the native run and the tests (sizes swept, page sizes...). */
namespace settings {
extern const std::vector<double> fork_resident_sizes;
extern const std::vector<double> checkpoint_state_sizes;
extern const std::vector<double> memcpy_sizes;
extern const std::vector<double> udp_echo_sizes;
/** Request/reply pairs of unequal sizes: a page fetched by a small request, a write and its small reply. */
extern const std::vector<std::pair<double, double>> udp_asymmetric;
extern const double log_page_size;  ///< seed 004's buffer page
extern const double dsm_page_size;  ///< the DSM page whose diff is timed (seed 003)
extern const double aio_work_flops; ///< application work between two log pages
extern const double flops_per_op;
} // namespace settings

} // namespace cs::calib
