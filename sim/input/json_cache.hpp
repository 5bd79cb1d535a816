/* Input documents parsed once per process. A sweep's worker reads the same scenario and platform files for every
 * point and sample it runs; the documents are the same each time, only what is read from them differs (an
 * uncertainty draw is made when a field is read, sim/input/fields.hpp, never when the file is parsed). */
#pragma once
#include "sim/input/json_io.hpp"

#include <string>

namespace cs {

/** load_json_file(path) with the parse of a file whose text is the one parsed before taken from a cache: the file is
 *  read every time (so every refusal of load_json_file stands, and a file changed on disk is parsed again), and the
 *  document returned is a copy the caller may change. At most `json_cache_bytes` of text are held. */
json load_input_json(const std::string& path);

/** The most text, in bytes, the cache holds (the shipped inputs hold under 1 MB together). */
constexpr size_t json_cache_bytes = size_t{8} << 20;

/** How many loads the cache answered since the process began (for tests). */
long json_cache_hits();

} // namespace cs
