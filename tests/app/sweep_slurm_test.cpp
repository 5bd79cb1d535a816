/* The Slurm scripts: a job array of shards, a merge job depending on it, valid bash. */
#include "sim/input/errors.hpp"
#include "sim/sweep/slurm.hpp"
#include "sim/sweep/sweep.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

using cs::json;
namespace fs = std::filesystem;

TEST_CASE("sweep slurm writes an array job, a dependent merge job and a submit script", "[unit]")
{
  char tmpl[]     = "/tmp/cs-slurm-XXXXXX";
  std::string tmp = mkdtemp(tmpl);
  json j          = {{"name", "my sweep"},
                     {"scenario", "scenarios/speculative_read/case1.json"},
                     {"grid", {{"params.method", {"NR", "FR", "TR"}}}}};
  auto spec       = cs::parse_sweep(j, "s.json", "");
  cs::SlurmOptions o;
  o.out_dir    = tmp + "/out";
  o.array_size = 8; // more tasks than points: capped
  o.partition  = "debug";
  o.self_exe   = "/opt/it's/clustersim";
  o.workdir    = fs::current_path().string();
  o.forward    = {"--cfg=network/model:CM02"};
  auto job     = cs::write_slurm_job(spec, o);
  REQUIRE(job.tasks == 3);
  std::string array = cs::read_text(job.array_script);
  REQUIRE_THAT(array, Catch::Contains("#SBATCH --array=1-3\n") && Catch::Contains("#SBATCH --partition=debug\n") &&
                          Catch::Contains("#SBATCH --job-name=cs-my_sweep\n") &&
                          Catch::Contains("--shard \"${SLURM_ARRAY_TASK_ID}/3\"") && Catch::Contains("--no-merge") &&
                          Catch::Contains("'/opt/it'\\''s/clustersim'") &&
                          Catch::Contains("'--cfg=network/model:CM02'"));
  REQUIRE_THAT(cs::read_text(job.merge_script), Catch::Contains("sweep merge '" + o.out_dir + "'"));
  REQUIRE_THAT(cs::read_text(job.submit_script), Catch::Contains("--dependency=afterany:\"$array\""));
  // The frozen copy of the sweep runs the same points from any working folder.
  auto frozen = cs::load_sweep(job.dir + "/sweep.json");
  REQUIRE(cs::sweep_fingerprint(frozen, o.forward) == cs::sweep_fingerprint(spec, o.forward));
  for (auto const& s : {job.array_script, job.merge_script, job.submit_script})
    REQUIRE(std::system(("bash -n '" + s + "'").c_str()) == 0);
  o.out_dir = tmp + "/with space";
  REQUIRE_THROWS_AS(cs::write_slurm_job(spec, o), cs::UsageError);
  fs::remove_all(tmp);
}
