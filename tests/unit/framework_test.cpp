/* Unit tests of the framework pieces that need no engine: units, fields, overrides, RNG, CSV, validation ops. */
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/unit_text.hpp"
#include "sim/input/units.hpp"
#include "sim/run/recorder.hpp"
#include "sim/run/rng.hpp"
#include "sim/run/scenario.hpp"

#include <catch2/catch.hpp>

using cs::json;

TEST_CASE("unit strings parse in every dimension", "[unit]")
{
  REQUIRE(*cs::parse_unit_string("50us", cs::Unit::time) == Approx(50e-6));
  REQUIRE(*cs::parse_unit_string("3ms", cs::Unit::time) == Approx(3e-3));
  REQUIRE(*cs::parse_unit_string("2min", cs::Unit::time) == Approx(120));
  REQUIRE(*cs::parse_unit_string("10KiB", cs::Unit::size) == Approx(10240));
  REQUIRE(*cs::parse_unit_string("4MB", cs::Unit::size) == Approx(4e6));
  REQUIRE(*cs::parse_unit_string("100Mbps", cs::Unit::bandwidth) == Approx(12.5e6));
  REQUIRE(*cs::parse_unit_string("9MBps", cs::Unit::bandwidth) == Approx(9e6));
  REQUIRE(*cs::parse_unit_string("2Gf", cs::Unit::speed) == Approx(2e9));
  REQUIRE(*cs::parse_unit_string("0.25", cs::Unit::none) == Approx(0.25));
  std::string why;
  REQUIRE_FALSE(cs::parse_unit_string("30 parsecs", cs::Unit::time, &why));
  REQUIRE(why.find("parsecs") != std::string::npos);
  REQUIRE_FALSE(cs::parse_unit_string("fast", cs::Unit::bandwidth));
  REQUIRE_FALSE(cs::parse_unit_string("10Mbps", cs::Unit::time));
}

TEST_CASE("a number without a unit is refused where the field has a dimension", "[unit]")
{
  json j = {{"timeout", 10}, {"page", "4096"}, {"rate", 50000}, {"sourced", {{"value", 0.5}, {"source", "s"}}},
            {"count", 3},    {"share", "25%"}, {"bw", "1e9Bps"}};
  cs::Fields f(j, "scen.json", "/params");
  REQUIRE_THROWS_WITH(f.quantity("timeout", cs::Unit::time, 1, "doc"),
                      "scen.json: /params/timeout: 10 has no unit; give a duration such as 10s, 10ms");
  REQUIRE_THROWS_WITH(f.quantity("page", cs::Unit::size, 1, "doc"),
                      "scen.json: /params/page: 4096 has no unit; give a size such as 4096B, 4096KiB");
  REQUIRE_THROWS_WITH(f.quantity("rate", cs::Unit::rate, 1, "doc"),
                      Catch::Contains("50000 has no unit; give a rate such as 50000Hz, 50000kHz"));
  REQUIRE_THROWS_WITH(f.quantity("sourced", cs::Unit::time, 1, "doc"), Catch::Contains("/params/sourced/value: 0.5"));
  // Dimensionless fields keep their plain numbers; the base unit written out reads back to the same double.
  REQUIRE(f.number("count", 0, "doc") == 3);
  REQUIRE(f.number("share", 0, "doc") == Approx(0.25));
  REQUIRE(f.quantity("bw", cs::Unit::bandwidth, 0, "doc") == 1e9);
  REQUIRE(*cs::parse_unit_string("3.50914997397922e-05s", cs::Unit::time) == 3.50914997397922e-05);
  // The schema a scenario is checked against says the same.
  json schema = cs::quantity_schema(cs::Unit::time, cs::Range{});
  REQUIRE(schema.dump().find("\"number\"") == std::string::npos);
  REQUIRE(cs::quantity_schema(cs::Unit::none, cs::Range{}).dump().find("\"number\"") != std::string::npos);
}

TEST_CASE("a quantity of any dimension is told by its unit", "[unit]")
{
  REQUIRE(cs::parse_any_quantity("30ms")->first == Approx(0.03));
  REQUIRE(cs::parse_any_quantity("30ms")->second == cs::Unit::time);
  REQUIRE(cs::parse_any_quantity("64B")->second == cs::Unit::size);
  REQUIRE(cs::parse_any_quantity("1Gbps")->second == cs::Unit::bandwidth);
  REQUIRE(cs::parse_any_quantity("2Gf")->second == cs::Unit::speed);
  REQUIRE(cs::parse_any_quantity("85kHz")->second == cs::Unit::rate);
  REQUIRE_FALSE(cs::parse_any_quantity("30"));
  REQUIRE_FALSE(cs::parse_any_quantity("FR"));
}

