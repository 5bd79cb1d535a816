/* Teaching labs (docs/labs/): a lab's questions are cells of the validation format, kept in labs/NAME.json with the
 * runs that answer them. `clustersim lab check` compares a student's answers with the simulation through the
 * validation machinery (same computes, same tolerances); `clustersim lab answers` re-makes the reference answers
 * (labs/answers/NAME.json), which CI checks so that a model change that moves a lab's answers fails the build. */
#pragma once
#include <string>
#include <vector>

namespace cs {

struct LabOptions {
  std::string lab;     ///< a lab name (labs/NAME.json) or a path to a lab file
  std::string answers; ///< check: the answers file ({"answers": {"id": number}} or a flat object)
  std::string labs_dir;
  std::string work_dir; ///< keep the runs here (default: a temporary folder)
  int jobs        = 2;
  bool write      = false; ///< answers: write labs/answers/NAME.json instead of printing
  bool quiet      = false;
  bool instructor = false;          ///< check: show the reference answers beside the student's (hidden by default)
  std::vector<std::string> forward; ///< SimGrid options for the runs
};

/** The lab file a name or path designates; InputError if there is none. */
std::string lab_file(const LabOptions& o);
/** Compares the answers with the simulation: 0 when every question is answered within its tolerance, else 1. */
int check_lab(const LabOptions& o);
/** Runs the lab and prints its reference answers as JSON (or writes them next to the lab file with `write`). */
int lab_answers(const LabOptions& o);

} // namespace cs
