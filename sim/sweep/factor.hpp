/* One factor of a sweep (sim/sweep/spec.hpp): what the sweep file's grid axes, zipped lists and samples each become. */
#pragma once
#include "sim/input/json_io.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace cs {

/** Rows computed when asked instead of held: a sample of 10^7 rows (sim/sweep/sample.hpp). */
class FactorRows {
public:
  virtual ~FactorRows()                             = default;
  virtual size_t size() const                       = 0;
  virtual json value(size_t row, size_t path) const = 0;
  /** The longest JSON text a value of `path` can have: a listing's column width without drawing every row. */
  virtual size_t widest(size_t path) const = 0;
  /** A value that stands for draws of a path, with the JSON pointer in the sweep file that declares it. */
  struct Bound {
    std::string pointer;
    json value;
  };
  /** The values that stand for every draw of `path`, checked as points before any runs: each of a choice's values,
   *  a range's two ends. */
  virtual std::vector<Bound> bounds(size_t path) const = 0;
};

/** One factor: paths that advance together and their rows of values (a grid axis has one path). */
struct SweepFactor {
  std::string kind; ///< "grid", "zip", "random" or "lhs"
  std::vector<std::string> paths;
  std::vector<std::vector<json>> rows;    ///< grid and zip: rows[i][j], the value of paths[j] in row i
  std::shared_ptr<const FactorRows> lazy; ///< random and lhs: the rows, each drawn when asked

  size_t size() const { return lazy ? lazy->size() : rows.size(); }
  json value(size_t row, size_t path) const { return lazy ? lazy->value(row, path) : rows[row][path]; }
};

} // namespace cs
