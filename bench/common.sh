# Sourced by the benchmark scripts: the repository root as working folder, the binary, a scratch folder removed at
# exit, a wall clock and a calculator, and a line describing the machine (figures depend on its load).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exe=${BUILD:-build}/clustersim
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
calc() { python3 -c "print($1)"; }
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"
