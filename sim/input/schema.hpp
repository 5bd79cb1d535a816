/* JSON Schemas of the input files, built from the field declarations `describe` prints (cs::FieldDoc), so the
 * schemas cannot drift from what the parsers accept. Editors use them for completion and checking as one types. */
#pragma once
#include "sim/input/fields.hpp"

#include <string>
#include <vector>

namespace cs {

/** A schema of the object the docs describe. Pointer segments `*` are list items, `<name>` entries of an object
 *  keyed by name; a field whose default is "(required)" is required; unknown keys are refused, as the parsers do. */
json schema_from_docs(const std::vector<FieldDoc>& docs);

/** The same schema with nothing required anywhere (for overrides, which give only what they change). */
json without_required(json schema);

} // namespace cs
