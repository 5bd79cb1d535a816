/* A measured sequential time that sets a program's compute scale, for any model that can run its program
 * sequentially (docs/calibration.md, "A workload's compute from its sequential time").
 *
 * A model whose parameters carry such a time says, from its parameters alone, how its program runs sequentially
 * (one processor or rank, the parallel machinery off: the overrides that make the run so) and which metric is that
 * run's time. Before the run, the framework runs that sequential variant with the scenario's `compute_scale` at 1
 * and sets the scale to the given time over the time it got (sim/run/compute_fit.hpp); the model multiplies its
 * program's CPU work by the scale. */
#pragma once
#include "sim/input/fields.hpp"
#include "sim/run/scenario.hpp"

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cs {

struct SequentialRun {
  double seq_time = 0;           ///< seconds the program ran sequentially, as measured (0: none given, no fit)
  std::string seq_time_pointer;  ///< where the scenario gives it ("/params/jacobi/seq_time"), for messages
  std::string source;            ///< the measurement's source, as the scenario states it
  std::vector<std::string> sets; ///< overrides ("params.nodes=1") that make the run the sequential program
  std::string metric;            ///< the metric of result.json that is the sequential run's time ("exec_time_s")
  bool proportional = true;      ///< the sequential run is the program's CPU work alone: its time is the scale's
                                 ///< multiple (one run fits); false: the time is affine in it (two runs fit)
};

template <class P, class = void> struct has_sequential : std::false_type {
};
template <class P>
struct has_sequential<P, std::void_t<decltype(std::declval<const P&>().sequential())>> : std::true_type {
};

/** The sequential run of a model whose `Params` say it (`SequentialRun sequential() const`); none otherwise. */
template <class Params> SequentialRun sequential_of(const Scenario& scenario)
{
  if constexpr (has_sequential<Params>::value) {
    Fields f(scenario.params, scenario.file, scenario.params_pointer);
    return Params::from(f).sequential();
  } else {
    (void)scenario;
    return {};
  }
}

} // namespace cs
