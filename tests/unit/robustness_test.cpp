/* Input that once crashed clustersim (stack overflow, undefined behaviour, SimGrid aborts): each is now refused
 * with an error naming where it came from. */
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/input_limits.hpp"
#include "sim/input/json_io.hpp"
#include "sim/platform/simgrid_options.hpp"
#include "sim/run/scenario.hpp"
#include "sim/sweep/expr.hpp"
#include "sim/sweep/lock.hpp"
#include "sim/validate/validate.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using cs::json;
namespace fs = std::filesystem;

static std::string nested(int depth)
{
  return std::string(depth, '[') + std::string(depth, ']');
}

TEST_CASE("JSON nesting is bounded before anything recurses over it", "[unit]")
{
  REQUIRE_NOTHROW(cs::parse_json_text(nested(cs::max_json_depth), "f.json"));
  REQUIRE_THROWS_WITH(cs::parse_json_text(nested(100000), "f.json"), Catch::Contains("f.json: nested deeper than"));
  // Brackets inside strings are text, not nesting.
  REQUIRE_NOTHROW(cs::parse_json_text("[\"" + std::string(1000, '[') + "\\\"\"]", "f.json"));
}

TEST_CASE("numbers beyond a double and invalid UTF-8 are input errors", "[unit]")
{
  REQUIRE_THROWS_AS(cs::parse_json_text("{\"seed\": 1e999}", "s.json"), cs::InputError);
  REQUIRE_THROWS_AS(cs::parse_json_text("\"F\xff\"", "s.json"), cs::InputError);
  REQUIRE(cs::valid_utf8("plain ascii and \xc3\xa9"));
  REQUIRE_FALSE(cs::valid_utf8("F\xff"));
  REQUIRE_FALSE(cs::valid_utf8("\xc3"));         // cut short
  REQUIRE_FALSE(cs::valid_utf8("\xc0\xaf"));     // overlong
  REQUIRE_FALSE(cs::valid_utf8("\xed\xa0\x80")); // a UTF-16 surrogate
}

TEST_CASE("values given with --set are checked before any simulation", "[unit]")
{
  json doc = json::object();
  REQUIRE_THROWS_AS(cs::apply_overrides(doc, {"params.x=1e999"}, "s.json"), cs::UsageError);
  REQUIRE_THROWS_AS(cs::apply_overrides(doc, {"params.method=F\xff"}, "s.json"), cs::UsageError);
  REQUIRE_THROWS_AS(cs::apply_overrides(doc, {"params.x=" + nested(100000)}, "s.json"), cs::InputError);
  std::string deep_key;
  for (int i = 0; i < 100; ++i)
    deep_key += "a.";
  REQUIRE_THROWS_AS(cs::apply_overrides(doc, {deep_key + "b=1"}, "s.json"), cs::UsageError);
  cs::apply_overrides(doc, {"params.method=FR"}, "s.json");
  REQUIRE(doc["params"]["method"] == "FR");
}

TEST_CASE("integers are compared in their own type: no overflow past the bound", "[unit]")
{
  auto read = [](const json& v) {
    cs::Fields f(json{{"n", v}}, "s.json", "/params");
    return f.integer("n", 1, "a count", 1);
  };
  REQUIRE(read(10) == 10);
  REQUIRE(read(cs::max_count) == cs::max_count);
  REQUIRE_THROWS_WITH(read(9223372036854775807LL), Catch::Contains("/params/n: expected an integer in [1, 10000000]"));
  REQUIRE_THROWS_AS(read(18446744073709551615ULL), cs::InputError);
  REQUIRE_THROWS_AS(read(9.3e18), cs::InputError);
  REQUIRE_THROWS_AS(read(-1), cs::InputError);
  cs::Fields wide(json{{"seed", 9223372036854775807LL}}, "s.json", "");
  REQUIRE_THROWS_AS(wide.integer("seed", 1, "seed", 0, cs::max_seed + 1), cs::InputError); // LONG_MAX: a count
  cs::Fields seed(json{{"seed", 9223372036854775806LL}}, "s.json", "");
  REQUIRE(seed.integer("seed", 1, "seed", 0, cs::max_seed) == cs::max_seed);
}

TEST_CASE("sizes are bounded, and unit strings are decimal", "[unit]")
{
  cs::Fields f(json{{"page", "1e17B"}, {"ok", "4MB"}}, "s.json", "/params");
  REQUIRE(f.quantity("ok", cs::Unit::size, 0, "page") == 4e6);
  REQUIRE_THROWS_WITH(f.quantity("page", cs::Unit::size, 0, "page"),
                      Catch::Contains("in [0, 1.125899907e+15]") || Catch::Contains("<= 1.125899907e+15"));
  for (const char* text : {"0x10ms", "inf", "nan", " 5ms", "infinity s"})
    REQUIRE_FALSE(cs::parse_unit_string(text, cs::Unit::time, nullptr));
  REQUIRE(*cs::parse_unit_string("1.5e-3s", cs::Unit::time, nullptr) == Approx(1.5e-3));
}

