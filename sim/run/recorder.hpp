/* The one place models report to: scalar metrics and tables. Writes result.json and one CSV per table. */
#pragma once
#include "sim/input/json_io.hpp"
#include "sim/input/staged_files.hpp"
#include "sim/run/model_decl.hpp"

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cs {

/** A table of rows for gnuplot and spreadsheets (written as NAME.csv). */
class Table {
public:
  explicit Table(std::vector<std::string> columns) : columns_(std::move(columns)) {}
  void add(std::vector<json> row);
  /** From now on rows go, as CSV text, to an unnamed temporary file (in $TMPDIR, else /tmp) instead of being held:
   *  a table of 10^7 rows costs disk, not memory. rows() then stays empty. */
  void stream_rows();
  bool streamed() const { return spill_ != nullptr; }
  const std::vector<std::string>& columns() const { return columns_; }
  const std::vector<std::vector<json>>& rows() const { return rows_; }
  std::string to_csv() const;
  /** Passes the CSV text to `put` piece by piece (the streamed rows read back from their file). */
  void write_csv(const ByteSink& put) const;

private:
  std::vector<std::string> columns_;
  std::vector<std::vector<json>> rows_;
  std::shared_ptr<std::FILE> spill_; ///< the streamed rows; closing it frees the file (unlinked when made)
};

class Recorder {
  // The running model's declarations (declare()): a metric, table or column outside them is refused.
  const ModelDecl* decl_ = nullptr;
  std::string model_;
  void require_metric(const std::string& key) const;
  void require_table(const std::string& name, const std::vector<std::string>& columns) const;

public:
  /** From now on every metric, table and column must be one `decl` declares (or a framework table), else
   *  UndeclaredOutput naming `model`. A run declares its model's outputs before the model starts. */
  void declare(const ModelDecl& decl, std::string model);
  /** Sets a scalar metric (number, string or bool). Keys are snake_case with the unit as suffix: "read_time_s". */
  void set(const std::string& key, json value)
  {
    require_metric(key);
    metrics_[key] = std::move(value);
  }
  /** Adds to a counter metric (created at 0). */
  void add(const std::string& key, double delta);
  double get(const std::string& key, double def = 0) const;
  /** The table `name`, created with `columns` on first use. */
  Table& table(const std::string& name, const std::vector<std::string>& columns);
  const std::map<std::string, json>& metrics() const { return metrics_; }
  const std::map<std::string, Table>& tables() const { return tables_; }

  /** Records a hardware rate the run used for the hosts of `group` (result.json's "hardware_rates": {group: {key:
   *  value}}): the platform's rates (Platform::record_rates) and those a model derives from them. */
  void hardware_rate(const std::string& group, const std::string& key, json value)
  {
    hardware_[group][key] = std::move(value);
  }
  const json& hardware_rates() const { return hardware_; }

  /** Writes DIR/result.json (header + metrics + table index) and DIR/<table>.csv, each atomically. */
  void write(const std::string& dir, json header) const;

private:
  std::map<std::string, json> metrics_;
  std::map<std::string, Table> tables_;
  json hardware_ = json::object();
};

/** CSV field text for a JSON scalar (numbers with full precision, strings quoted when needed). */
std::string csv_field(const json& v);

} // namespace cs
