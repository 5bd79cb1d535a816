/* Seed 001: the RayTracer's work comes from its scene; threads share the CPUs of the machines that take part; the
 * blast costs JavaParty segments at a FIFO port and not at an expedite queue. */
#include "models/javaparty/scene.hpp"
#include "sim/json_io.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <numeric>

using cs::json;

namespace {
const char* scenario = "scenarios/javaparty/raytracer.json";
std::vector<double> rows_file()
{
  return cs::load_json_file("scenarios/javaparty/raytracer_rows.json")["tests"];
}
double total_tests()
{
  auto r = rows_file();
  return std::accumulate(r.begin(), r.end(), 0.0);
}
} // namespace

TEST_CASE("The rows file holds the JGF scene's work per row as the tracer computes it", "[unit][javaparty]")
{
  auto rows = rows_file();
  REQUIRE(rows.size() == 500);
  for (int r : {0, 120, 260, 430})
    REQUIRE(rows[static_cast<size_t>(r)] == cs::javaparty::row_tests({500, 500}, r));
  // model-notes 001: 157 of the 500 rows hit nothing (one ray per pixel, 64 tests each).
  REQUIRE(std::count(rows.begin(), rows.end(), 64.0 * 500) == 157);
  REQUIRE(*std::max_element(rows.begin(), rows.end()) > 50 * 64 * 500);
}

TEST_CASE("With every machine taking part the image's work is spread over all the CPUs", "[engine][javaparty]")
{
  json m = cs::test::run_metrics(scenario, {"params.machines=2", "params.participation=1", "params.run_noise=0",
                                            "params.rmi_cost=0", "params.test_cost=200ns"});
  REQUIRE(m["participating_machines"].get<long>() == 2);
  REQUIRE(m["threads"].get<long>() == 4);
  // Cyclic rows balance 4 threads within a few percent; the RMI transfers add little.
  REQUIRE(m["exec_time_s"].get<double>() == Approx(total_tests() * 200e-9 / 4).epsilon(0.03));
}

TEST_CASE("A machine that does not take part leaves its threads to the others", "[engine][javaparty]")
{
  json m = cs::test::run_metrics(scenario, {"params.machines=2", "params.participation=0", "params.run_noise=0",
                                            "params.rmi_cost=0", "params.test_cost=200ns"});
  REQUIRE(m["participating_machines"].get<long>() == 1);
  REQUIRE(m["threads"].get<long>() == 4);
  REQUIRE(m["rmi_calls"].get<long>() == 0); // every thread in the head's JVM
  REQUIRE(m["exec_time_s"].get<double>() == Approx(total_tests() * 200e-9 / 2).epsilon(0.03));
}

TEST_CASE("Under the blast a FIFO port delays and drops JavaParty's segments", "[engine][javaparty]")
{
  json m = cs::test::run_metrics(
      scenario, {"params.congestion.enabled=true", "params.switch_model.mls_qos=off", "params.participation=1"});
  REQUIRE(m["head_port_jp_loss"].get<double>() > 0);
  REQUIRE(m["head_port_jp_delay_ms"].get<double>() > 1); // a full 1.3 MB buffer drains in ~10 ms
  REQUIRE(m["blast_fps"].get<double>() == Approx(125e6 / 1466).epsilon(0.01));
  REQUIRE(m["blast_rx_cpu"].get<double>() > 0);
}

TEST_CASE("Under the blast appendix B's expedite queue spares JavaParty's segments", "[engine][javaparty]")
{
  json m = cs::test::run_metrics(
      scenario, {"params.congestion.enabled=true", "params.switch_model.mls_qos=on", "params.participation=1"});
  REQUIRE(m["head_port_jp_loss"].get<double>() == 0);
  REQUIRE(m["head_port_jp_delay_ms"].get<double>() == 0);
  REQUIRE(m["lost_segments"].get<long>() == 0);
  REQUIRE(m["blast_fps"].get<double>() > 0.99 * 125e6 / 1466); // the blast still takes what the line has left
}

TEST_CASE("The appendix A file and the validation's samples hold the same recorded runs", "[unit][javaparty]")
{
  json v = cs::load_json_file("validation/001_javaparty.json");
  std::map<std::string, std::vector<double>> samples;
  for (auto const& c : v["cells"])
    if (c["compute"]["op"] == "ks")
      samples[c["id"].get<std::string>()] = c["compute"]["samples"].get<std::vector<double>>();
  std::ifstream in("validation/data/001_appendix_a.csv");
  std::string line;
  std::map<std::string, std::vector<double>> file;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("condition", 0) == 0)
      continue;
    auto a = line.find(','), b = line.find(',', a + 1);
    std::string cond = line.substr(0, a), m = line.substr(a + 1, b - a - 1);
    file[cond == "congestion" ? "001.appendixA.cong.ks" : "001.appendixA.m" + m + ".ks"].push_back(
        std::stod(line.substr(b + 1)));
  }
  REQUIRE(file.size() == 6);
  REQUIRE(file == samples);
}
