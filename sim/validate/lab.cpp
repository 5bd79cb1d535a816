#include "sim/validate/lab.hpp"
#include "sim/input/data_dir.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/fields.hpp"
#include "sim/input/json_io.hpp"
#include "sim/input/json_keys.hpp"
#include "sim/input/temp_dir.hpp"
#include "sim/sweep/store.hpp"
#include "sim/validate/lab_grade.hpp"
#include "sim/validate/validate.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>

namespace fs = std::filesystem;

namespace cs {

namespace {

std::string labs_root(const LabOptions& o)
{
  if (not o.labs_dir.empty())
    return o.labs_dir;
  if (file_exists("labs"))
    return "labs";
  return std::string(CS_SOURCE_DIR) + "/labs";
}

struct Lab {
  std::string file, name;
  json validation; ///< the lab as a validation file: its questions are the cells
  std::vector<std::string> ids;
};

/** An error found in the lab's validation form (a temporary file, or the form in memory), told in the lab's own
 *  terms: cell i is question i of the lab file, its measured value the answer to it in the answers file. */
[[noreturn]] void rethrow_for_lab(const InputError& e, const Lab& lab, const std::string& answers_file)
{
  std::string ptr     = e.pointer();
  std::string message = std::string(e.what()).substr(e.file().size() + 2 + (ptr.empty() ? 0 : ptr.size() + 2));
  if (ptr.rfind("/cells/", 0) == 0 || ptr == "/cells") {
    ptr               = "/questions" + ptr.substr(6);
    size_t end        = ptr.find('/', 11);
    std::string index = ptr.size() > 11 ? ptr.substr(11, end == std::string::npos ? std::string::npos : end - 11) : "";
    bool answer       = ptr.size() >= 9 && ptr.compare(ptr.size() - 9, 9, "/measured") == 0;
    if (answer && not index.empty() && std::stoul(index) < lab.ids.size())
      throw InputError(answers_file, "/answers/" + lab.ids[std::stoul(index)], message);
  }
  throw InputError(lab.file, ptr, message);
}

/** Reads a lab file into the validation format; each question's `measured` is filled by `answer_of` (null: the
 *  question is a prediction, reported and not compared). */
Lab read_lab(const std::string& file, const std::map<std::string, json>& answers, const std::string& answers_file)
{
  json doc = load_json_file(file);
  check_duplicate_keys(read_text(file), file);
  Fields f(doc, file, "");
  Lab lab;
  lab.file          = file;
  lab.name          = f.required_string("lab", "the lab's name (its file is labs/NAME.json)");
  std::string seed  = f.required_string("seed", "the seed the lab is about (\"000\"...)");
  std::string title = f.string("title", "", "the lab's question");
  f.string("guide", "", "the lab's page under docs/labs/");
  const json* runs      = f.raw("runs", "object", "named runs, as in a validation file");
  const json* questions = f.raw("questions", "list", "the questions whose answers the simulation gives");
  f.finish();
  if (runs == nullptr)
    f.fail("runs", "missing required field");
  if (questions == nullptr || not questions->is_array() || questions->empty())
    f.fail("questions", "expected a non-empty list of questions");
  json root       = fs::path(file).parent_path().parent_path().string();
  json runs_fixed = *runs;
  for (auto& [name, run] : runs_fixed.items()) // scenarios are named from the repository root, as everywhere
    if (run.is_object() && run.contains("scenario") && run["scenario"].is_string()) {
      std::string sc = run["scenario"].get<std::string>();
      if (not file_exists(sc) && file_exists(fs::path(root.get<std::string>()) / sc))
        run["scenario"] = (fs::path(root.get<std::string>()) / sc).string();
    }
  json cells = json::array();
  for (size_t i = 0; i < questions->size(); ++i) {
    std::string ptr = pointer_join("/questions", i);
    Fields q((*questions)[i], file, ptr);
    std::string id       = q.required_string("id", "question id, as answers name it");
    long step            = q.integer("step", 0, "the step of the lab the question belongs to");
    std::string question = q.required_string("question", "the question, as the lab asks it");
    std::string unit     = q.string("unit", "", "the unit the answer is given in");
    const json* tol      = q.raw("tolerance", "object", "how far from the simulation a correct answer may be");
    const json* compute  = q.raw("compute", "object", "how the simulation's answer is computed (validation format)");
    q.finish();
    if (tol == nullptr)
      q.fail("tolerance", "missing required field");
    if (compute == nullptr)
      q.fail("compute", "missing required field");
    auto a = answers.find(id);
    json cell{{"id", id},
              {"source", "step " + std::to_string(step)},
              {"metric", question + (unit.empty() ? "" : " (" + unit + ")")},
              {"table", lab.name},
              {"tolerance", *tol},
              {"compute", *compute}};
    cell["role"]     = a == answers.end() ? "prediction" : "validation";
    cell["measured"] = a == answers.end() ? json(nullptr) : a->second;
    cells.push_back(cell);
    lab.ids.push_back(id);
  }
  lab.validation = {
      {"seed", seed}, {"title", "lab " + lab.name + ": " + title}, {"runs", runs_fixed}, {"cells", cells}};
  try {
    check_validation_document(lab.validation, file);
  } catch (const InputError& e) {
    rethrow_for_lab(e, lab, answers_file);
  }
  return lab;
}

/** The answers of a file: {"answers": {...}} or a flat object of id -> number. */
std::map<std::string, json> read_answers(const std::string& file, const std::string& lab_name)
{
  json doc = load_json_file(file);
  check_duplicate_keys(read_text(file), file);
  if (doc.is_object() && doc.contains("lab") && doc["lab"] != json(lab_name))
    throw InputError(file, "/lab", "these are answers for lab " + quote_value(doc["lab"]) + ", not for " + lab_name);
  if (not doc.is_object())
    throw InputError(file, "", "expected an object of answers, {\"answers\": {\"question id\": number, ...}}");
  std::string ptr = "";
  if (doc.contains("answers")) {
    doc = doc["answers"];
    ptr = "/answers";
    if (not doc.is_object())
      throw InputError(file, ptr, "expected an object {\"question id\": number, ...}");
  }
  std::map<std::string, json> out;
  for (auto const& [id, v] : doc.items()) {
    if (ptr.empty() && (id == "lab" || id == "note"))
      continue;
    if (not v.is_number())
      throw InputError(file, pointer_join(ptr, id), "expected a number, got " + quote_value(v));
    out[id] = v;
  }
  if (out.empty())
    throw InputError(file, ptr, "no answers: expected {\"question id\": number, ...} for lab " + lab_name);
  return out;
}

/** Runs the lab's questions through the validation machinery; returns its exit status and fills `report`. */
int run_lab(const LabOptions& o, const Lab& lab, const char* label, json& report, const std::string& answers_file)
{
  TempDir temp("lab"); // removed on every way out, an interrupt included
  const std::string& dir = temp.path();
  fs::create_directories(dir + "/lab");
  write_file_atomic(dir + "/lab/" + lab.name + ".json", dump_json(lab.validation));
  ValidateOptions v;
  v.validation_dir = dir + "/lab";
  v.report         = dir + "/report.json";
  v.work_dir       = o.work_dir; // empty: validation's own temporary folder, removed after the runs
  v.jobs           = o.jobs;
  v.quiet          = o.quiet;
  v.forward        = o.forward;
  v.measured_label = label;
  v.print_table    = false; // its words are a validation's (prediction, measured); a lab prints its own
  v.model_error    = false; // a student's answers are graded against the simulation, not against the world
  int status       = 0;
  try {
    status = run_validation(v);
  } catch (const InputError& e) {
    if (e.file() != v.validation_dir + "/" + lab.name + ".json")
      throw;
    rethrow_for_lab(e, lab, answers_file);
  }
  report = load_json_file(v.report);
  return status;
}

/** Rewrites the block between the answer markers of the lab's instructor page (docs/labs/NAME_instructor.md), so the
 *  page shows the answers CI checks. Pages without the markers are left alone. */
void update_instructor_page(const std::string& lab_path, const Lab& lab, const json& report)
{
  fs::path page = fs::path(lab_path).parent_path().parent_path() / "docs" / "labs" / (lab.name + "_instructor.md");
  if (not file_exists(page))
    return;
  std::string text        = read_text(page.string());
  const std::string begin = "<!-- answers:begin -->", end = "<!-- answers:end -->";
  auto b = text.find(begin), e = text.find(end);
  if (b == std::string::npos || e == std::string::npos || e < b)
    return;
  std::string table =
      begin + "\n| question | step | reference answer | a correct answer is within |\n|---|---|---|---|\n";
  for (auto const& cell : report)
    table += "| `" + cell["id"].get<std::string>() + "` " + cell["metric"].get<std::string>() + " | " +
             cell["source"].get<std::string>().substr(5) + " | " +
             (cell["simulated"].is_number() ? format_number(cell["simulated"].get<double>()) : "-") + " | " +
             tolerance_text(cell["tolerance"]) + " |\n";
  text = text.substr(0, b) + table + text.substr(e);
  write_file_atomic(page.string(), text);
}

} // namespace

std::string lab_file(const LabOptions& o)
{
  std::error_code ec; // a name the system refuses is a lab that is not there, not an exception
  if (file_exists(o.lab) && fs::is_regular_file(o.lab, ec))
    return o.lab;
  std::string file = labs_root(o) + "/" + o.lab + ".json";
  if (not file_exists(file)) {
    std::vector<std::string> names;
    for (auto const& entry : fs::directory_iterator(labs_root(o), ec))
      if (entry.path().extension() == ".json")
        names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    throw InputError(o.lab, "",
                     "no such lab (expected a lab file or a name of labs/NAME.json)" + did_you_mean(o.lab, names));
  }
  return file;
}

int check_lab(const LabOptions& o)
{
  std::string file = lab_file(o);
  Lab lab          = read_lab(file, {}, ""); // the lab checked before its answers; the answers compared here
  std::map<std::string, json> answers = read_answers(o.answers, lab.name);
  for (auto const& [id, v] : answers)
    if (std::find(lab.ids.begin(), lab.ids.end(), id) == lab.ids.end())
      throw InputError(o.answers, "/answers/" + id,
                       "lab " + lab.name + " has no question \"" + id + "\"" + did_you_mean(id, lab.ids));
  json report;
  run_lab(o, lab, "answer", report, o.answers);
  std::printf("\nlab %s (%s)\n", lab.name.c_str(), o.instructor ? "with the reference answers" : "your answers");
  std::vector<LabGrade> grades = grade_lab(report, answers);
  print_grades(grades, o.instructor);
  int right = 0, wrong = 0, missing = 0;
  for (auto const& g : grades) {
    if (g.right.is_null())
      ++missing;
    else if (g.right.get<bool>())
      ++right;
    else
      ++wrong;
  }
  std::printf("\nlab %s: %d of %zu answers within tolerance, %d outside, %d not answered\n", lab.name.c_str(), right,
              lab.ids.size(), wrong, missing);
  return wrong == 0 && missing == 0 ? 0 : 1;
}

int lab_answers(const LabOptions& o)
{
  std::string file = lab_file(o);
  Lab lab          = read_lab(file, {}, "");
  json report;
  run_lab(o, lab, "-", report, "");
  json answers = json::object();
  for (auto const& cell : report)
    answers[cell["id"].get<std::string>()] = cell["simulated"];
  json out{{"lab", lab.name},
           {"note", "reference answers: the simulation's own values; regenerate with scripts/lab_answers.sh --write"},
           {"answers", answers}};
  for (auto const& [id, v] : answers.items())
    if (not v.is_number())
      throw std::runtime_error("lab " + lab.name + ": question " + id + " has no simulated value");
  if (o.write) {
    fs::path target_dir = fs::path(file).parent_path() / "answers";
    fs::create_directories(target_dir);
    std::string target = (target_dir / (lab.name + ".json")).string();
    write_file_atomic(target, dump_json(out));
    std::fprintf(stderr, "clustersim: reference answers written to %s\n", target.c_str());
    update_instructor_page(file, lab, report);
  } else {
    std::printf("%s\n", dump_json(out).c_str());
  }
  return 0;
}

} // namespace cs
