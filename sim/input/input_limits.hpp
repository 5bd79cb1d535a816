/* Bounds on input that would otherwise exhaust the stack, overflow an integer or freeze a simulation, and the
 * checks that enforce them while parsing. `describe` shows the bounds; error messages name them. */
#pragma once
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

namespace cs {

using json = nlohmann::json;

// The size of an input file is bounded by max_input_bytes (sim/json_io.hpp), where files are read.

/** How deep arrays and objects may nest in any input. The deepest shipped file nests 6 levels; copying, dumping
 *  and destroying a document recurse once per level, so an unbounded depth would let a file exhaust the stack. */
constexpr int max_json_depth = 64;

/** The largest count an integer field accepts unless it names a smaller bound. No shipped scenario or seed uses a
 *  count above 10^5; 10^7 leaves room for what-ifs while a product of two counts stays exact in a double and far
 *  from a 64-bit overflow, and a loop of that many simulated steps still ends. */
constexpr long max_count = 10000000;

/** The bound of integers that are no counts (seeds): any long but LONG_MAX, which Fields::integer reads as "a
 *  count, bounded by max_count". */
constexpr long max_seed = std::numeric_limits<long>::max() - 1;

/** The largest size (bytes) any size field accepts: 2^50 B = 1 PiB. Byte counts stay exact in a double up to 2^53,
 *  so sums of a few such sizes do too; beyond, a loop that takes a size apart chunk by chunk may stop making
 *  progress (a 1e17-byte page froze the simulated clock). */
constexpr double max_size_bytes = 1125899906842624.0;

/** The longest duration any duration field accepts: 10^9 s (32 years). The simulated clock resolves 1.2e-7 s at
 *  that time (a double's step), finer than the shortest latency of any shipped platform; a longer duration could not
 *  be simulated beside the network's own times (a 1e300 s CPU cost made SimGrid report a deadlock). The run itself
 *  stops at the same horizon (sim/run_outcome.hpp). */
constexpr double max_duration_s = 1e9;

/** Parses JSON text from `where` (a file, or an option such as "--set a.b"): syntax errors, numbers beyond a
 *  double and nesting deeper than max_json_depth are InputErrors naming `where` (and the line). */
json parse_json_text(const std::string& text, const std::string& where);

/** Throws an InputError when `text` nests arrays or objects deeper than max_json_depth. */
void check_json_depth(const std::string& text, const std::string& where);

/** True when `text` is valid UTF-8 (JSON strings must be; invalid bytes could not be written to result.json). */
bool valid_utf8(const std::string& text);

} // namespace cs
