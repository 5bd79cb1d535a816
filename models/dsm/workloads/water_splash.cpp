/* SPLASH's Water (n-squared) with one modification to reduce its lock accesses (docs/models/dsm_ext.md §Water):
 * the original INTERF adds each pair's forces to both molecules' shared records under their locks, two lock
 * accesses per pair; here a process sums its pairs' forces privately and adds each molecule's sum once per step,
 * under that molecule's lock (lock mol % locks). The molecules' shared records are one array VAR of
 * molecule_bytes each (positions, their derivatives and the forces), process p owning molecules StartMol[p] ..
 * StartMol[p+1] - 1 (N/P each, the rest to the last). A step: PREDIC and INTRAF on one's own molecules (their
 * records written, the virial summed under a global lock); barrier; INTERF: the positions of one's own and the
 * next half of the molecules read, pair forces summed, then the molecule-locked additions and the virial; barrier;
 * CORREC, BNDRY, KINETI (own records written, the kinetic energy under a lock); barrier; POTENG: the same positions
 * read, the potential energy under a lock; barrier. CPU time: the sequential time over the step's pairs and
 * molecules weighed by their operation counts, as in the apps layout. */
#include "models/dsm/benchmark.hpp"
#include "models/dsm/workloads/water_split.hpp"

#include <algorithm>

namespace cs::dsm {

namespace {

class SplashWater : public Benchmark, private WaterSplit {
public:
  SplashWater(const WaterParams& p, Memory& m) : WaterSplit(p), p_(p)
  {
    gl_        = m.alloc(m.page_size(), m.page_size(), 0);
    double all = static_cast<double>(n_) * p.molecule_bytes;
    var_       = m.alloc(all, all, 0);
  }

  void body(Node& node) override
  {
    int me = node.id(), nodes = node.nodes();
    Share mine = share(me, nodes);
    long first = mine.first, last = mine.last, own = last - first;
    double own_pairs = mine.pairs, mols = mine.molecules();
    for (long s = 0; s < p_.steps; ++s) {
      node.compute(unit_ * p_.predict_mol * mols); // PREDIC, INTRAF
      own_records(node, first, own);
      sum_under(node, kIntrafVir);
      node.barrier();
      read_partners(node, first, last); // INTERF
      node.compute(unit_ * own_pairs);
      add_forces(node, first, last);
      sum_under(node, kInterfVir);
      node.barrier();
      node.compute(unit_ * p_.correct_mol * mols); // CORREC, BNDRY, KINETI
      own_records(node, first, own);
      sum_under(node, kKinetiSum);
      node.barrier();
      read_partners(node, first, last); // POTENG
      node.compute(unit_ * (p_.poteng_pair * own_pairs + p_.poteng_mol * mols));
      sum_under(node, kPotengSum);
      node.barrier();
    }
  }

private:
  // The global sums' locks, after the molecules' (lock mol % locks).
  enum : long { kIntrafVir, kInterfVir, kKinetiSum, kPotengSum };

  void own_records(Node& node, long first, long own) const
  {
    if (own > 0)
      node.write_span(var_, static_cast<double>(first) * p_.molecule_bytes,
                      static_cast<double>(own) * p_.molecule_bytes);
  }
  void sum_under(Node& node, long which) const
  {
    long lock = p_.locks + which;
    node.acquire(lock);
    node.write(gl_, 8);
    node.release(lock);
  }
  /** One past the farthest partner of molecules first .. last - 1, unwrapped (may pass N). */
  long reach(long first, long last) const
  {
    long end = first + 1;
    for (long mol = first; mol < last; ++mol)
      end = std::max(end, mol + pairs(mol) + 1);
    return std::min(end, first + n_);
  }
  void read_partners(Node& node, long first, long last) const
  {
    if (first >= last)
      return;
    long end = reach(first, last);
    for (long mol = first; mol < end; ++mol)
      node.read_span(var_, static_cast<double>(mol % n_) * p_.molecule_bytes, p_.molecule_bytes);
  }
  /** Each molecule the pairs reached (own ones included) gets its sum once, under its lock. */
  void add_forces(Node& node, long first, long last) const
  {
    if (first >= last)
      return;
    long end = reach(first, last);
    for (long j = first; j < end; ++j) {
      long mol = j % n_;
      node.acquire(mol % p_.locks);
      node.write_span(var_, static_cast<double>(mol) * p_.molecule_bytes + p_.molecule_bytes - p_.force_bytes,
                      p_.force_bytes);
      node.release(mol % p_.locks);
    }
  }

  WaterParams p_;
  long gl_ = 0, var_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_splash_water(const WaterParams& p, Memory& memory)
{
  return std::make_unique<SplashWater>(p, memory);
}

} // namespace cs::dsm
