/* Seed 001: the RayTracer's work comes from its scene; JavaParty's placement leaves machines idle; a JVM's threads
 * share its CPUs; the blast costs CPU on the blasted machines, and JavaParty segments at a FIFO port but not at an
 * expedite queue. */
#include "models/javaparty/placement.hpp"
#include "models/javaparty/rows_file.hpp"
#include "models/javaparty/scene.hpp"
#include "sim/input/errors.hpp"
#include "sim/input/json_io.hpp"
#include "tests/unit/engine_helpers.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <numeric>
#include <unistd.h>

using cs::json;

namespace {
const char* raytracer = "scenarios/javaparty/raytracer.json";
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
  // An instrumented re-run of the JGF algorithm: 157 of the 500 rows hit nothing (one ray per pixel, 64 tests each).
  REQUIRE(std::count(rows.begin(), rows.end(), 64.0 * 500) == 157);
  REQUIRE(*std::max_element(rows.begin(), rows.end()) > 50 * 64 * 500);
}

TEST_CASE("JavaParty's random placement leaves machines idle as often as independent draws do", "[unit][javaparty]")
{
  cs::Rng rng(7);
  std::map<long, long> used; // machines used -> runs, 3 threads on 3 machines
  const long runs = 27000;
  for (long i = 0; i < runs; ++i)
    used[cs::javaparty::machines_used(cs::javaparty::place_threads(3, 3, cs::javaparty::Placement::random, rng))]++;
  // 3^3 equally likely placements: 6 use all three machines, 18 use two, 3 use one.
  REQUIRE(used[3] == Approx(runs * 6 / 27).epsilon(0.05));
  REQUIRE(used[2] == Approx(runs * 18 / 27).epsilon(0.05));
  REQUIRE(used[1] == Approx(runs * 3 / 27).epsilon(0.1));
  REQUIRE(cs::javaparty::machines_used(
              cs::javaparty::place_threads(8, 8, cs::javaparty::Placement::round_robin, rng)) == 8);
}

namespace {
/** One engine per test case: each case below runs one scenario. */
json two_machines(const std::string& work)
{
  return cs::test::run_metrics(raytracer, {"params.machines=2", "params.placement=round_robin", "params.work=" + work,
                                           "params.run_noise=0", "params.rmi_cost=0s", "params.test_cost=200ns"});
}
json one_machine_two_threads(const std::string& jvm_cpus)
{
  return cs::test::run_metrics(raytracer,
                               {"params.machines=1", "params.threads_per_machine=2", "params.jvm_cpus=" + jvm_cpus,
                                "params.run_noise=0", "params.test_cost=200ns"});
}
} // namespace

// Both ways of dealing rows balance two machines within a few percent; the RMI transfers add little.
TEST_CASE("Rows handed out in chunks on request spread the image's work over the machines", "[engine][javaparty]")
{
  json m = two_machines("chunks");
  REQUIRE(m["machines_used"].get<long>() == 2);
  REQUIRE(m["rmi_calls"].get<long>() > 0);
  REQUIRE(m["exec_time_s"].get<double>() == Approx(total_tests() * 200e-9 / 2).epsilon(0.03));
}

TEST_CASE("JGF's cyclic rows spread the image's work over the machines", "[engine][javaparty]")
{
  json m = two_machines("cyclic");
  REQUIRE(m["rmi_calls"].get<long>() == 250); // one call per row rendered on jp-2
  REQUIRE(m["exec_time_s"].get<double>() == Approx(total_tests() * 200e-9 / 2).epsilon(0.03));
}

TEST_CASE("Two threads in a JVM that uses one CPU take as long as one thread", "[engine][javaparty]")
{
  json m = one_machine_two_threads("1");
  REQUIRE(m["rmi_calls"].get<long>() == 0); // every thread in the head's JVM
  REQUIRE(m["exec_time_s"].get<double>() == Approx(total_tests() * 200e-9).epsilon(0.01));
}

TEST_CASE("Two threads in a JVM that uses two CPUs take half as long", "[engine][javaparty]")
{
  json m = one_machine_two_threads("2");
  REQUIRE(m["exec_time_s"].get<double>() == Approx(total_tests() * 200e-9 / 2).epsilon(0.03));
}

