/* Reading JSON files with located errors, and writing outputs atomically (temp file + rename). */
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace cs {

using json = nlohmann::json;

/** Loads a JSON document; a missing file or a syntax error is an InputError naming the file (and line). */
json load_json_file(const std::string& path);

/** The whole text of a file ("" when it cannot be read: callers that need it check existence first). */
std::string read_text(const std::string& path);

/** Writes `content` to `path` so that readers see either the old file or the whole new one, never a part. */
void write_file_atomic(const std::string& path, const std::string& content);

/** Deterministic JSON text (sorted keys, fixed number format) for byte-identical outputs. */
std::string dump_json(const json& j);

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
