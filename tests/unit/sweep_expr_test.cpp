/* The derived-column expression language: precedence, functions, missing values and located syntax errors. */
#include "sim/sweep/expr.hpp"

#include <catch2/catch.hpp>
#include <map>

using cs::Expr;

static std::optional<double> eval(const std::string& text, const std::map<std::string, double>& vars = {})
{
  return Expr::parse(text).eval([&](const std::string& n) -> std::optional<double> {
    auto it = vars.find(n);
    return it == vars.end() ? std::nullopt : std::optional<double>(it->second);
  });
}

TEST_CASE("sweep expressions follow arithmetic precedence", "[unit]")
{
  REQUIRE(*eval("1 + 2 * 3") == 7);
  REQUIRE(*eval("(1 + 2) * 3") == 9);
  REQUIRE(*eval("-2 ^ 2") == -4);     // unary minus binds looser than ^, as in mathematics
  REQUIRE(*eval("2 ^ 3 ^ 2") == 512); // right-associative
  REQUIRE(*eval("2 ^ -1") == 0.5);
  REQUIRE(*eval("7 % 4 - 10 / 4") == Approx(0.5));
  REQUIRE(*eval("1e-3 * 1000") == Approx(1));
  REQUIRE(*eval(".5 + 0.25") == 0.75);
}

TEST_CASE("sweep expressions read columns and call the listed functions", "[unit]")
{
  std::map<std::string, double> v{{"t1", 8}, {"tN", 2}, {"platform.slowdown", 4}, {"baseline.total_time_s", 10}};
  REQUIRE(*eval("t1 / tN", v) == 4);
  REQUIRE(*eval("baseline.total_time_s / platform.slowdown", v) == 2.5);
  REQUIRE(*eval("max(t1, tN) + min(t1, tN) + abs(-1) + sqrt(16) + log2(8) + pow(2, 3)", v) == 8 + 2 + 1 + 4 + 3 + 8);
  REQUIRE(*eval("floor(2.7) + ceil(2.2) + round(2.5) + log10(100) + exp(0) + log(1)") == 2 + 3 + 3 + 2 + 1 + 0);
  REQUIRE(Expr::parse("a + b * a").names() == std::vector<std::string>{"a", "b"});
}

TEST_CASE("sweep expressions are empty when an input is missing or the result is not finite", "[unit]")
{
  REQUIRE_FALSE(eval("missing + 1").has_value());
  REQUIRE_FALSE(eval("1 / 0").has_value());
  REQUIRE_FALSE(eval("log(-1)").has_value());
  REQUIRE_FALSE(eval("min(1, nothing)").has_value());
}

TEST_CASE("sweep expression syntax errors name the place", "[unit]")
{
  auto offset_of = [](const std::string& text) {
    try {
      Expr::parse(text);
    } catch (const cs::ExprError& e) {
      return static_cast<long>(e.offset());
    }
    return -1L;
  };
  REQUIRE(offset_of("1 +") == 3);
  REQUIRE(offset_of("(1 + 2") == 6);
  REQUIRE(offset_of("1 2") == 2);
  REQUIRE(offset_of("a $ b") == 2);
  REQUIRE(offset_of("system(1)") == 0); // only the listed functions exist
  REQUIRE(offset_of("max(1)") == 0);    // and with their arity
  REQUIRE(offset_of("3ms") == 1);       // no units: SI values only
  REQUIRE(offset_of("a.") == 1);
  REQUIRE(offset_of("") == 0);
}
