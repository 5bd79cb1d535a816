/* A student's answers graded against a lab's references: the tolerance and the error taken relative to the
 * reference, and the hints for the usual slips. */
#include "sim/validate/lab_grade.hpp"

#include <catch2/catch.hpp>

using cs::json;

TEST_CASE("a lab's tolerance and error are relative to the reference, not to the answer", "[unit]")
{
  json rel3{{"rel", 0.03}};
  // 7.9 against a reference of 7.24 is 9.1% off (relative to the answer it would be 8.4%).
  CHECK_FALSE(cs::lab_within(rel3, 7.9, 7.24));
  CHECK(cs::lab_within(rel3, 7.4, 7.24));
  // 100 against 97.1: 2.99% of the reference, within 3%; against 97.0, 3.09%: outside.
  CHECK(cs::lab_within(rel3, 100, 97.1));
  CHECK_FALSE(cs::lab_within(rel3, 100, 97.0));
  CHECK(cs::lab_within(json{{"abs", 0.5}}, 0, 0.4));
  json report = json::array({{{"id", "a"}, {"metric", "m"}, {"simulated", 7.24}, {"tolerance", rel3}},
                             {{"id", "b"}, {"metric", "m"}, {"simulated", 2.0}, {"tolerance", rel3}}});
  auto grades = cs::grade_lab(report, {{"a", json(7.9)}});
  REQUIRE(grades.size() == 2);
  CHECK(grades[0].error.get<double>() == Approx((7.9 - 7.24) / 7.24));
  CHECK(grades[0].right == json(false));
  CHECK(grades[1].right.is_null()); // not answered
  CHECK(grades[1].error.is_null());
}

TEST_CASE("a wrong answer gets a hint for a unit, a sign or two answers swapped", "[unit]")
{
  json rel1{{"rel", 0.01}};
  std::map<std::string, double> refs{{"seq", 98.1}, {"detection", 10.0}, {"recovery", 21.0}, {"gain", -0.5}};
  CHECK(cs::answer_hint("seq", 98100, rel1, refs).find("10^3") != std::string::npos);
  CHECK(cs::answer_hint("seq", 0.0981, rel1, refs).find("10^-3") != std::string::npos);
  CHECK(cs::answer_hint("detection", 21.0, rel1, refs).find("right for recovery") != std::string::npos);
  CHECK(cs::answer_hint("gain", 0.5, rel1, refs).find("sign") != std::string::npos);
  CHECK(cs::answer_hint("seq", 120, rel1, refs).empty()); // just wrong
  CHECK(cs::answer_hint("seq", 0, rel1, refs).empty());
}
