/* Keys given twice in one JSON object: the parser keeps the last silently, so a file whose author typed one entry
 * twice (an answer, a cell) would be read as if the first were not there. */
#pragma once
#include <string>

namespace cs {

/** Throws InputError(file, pointer) at the first key that appears twice in one object of `text` (valid JSON). */
void check_duplicate_keys(const std::string& text, const std::string& file);

} // namespace cs