TEST_CASE("fields check types and ranges and reject unknown keys with suggestions", "[unit]")
{
  json j = {{"interval", "-5s"}, {"size", {{"value", "8KiB"}, {"source", "seed §2"}}}, {"mehtod", "FR"}};
  cs::Fields f(j, "scen.json", "/model/params");
  REQUIRE(f.quantity("size", cs::Unit::size, 0, "doc") == Approx(8192));
  REQUIRE(f.source_of("size") == "seed §2");
  try {
    f.quantity("interval", cs::Unit::time, 1, "doc", cs::Range::positive());
    FAIL("negative interval accepted");
  } catch (const cs::InputError& e) {
    REQUIRE(std::string(e.what()) ==
            "scen.json: /model/params/interval: expected a duration in (0, 1000000000], got \"-5s\"");
  }
  f.choice("method", "NR", {"NR", "FR"}, "doc");
  try {
    f.finish();
    FAIL("unknown key accepted");
  } catch (const cs::InputError& e) {
    REQUIRE(e.pointer() == "/model/params/mehtod");
    REQUIRE(std::string(e.what()).find("did you mean \"method\"") != std::string::npos);
  }
}

TEST_CASE("documentation mode records every field with its default", "[unit]")
{
  std::vector<cs::FieldDoc> docs;
  cs::Fields f(json::object(), "<defaults>", "", &docs);
  f.quantity("latency", cs::Unit::time, 50e-6, "link latency", cs::Range::non_negative());
  f.integer("count", 3, "how many");
  REQUIRE(docs.size() == 2);
  REQUIRE(docs[0].pointer == "/latency");
  REQUIRE(docs[0].default_value == "5e-05");
  REQUIRE(docs[1].type.find("integer") == 0);
}

TEST_CASE("overrides (--set) create and replace nested fields", "[unit]")
{
  json doc = {{"params", {{"method", "NR"}}}, {"platform", {{"file", "p.json"}}}};
  cs::apply_overrides(doc, {"params.method=FR", "platform.slowdown=4", "params.extra.deep=[1,2]"}, "s.json");
  REQUIRE(doc["params"]["method"] == "FR");
  REQUIRE(doc["platform"]["slowdown"] == 4);
  REQUIRE(doc["params"]["extra"]["deep"] == json({1, 2}));
  REQUIRE_THROWS_AS(cs::apply_overrides(doc, {"params.method.x=1"}, "s.json"), cs::InputError);
  REQUIRE_THROWS_AS(cs::apply_overrides(doc, {"novalue"}, "s.json"), cs::UsageError);
}

TEST_CASE("random streams are reproducible and independent of each other", "[unit]")
{
  cs::RngStreams a(42), b(42), c(43);
  auto s1 = a.stream("workload"), s2 = b.stream("workload"), s3 = c.stream("workload"), s4 = a.stream("other");
  uint64_t x1 = s1.next(), x2 = s2.next(), x3 = s3.next(), x4 = s4.next();
  REQUIRE(x1 == x2);
  REQUIRE(x1 != x3);
  REQUIRE(x1 != x4);
  cs::Rng r(7);
  double sum = 0;
  for (int i = 0; i < 20000; ++i)
    sum += r.exponential(2.0);
  REQUIRE(sum / 20000 == Approx(2.0).epsilon(0.05));
  REQUIRE(cs::derive_seed(1, 0) != cs::derive_seed(1, 1));
}

TEST_CASE("CSV fields are quoted only when needed", "[unit]")
{
  REQUIRE(cs::csv_field(json(3)) == "3");
  REQUIRE(cs::csv_field(json(0.5)) == "0.5");
  REQUIRE(cs::csv_field(json("a,b")) == "\"a,b\"");
  REQUIRE(cs::csv_field(json(nullptr)) == "");
  cs::Table t({"a", "b"});
  t.add({1, "x"});
  REQUIRE(t.to_csv() == "a,b\n1,x\n");
  REQUIRE_THROWS(t.add({1}));
}

TEST_CASE("a streamed table writes the same CSV as a held one, without holding its rows", "[unit]")
{
  cs::Table held({"i", "what", "t"}), streamed({"i", "what", "t"});
  held.add({0, "before", 0.5});
  streamed.add({0, "before", 0.5});
  streamed.stream_rows();           // the rows added before go to the file too
  for (int i = 1; i < 20000; ++i) { // more than one 64 KiB piece of text
    held.add({i, i % 3 ? "a b" : "c", i * 0.25});
    streamed.add({i, i % 3 ? "a b" : "c", i * 0.25});
  }
  REQUIRE(streamed.streamed());
  REQUIRE(streamed.rows().empty());
  REQUIRE(streamed.to_csv() == held.to_csv());
  streamed.add({20000, "after", 1.0}); // a table read back can still grow
  held.add({20000, "after", 1.0});
  REQUIRE(streamed.to_csv() == held.to_csv());
  REQUIRE_THROWS(streamed.add({1}));
}

TEST_CASE("nearest key suggestion", "[unit]")
{
  REQUIRE(cs::nearest("parms", {"params", "platform", "seed"}) == "params");
  REQUIRE(cs::nearest("zzzzzzzz", {"params", "seed"}).empty());
}
