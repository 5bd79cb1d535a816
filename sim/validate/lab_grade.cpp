#include "sim/validate/lab_grade.hpp"
#include "sim/validate/validate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cs {

bool lab_within(const json& tolerance, double answer, double reference)
{
  const double slack = 1e-12; // the reference answers, printed and read back, stay within their own tolerance
  if (tolerance.contains("rel"))
    return std::fabs(answer - reference) <= tolerance["rel"].get<double>() * std::fabs(reference) + slack;
  if (tolerance.contains("abs"))
    return std::fabs(answer - reference) <= tolerance["abs"].get<double>() + slack;
  return false;
}

std::string answer_hint(const std::string& id, double answer, const json& tolerance,
                        const std::map<std::string, double>& references)
{
  auto reference = references.find(id);
  if (reference == references.end())
    return "";
  for (int k = -9; k <= 9; ++k) // 98100 for 98.1: seconds given in ms, MiB in KiB...
    if (k != 0 && answer != 0 && lab_within(tolerance, answer * std::pow(10.0, -k), reference->second))
      return "off by a factor of 10^" + std::to_string(k) + ": check the unit the question asks for";
  if (answer != 0 && lab_within(tolerance, -answer, reference->second))
    return "the sign is wrong: check which way the difference or ratio goes";
  for (auto const& [other, value] : references)
    if (other != id && lab_within(tolerance, answer, value))
      return "this would be right for " + other + ": two answers swapped?";
  return "";
}

std::vector<LabGrade> grade_lab(const json& report, const std::map<std::string, json>& answers)
{
  std::map<std::string, double> references;
  for (auto const& cell : report)
    if (cell["simulated"].is_number())
      references[cell["id"].get<std::string>()] = cell["simulated"].get<double>();
  std::vector<LabGrade> grades;
  for (auto const& cell : report) {
    LabGrade g;
    g.id        = cell["id"].get<std::string>();
    g.question  = cell["metric"].get<std::string>();
    g.reference = cell["simulated"];
    g.tolerance = cell["tolerance"];
    auto a      = answers.find(g.id);
    if (a != answers.end()) {
      g.answer = a->second;
      double x = a->second.get<double>();
      bool has = g.reference.is_number();
      double r = has ? g.reference.get<double>() : 0;
      g.right  = has && lab_within(g.tolerance, x, r);
      g.error  = has && r != 0 ? json((x - r) / std::fabs(r)) : json(nullptr);
      if (not g.right.get<bool>() && has)
        g.hint = answer_hint(g.id, x, g.tolerance, references);
    }
    grades.push_back(g);
  }
  return grades;
}

namespace {

std::string number_text(const json& v)
{
  return v.is_number() ? format_number(v.get<double>()) : "-";
}

std::string error_text(const json& e)
{
  char text[32] = "-";
  if (e.is_number())
    std::snprintf(text, sizeof text, "%+.1f%%", 100 * e.get<double>());
  return text;
}

} // namespace

void print_grades(const std::vector<LabGrade>& grades, bool instructor)
{
  int w = 8;
  for (auto const& g : grades)
    w = std::max(w, static_cast<int>(g.id.size()));
  if (instructor)
    std::printf("  %-*s %12s %12s %9s  %-12s %s\n", w, "question", "answer", "reference", "error", "tolerance",
                "result");
  else
    std::printf("  %-*s %12s %9s  %-12s %s\n", w, "question", "answer", "error", "tolerance", "result");
  for (auto const& g : grades) {
    std::string result = g.right.is_null() ? "not answered" : (g.right.get<bool>() ? "right" : "WRONG");
    if (instructor)
      std::printf("  %-*s %12s %12s %9s  %-12s %s\n", w, g.id.c_str(), number_text(g.answer).c_str(),
                  number_text(g.reference).c_str(), error_text(g.error).c_str(), tolerance_text(g.tolerance).c_str(),
                  result.c_str());
    else
      std::printf("  %-*s %12s %9s  %-12s %s\n", w, g.id.c_str(), number_text(g.answer).c_str(),
                  error_text(g.error).c_str(), tolerance_text(g.tolerance).c_str(), result.c_str());
    if (not g.hint.empty())
      std::printf("  %-*s hint: %s\n", w, "", g.hint.c_str());
  }
}

} // namespace cs