TEST_CASE("The blast's receive CPU slows the JavaParty threads that need both CPUs", "[engine][javaparty]")
{
  // QoS on: no lost or delayed segments; two threads per machine in JVMs that use both CPUs compete with the
  // receive path for the cores.
  json m = cs::test::run_metrics(raytracer, {"params.placement=round_robin", "params.run_noise=0", "params.rmi_cost=0s",
                                             "params.test_cost=200ns", "params.switch_model.mls_qos=on",
                                             "params.congestion.enabled=true", "params.threads_per_machine=2",
                                             "params.jvm_cpus=2"});
  REQUIRE(m["lost_segments"].get<long>() == 0);
  double rx = m["blast_rx_cpu"].get<double>(); // cores taken from each 2-core machine
  REQUIRE(rx == Approx(125e6 / 1466 * 5.9e-6).epsilon(0.01));
  REQUIRE(m["exec_time_s"].get<double>() == Approx(total_tests() * 200e-9 / 4 / (2 - rx)).epsilon(0.05));
}

TEST_CASE("Under the blast a FIFO port delays and drops JavaParty's segments, and TCP waits its timers",
          "[engine][javaparty]")
{
  json m =
      cs::test::run_metrics(raytracer, {"params.congestion.enabled=true", "params.switch_model.mls_qos=off",
                                        "params.placement=round_robin", "params.switch_model.full_queue_loss=0.1"});
  REQUIRE(m["head_port_jp_loss"].get<double>() == Approx(0.1));
  REQUIRE(m["head_port_jp_delay_ms"].get<double>() == Approx(1.3e6 / 125e6 * 1e3)); // a full buffer drains
  REQUIRE(m["blast_fps"].get<double>() == Approx(125e6 / 1466).epsilon(0.01));
  REQUIRE(m["lost_segments"].get<long>() > 0);
  REQUIRE(m["timeouts"].get<long>() > 0);
  REQUIRE(m["fast_retransmits"].get<long>() > 0);
  REQUIRE(m["timeout_wait_s"].get<double>() >= 0.2 * m["timeouts"].get<double>()); // at least 200 ms each
  // Every call's rounds queue twice per round trip: 2 x 10.4 ms per round at least.
  REQUIRE(m["queue_wait_s"].get<double>() > 2 * 0.0104 * m["rmi_calls"].get<double>());
}

TEST_CASE("Under the blast appendix B's expedite queue spares JavaParty's segments", "[engine][javaparty]")
{
  json m = cs::test::run_metrics(raytracer, {"params.congestion.enabled=true", "params.switch_model.mls_qos=on",
                                             "params.placement=round_robin", "params.run_noise=0"});
  REQUIRE(m["head_port_jp_loss"].get<double>() == 0);
  REQUIRE(m["head_port_jp_delay_ms"].get<double>() == 0);
  REQUIRE(m["lost_segments"].get<long>() == 0);
  REQUIRE(m["queue_wait_s"].get<double>() + m["timeout_wait_s"].get<double>() == 0);
  REQUIRE(m["blast_fps"].get<double>() > 0.99 * 125e6 / 1466); // the blast still takes what the line has left
  // One worker per 2-CPU machine: the receive path's half core leaves the JVM's CPU alone, except the interrupts'
  // part while a worker's chunk runs on the CPU that takes them (half the chunks: two CPUs).
  double left = 1 - m["blast_fps"].get<double>() * 3.0e-6;
  double f    = m["irq_chunks"].get<double>() / m["blasted_chunks"].get<double>();
  REQUIRE(f == Approx(0.5).margin(0.2));
  REQUIRE(m["exec_time_s"].get<double>() == Approx(total_tests() * 109.7e-9 / 4 * (1 - f + f / left)).epsilon(0.06));
}

TEST_CASE("Under the blast and the profile, a JVM's chunks on the CPU that takes the NIC's interrupts get what they "
          "leave",
          "[engine][javaparty]")
{
  // One machine, its worker in the head's JVM (no RMI over the network): only the receive CPU can slow it.
  json m      = cs::test::run_metrics(raytracer, {"params.machines=1", "params.congestion.enabled=true",
                                                  "params.switch_model.mls_qos=on", "params.run_noise=0",
                                                  "params.rmi_cost=0s", "params.test_cost=200ns"});
  double left = 1 - m["blast_fps"].get<double>() * 3.0e-6; // frame_rx_irq, platforms/001_javaparty_cluster.json
  REQUIRE(left == Approx(0.744).epsilon(0.01));
  REQUIRE(m["head_irq_cpu_left"].get<double>() == Approx(left));
  double f = m["irq_chunks"].get<double>() / m["blasted_chunks"].get<double>();
  REQUIRE(m["blasted_chunks"].get<long>() >= 50); // 500 rows, 10 a request
  REQUIRE(f == Approx(0.5).margin(0.2));
  // Chunks differ in work; the run lies between the all-fast and the all-slow time, near their chunk-weighted mix.
  double fast = total_tests() * 200e-9;
  REQUIRE(m["exec_time_s"].get<double>() > fast * 1.05);
  REQUIRE(m["exec_time_s"].get<double>() == Approx(fast * (1 - f + f / left)).epsilon(0.08));
}

