/* Plausible ranges beside values, and the draw that samples them.
 *
 * Any quantity written in the provenance form may carry the range its source argues for:
 *   {"value": "8us", "range": ["4us", "15us"], "distribution": "log-uniform", "source": "assumed: ... (why)"}
 * A point run reads the value. Under an uncertainty draw (sample k of n, a seed), every ranged value read is the
 * Latin-hypercube quantile of its input id — the file as canonical_data_path spells it, '#', the JSON pointer —
 * mapped through its distribution. Each input's column of the hypercube comes from its id and the seed alone, so
 * sample k of an input is the same in every run, file and process that reads it, whatever other inputs exist. */
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cs {

enum class Spread { uniform, log_uniform };

const char* spread_name(Spread s);

/** The sampling in force: sample `sample` (0-based) of `samples` (0: none, every ranged value reads its value). */
struct UncertaintyDraw {
  uint64_t seed = 1;
  long sample   = 0;
  long samples  = 0;
  bool active() const { return samples > 0; }
};

/** Sets the process's draw (a run or a sweep point sets it before reading its files, and clears it after). */
void set_uncertainty_draw(const UncertaintyDraw& draw);
const UncertaintyDraw& uncertainty_draw();

/** The Latin-hypercube quantile in (0, 1) of input `id` in sample `sample` of `samples`: stratum perm(sample) of
 *  the id's own permutation, at a uniform point inside it. */
double lhs_quantile(uint64_t seed, const std::string& id, long sample, long samples);

/** The value at `quantile` of a range [lo, hi] spread as `spread` (log-uniform: lo > 0). */
double value_at_quantile(double lo, double hi, Spread spread, double quantile);

/** A ranged input as read under a draw (the report's sensitivity is computed over these). */
struct DrawnInput {
  std::string id;      ///< "platforms/x.json#/os_profiles/0/costs/sigio"
  std::string unit;    ///< the field's dimension ("duration", "size", ...)
  double point    = 0; ///< the written value (base units)
  double lo       = 0; ///< the range (base units)
  double hi       = 0;
  Spread spread   = Spread::uniform;
  double quantile = 0; ///< the draw
  double value    = 0; ///< what the run used (a choice: its index)
  std::string chosen;  ///< a choice: the value itself, as JSON text
  bool read = true;    ///< the run used the value (false: parsed and checked, never used by the model)
};

/** Records an input read under the active draw (the first read of an id is kept: a file read twice draws the same
 *  value anyway; a later read marks an unused one used). Inside a DeferredReads scope the input is recorded as
 *  unused until mark_inputs_read names it. */
void record_drawn_input(const DrawnInput& input);
/** The inputs drawn since the last clear, in id order: `used_only`, those the run used (the ones a sensitivity
 *  ranking may list: an input parsed but never used cannot move a metric, and a rho it gets is chance). */
std::vector<DrawnInput> drawn_inputs(bool used_only = false);
void clear_drawn_inputs();

/** While alive, ranged values parsed are drawn as usual but recorded as unused: for fields a file declares that
 *  the run may not use (another benchmark's section, a disk's read bandwidth before anything reads the disk). */
class DeferredReads {
public:
  DeferredReads();
  ~DeferredReads();
  DeferredReads(const DeferredReads&)            = delete;
  DeferredReads& operator=(const DeferredReads&) = delete;

private:
  bool outer_;
};

/** Marks used the recorded input `id`, and every one under it (`id` + "/..."): the run read it. */
void mark_inputs_read(const std::string& id);

/** The id of the value at `pointer` in `file`. */
std::string input_id(const std::string& file, const std::string& pointer);

} // namespace cs
