/* The scene's work per image row (scenarios/javaparty/raytracer_rows.json, computed by bench/raytracer_rows.cpp). */
#pragma once
#include <string>
#include <vector>

namespace cs::javaparty {

/** The list "tests" of the rows file `path`: one finite count >= 0 of sphere intersection tests per row, at least
 *  one row. Anything else is bad input naming `path` and the JSON pointer of the faulty entry. */
std::vector<double> load_row_tests(const std::string& path);

} // namespace cs::javaparty
