/* What a model declares beside its parameters: every output it writes (metric and table column, each with its unit
 * and how it is computed) and every platform field its run reads.
 *
 * One declaration per output serves both `clustersim describe MODEL` and the recorder, which refuses a metric, a
 * table or a column that the running model did not declare (UndeclaredOutput, an internal error): a metric cannot
 * reach result.json without its definition. The platform reads serve the scenario check, which refuses an override
 * that nothing reads or that another setting replaces (sim/run/override_check.hpp). */
#pragma once
#include "sim/input/json_io.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace cs {

/** One output: a scalar metric of result.json or a column of a table. */
struct OutputDecl {
  std::string name;       ///< as written ("exec_time_s")
  std::string unit;       ///< "s", "MiB", "1" for a count or ratio, "text" for a label, "bool"
  std::string definition; ///< one line: what it is and how it is computed
};

/** A table written as OUT/<name>.csv. */
struct TableDecl {
  std::string name;
  std::string definition; ///< what one row is
  std::vector<OutputDecl> columns;
};

/** A platform field a model-specific parameter replaces when the parameter is given a value other than `inactive`
 *  (msglog's params.disk_what_if.platter_bw replaces the disk's write_bw unless it is 0). */
struct ParamSupersedes {
  std::string field; ///< platform pattern: "/hosts/*/disks/*/write_bw"
  std::string param; ///< JSON pointer in the scenario's params: "/disk_what_if/platter_bw"
  json inactive;     ///< the parameter's value that leaves the platform field in force (its default)
};

/** Everything a model declares beside its parameters. Patterns are JSON pointers into the platform document where
 *  `*` is any entry (host, disk, switch, link) or OS profile name; a pattern covers every field below it. */
struct ModelDecl {
  std::vector<OutputDecl> metrics;
  std::vector<TableDecl> tables;
  std::vector<std::string> platform_reads;
  std::vector<ParamSupersedes> supersedes;

  const OutputDecl* metric(const std::string& name) const;
  const TableDecl* table(const std::string& name) const;
};

/** A model recorded an output it does not declare: a bug in the model, not bad input. */
class UndeclaredOutput : public std::logic_error {
public:
  using std::logic_error::logic_error;
};

/** The tables the framework itself adds to every run (the events table), declared as a model declares its own. */
const std::vector<TableDecl>& framework_tables();

/** Platform fields every run reads, whatever its model: the structure the framework builds (hosts, their count,
 *  group and generation, switches' host lists and topologies, routes, SimGrid options) and free text. */
const std::vector<std::string>& framework_platform_reads();

/** Whether `pattern` ("/hosts/ * /disks", `*` any one segment) covers the field `path` (a pattern of the same form):
 *  equal segment by segment over the pattern's length. */
bool pattern_covers(const std::string& pattern, const std::string& path);

} // namespace cs
