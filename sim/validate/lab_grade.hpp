/* A student's answers against a lab's reference values (the simulation's): right or wrong by the question's
 * tolerance taken relative to the reference, the error relative to the reference, and a hint for the usual slips
 * (a unit: the answer off by a power of ten; two answers swapped; the sign). */
#pragma once
#include "sim/input/json_io.hpp"

#include <map>
#include <string>
#include <vector>

namespace cs {

struct LabGrade {
  std::string id, question;
  json answer;    ///< number, or null when not answered
  json reference; ///< the simulation's value (null if it could not be computed)
  json tolerance;
  json error; ///< (answer - reference) / |reference|, null when there is no answer or the reference is 0
  json right; ///< bool, null when not answered
  std::string hint;
};

/** Whether `answer` is within `tolerance` ({"rel": x} of |reference|, or {"abs": x}) of `reference`. */
bool lab_within(const json& tolerance, double answer, double reference);
/** A hint for a wrong answer from the usual slips, or "" when none fits. `references`: every question's value. */
std::string answer_hint(const std::string& id, double answer, const json& tolerance,
                        const std::map<std::string, double>& references);
/** Grades the answers against the lab's report (its cells: id, metric, simulated, tolerance). */
std::vector<LabGrade> grade_lab(const json& report, const std::map<std::string, json>& answers);
/** Prints the grades: without the reference values (a student's view), or with them (`instructor`). */
void print_grades(const std::vector<LabGrade>& grades, bool instructor);

} // namespace cs