TEST_CASE("sweep expressions nested too deep are refused, not recursed into", "[unit]")
{
  std::string parens = std::string(20000, '(') + "1" + std::string(20000, ')');
  REQUIRE_THROWS_AS(cs::Expr::parse(parens), cs::ExprError);
  REQUIRE_THROWS_AS(cs::Expr::parse(std::string(20000, '-') + "1"), cs::ExprError);
  std::string chain = "1";
  for (int i = 0; i < 5000; ++i)
    chain += "+1";
  REQUIRE_THROWS_AS(cs::Expr::parse(chain), cs::ExprError);
  REQUIRE(*cs::Expr::parse("((1+2)*-(3))^2").eval([](const std::string&) { return std::nullopt; }) == 81);
}

TEST_CASE("a tolerance's value is checked, not assumed to be a number", "[unit]")
{
  REQUIRE_THROWS_AS(cs::within_tolerance({{"rel", "x"}}, 1.0, 1.0, "v.json", "/t"), cs::InputError);
  REQUIRE_THROWS_AS(cs::within_tolerance({{"range", {1}}}, 1.0, 1.0, "v.json", "/t"), cs::InputError);
  REQUIRE(cs::within_tolerance({{"range", {0, 2}}}, nullptr, 1.0, "v.json", "/t"));
}

TEST_CASE("SimGrid options are checked against what this SimGrid has", "[unit]")
{
  REQUIRE(cs::simgrid_option_problem("network/model", "CM02").empty());
  REQUIRE(cs::simgrid_option_problem("contexts/factory", "thread").empty());
  REQUIRE(cs::simgrid_option_problem("network/crosstraffic", "0").empty());
  REQUIRE_FALSE(cs::simgrid_option_problem("network/model", "Bogus").empty());
  REQUIRE_FALSE(cs::simgrid_option_problem("contexts/factory", "bogus").empty());
  REQUIRE_FALSE(cs::simgrid_option_problem("network/crosstraffic", "not a boolean").empty());
  REQUIRE_FALSE(cs::simgrid_option_problem("contexts/stack-size", "abc").empty());
  REQUIRE_THROWS_WITH(cs::check_simgrid_args(std::vector<std::string>{"--cfg=network/modle:CM02"}),
                      Catch::Contains("did you mean \"network/model\""));
  REQUIRE(cs::simgrid_log_problem("cs_run.thres:verbose root.fmt:%m%n").empty());
  REQUIRE_FALSE(cs::simgrid_log_problem("bogus").empty());
  REQUIRE_FALSE(cs::simgrid_log_problem("root.thres:loud").empty());
}

TEST_CASE("a sweep folder admits one sweep per slice of the points", "[unit]")
{
  std::string dir = fs::temp_directory_path() / ("cs-lock-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  {
    cs::SweepLock half1(dir, 0, 2);
    {
      cs::SweepLock half2(dir, 1, 2); // the other half: no point in common
      REQUIRE_THROWS_WITH(cs::SweepLock(dir, 0, 1), Catch::Contains("pid " + std::to_string(::getpid())));
      REQUIRE_THROWS_AS(cs::SweepLock(dir, 1, 4), cs::UsageError); // points 1, 5, ... are half 2's
    }
    REQUIRE_THROWS_AS(cs::SweepLock(dir, 2, 4), cs::UsageError); // points 2, 6, ... are half 1's
    cs::SweepLock quarter(dir, 1, 4);                            // half 2 has ended
    (void)quarter;
  }
  REQUIRE_NOTHROW(cs::SweepLock(dir, 0, 1)); // released with their holders
  fs::remove_all(dir);
}

TEST_CASE("a failed write leaves no temporary file", "[unit]")
{
  std::string dir = fs::temp_directory_path() / ("cs-write-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir + "/target/inside"); // a non-empty folder where the file should go: rename fails
  REQUIRE_THROWS(cs::write_file_atomic(dir + "/target", "content"));
  for (auto const& e : fs::directory_iterator(dir))
    REQUIRE(e.path().filename() == "target");
  fs::remove_all(dir);
}

TEST_CASE("durations are bounded by the simulated-time horizon", "[unit]")
{
  cs::Fields f(json{{"cost", "1e300s"}, {"long", "1e9s"}, {"over", "1.5e9s"}}, "s.json", "/params");
  REQUIRE(f.quantity("long", cs::Unit::time, 0, "doc") == 1e9);
  REQUIRE_THROWS_WITH(f.quantity("cost", cs::Unit::time, 0, "doc"),
                      "s.json: /params/cost: expected a duration <= 1000000000, got \"1e300s\"");
  REQUIRE_THROWS_WITH(f.quantity("over", cs::Unit::time, 0, "doc", cs::Range::non_negative()),
                      Catch::Contains("expected a duration in [0, 1000000000]"));
}

TEST_CASE("a unit string with a NUL character is refused, not cut at it", "[unit]")
{
  std::string why;
  REQUIRE_FALSE(cs::parse_unit_string(std::string("1Gbps\0garbage", 13), cs::Unit::bandwidth, &why));
  REQUIRE_THAT(why, Catch::Contains("NUL"));
  REQUIRE(*cs::parse_unit_string("1Gbps", cs::Unit::bandwidth, nullptr) == 125e6);
}