TEST_CASE("At 2 machines the blast still comes from jp-5 and jp-6, outside the policy: the expedite queue spares "
          "JavaParty",
          "[engine][javaparty]")
{
  // Seed V.C: jp-5..8 blast jp-1..4 respectively. Were jp-3 and jp-4 the generators, the policy (which names them)
  // would mark the blast DSCP 40 and put it in JavaParty's expedite queue.
  json m = cs::test::run_metrics(raytracer, {"params.machines=2", "params.congestion.enabled=true",
                                             "params.switch_model.mls_qos=on", "params.placement=round_robin"});
  REQUIRE(m["head_port_jp_loss"].get<double>() == 0);
  REQUIRE(m["lost_segments"].get<long>() == 0);
  REQUIRE(m["timeout_wait_s"].get<double>() == 0);
}

TEST_CASE("Generators outside the cluster blast every machine, and appendix B's policy covers only jp-1..4",
          "[engine][javaparty]")
{
  json m = cs::test::run_metrics(raytracer, {"params.machines=8", "params.congestion.enabled=true",
                                             "params.congestion.sources=outside", "params.switch_model.mls_qos=on",
                                             "params.placement=round_robin"});
  // jp-1's port: JavaParty's marked frames from jp-2 take the expedite queue, but jp-5..8's frames are DSCP 0 and
  // share queue 2 with the blast: the calls from jp-5..8 still lose segments.
  REQUIRE(m["head_port_jp_loss"].get<double>() == 0);
  REQUIRE(m["lost_segments"].get<long>() > 0);
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
    const std::map<std::string, std::string> id{
        {"congestion", "cong"}, {"qos", "qos"}, {"qos_congestion", "qos_cong"}, {"none", "m" + m}};
    file["001.appendixA." + id.at(cond) + ".ks"].push_back(std::stod(line.substr(b + 1)));
  }
  REQUIRE(file.size() == 8);
  REQUIRE(file == samples);
}

TEST_CASE("A rows file that is no list of counts is bad input naming the file and the entry", "[unit][javaparty]")
{
  std::string path = "/tmp/cs-rows-" + std::to_string(::getpid()) + ".json";
  auto error_of    = [&](const std::string& text) {
    std::ofstream(path) << text;
    std::string what;
    try {
      cs::javaparty::load_row_tests(path);
    } catch (const cs::InputError& e) {
      what = e.what();
    }
    std::remove(path.c_str());
    return what;
  };
  REQUIRE_THAT(error_of(R"(["a"])"), Catch::StartsWith(path + ": expected a rows object"));
  REQUIRE_THAT(error_of(R"({"tests": []})"), Catch::StartsWith(path + ": /tests: expected a non-empty list"));
  REQUIRE_THAT(error_of(R"({"tests": [1, "a"]})"), Catch::StartsWith(path + ": /tests/1: expected a number"));
  REQUIRE_THAT(error_of(R"({"tests": [1, 2, -5]})"), Catch::StartsWith(path + ": /tests/2: expected a number"));
  REQUIRE(error_of(R"({"tests": [0, 3]})").empty());
}

TEST_CASE("The blast's rate can be given as a bandwidth, as the offered load is reported", "[engine][javaparty]")
{
  json m = cs::test::run_metrics(raytracer, {"params.congestion.enabled=true", "params.congestion.offered=600Mbps"});
  REQUIRE(m["blast_offered_mbps"].get<double>() == Approx(600));
}

TEST_CASE("The blast's rate given twice, in frames per second and as a bandwidth, is bad input", "[engine][javaparty]")
{
  REQUIRE_THROWS_WITH(
      cs::test::run_metrics(raytracer, {"params.congestion.enabled=true", "params.congestion.rate=50kHz",
                                        "params.congestion.offered=600Mbps"}),
      Catch::Contains("/params/congestion/offered") && Catch::Contains("give the blast's rate once"));
}
