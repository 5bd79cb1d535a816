/* Reading JSON files with located errors, and writing outputs atomically (temp file + rename). */
#pragma once
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

namespace cs {

using json = nlohmann::json;

/** The largest input file (scenario, platform, sweep, host profile, validation or lab file) read, in bytes: 16 MiB.
 *  The largest shipped input is below 100 KB; a parsed JSON document takes up to about 30 times its text, so the
 *  cap keeps a load under 0.5 GB (an 80 MB file took 2.36 GB). The other bounds on input: sim/input_limits.hpp. */
constexpr size_t max_input_bytes = size_t{16} << 20;

/** Loads a JSON document; a missing file, one that is no regular file, one over `max_bytes` or a syntax error is an
 *  InputError naming the file (and line). */
json load_json_file(const std::string& path, size_t max_bytes = max_input_bytes);

/** The whole text of the regular file at `path`, at most `max_bytes` long. A FIFO, a device (/dev/zero) or a folder
 *  is refused before it is read (reading one would block or never end), as is a larger file: InputErrors naming the
 *  file. */
std::string read_input_file(const std::string& path, size_t max_bytes = max_input_bytes);

/** The whole text of a regular file ("" when it cannot be read, or is a FIFO, a device or a folder: callers that
 *  need it check existence first). */
std::string read_text(const std::string& path);

/** As read_text, for a file clustersim wrote into an output folder: a symbolic link planted there is not followed. */
std::string read_own_output(const std::string& path);

/** Writes `content` to `path` so that readers see either the old file or the whole new one, never a part. */
void write_file_atomic(const std::string& path, const std::string& content);

/** Deterministic JSON text (sorted keys, fixed number format) for byte-identical outputs. */
std::string dump_json(const json& j);

/** The text of a JSON library exception without its "[json.exception.type_error.302] " tag: what a message shows. */
std::string json_error_text(const std::exception& e);

/** Renders a JSON value the way error messages quote it (strings in quotes, short). */
std::string quote_value(const json& j);

/** JSON pointer of `key` under `parent` ("/a/b" + "c" -> "/a/b/c"), escaping per RFC 6901. */
std::string pointer_join(const std::string& parent, const std::string& key);
std::string pointer_join(const std::string& parent, size_t index);

/** Directory part of a path ("a/b/c.json" -> "a/b"; "c.json" -> "."). */
std::string dir_of(const std::string& path);

/** Resolves a relative path a file names: beside that file, else relative to the current folder, else in the data
 *  directory of the installation (sim/input/data_dir.hpp); absolute paths stay. */
std::string resolve_path(const std::string& base_file, const std::string& rel);

} // namespace cs
