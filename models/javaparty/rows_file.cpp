#include "models/javaparty/rows_file.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/input/json_io.hpp"

#include <cmath>

namespace cs::javaparty {

std::vector<double> load_row_tests(const std::string& path)
{
  json j = load_json_file(path);
  if (not j.is_object())
    throw InputError(path, "", "expected a rows object with a list \"tests\", got " + quote_value(j));
  auto tests = j.find("tests");
  if (tests == j.end() || not tests->is_array() || tests->empty())
    throw InputError(path, "/tests", "expected a non-empty list of sphere tests per image row");
  std::vector<double> rows;
  for (size_t i = 0; i < tests->size(); ++i) {
    const json& t = (*tests)[i];
    // A count of tests per row: a finite number of intersection tests, no more than a size (2^50) either.
    if (not t.is_number() || not std::isfinite(t.get<double>()) || t.get<double>() < 0 ||
        t.get<double>() > max_size_bytes)
      throw InputError(path, "/tests/" + std::to_string(i),
                       "expected a number of sphere tests in [0, 2^50], got " + quote_value(t));
    rows.push_back(t.get<double>());
  }
  return rows;
}

} // namespace cs::javaparty
