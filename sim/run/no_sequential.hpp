/* For a model that has no sequential run a measured time could fit its compute on (sim/run/sequential.hpp): a
 * seq_time among its parameters is refused with the reason, at its pointer, instead of as an unknown key. */
#pragma once
#include "sim/input/fields.hpp"

#include <string>

namespace cs {

/** Bad input at `f`'s seq_time, if given: the model (`model`) has no sequential run, because `why`. */
inline void refuse_seq_time(const Fields& f, const std::string& model, const std::string& why)
{
  if (f.has("seq_time"))
    f.fail("seq_time", model + " has no sequential run to fit a compute scale on (docs/calibration.md): " + why);
}

} // namespace cs
