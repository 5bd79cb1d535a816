/* Quantities with units: SimGrid-style unit strings ("100Mbps", "50us", "10KiB", "2Gf"); a plain number only where
 * the field has no dimension (sim/input/unit_text.hpp says why). Parsed in this one place so that every file accepts
 * the same spellings. */
#pragma once
#include <optional>
#include <string>

namespace cs {

enum class Unit {
  none,      ///< dimensionless number (counts, ratios, probabilities)
  time,      ///< seconds: "50us", "3ms", "2s", "5min", "1h"
  size,      ///< bytes: "10KiB", "4MB", "8kB", "1GiB", "512B"
  bandwidth, ///< bytes per second: "100Mbps" (bits), "12.5MBps" (bytes), "1Gbps"
  speed,     ///< flop/s: "2Gf", "100Mf"
  rate       ///< events per second: "85kHz", "50000/s"
};

const char* unit_name(Unit u);
/** Spellings accepted for a dimension, for error messages. */
const char* unit_examples(Unit u);

/** Parses a unit string for the given dimension. Returns nullopt (with a reason) if it does not parse. */
std::optional<double> parse_unit_string(const std::string& text, Unit unit, std::string* why = nullptr);

} // namespace cs
