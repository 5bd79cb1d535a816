/* Derived sweep columns: a small arithmetic language over a row's columns (`speedup = baseline.total_time_s /
 * total_time_s`). It is parsed once into a tree and evaluated per row; it can only read named numbers and call a
 * fixed list of pure functions, so a sweep file cannot make clustersim do anything else. */
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cs {

/** A syntax error at a character offset of the expression text. */
class ExprError : public std::runtime_error {
public:
  ExprError(size_t offset, const std::string& what)
      : std::runtime_error("at character " + std::to_string(offset + 1) + ": " + what), offset_(offset)
  {
  }
  size_t offset() const { return offset_; }

private:
  size_t offset_;
};

/** Grammar: numbers (1, 2.5, 1e-3), names (letters, digits, `_` and `.`: `total_time_s`, `platform.slowdown`,
 *  `baseline.total_time_s`), `+ - * / ^ %`, unary minus, parentheses, and the functions
 *  abs sqrt exp log log10 log2 floor ceil round (one argument), min max pow (two arguments). */
class Expr {
public:
  /** Looks a name up: nullopt when the row has no number under that name (missing, failed or not numeric). */
  using Lookup = std::function<std::optional<double>(const std::string& name)>;

  static Expr parse(const std::string& text);

  /** nullopt when a name has no value or the result is not finite (0/0, log of a negative...). */
  std::optional<double> eval(const Lookup& lookup) const;
  /** The names the expression reads, in order of first appearance. */
  const std::vector<std::string>& names() const { return names_; }
  const std::string& text() const { return text_; }

  struct Node;

private:
  std::shared_ptr<const Node> root_;
  std::vector<std::string> names_;
  std::string text_;
};

} // namespace cs
