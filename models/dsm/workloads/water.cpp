/* Two programs. `layout: rows`, a skeleton from seed 003's one-line description (docs/models/dsm.md
 * §Water): Water (n-squared, SPLASH-2 style), molecules divided in blocks among the nodes and homed there. Per step:
 * intra-molecular forces on one's own molecules; barrier; pair forces between each own molecule and the next
 * half of the system (their positions read), then each molecule touched gets its force contribution added under
 * its lock (acquire, write, release: SPLASH-2's per-molecule locks, the branch apps/water does not compile); barrier;
 * position update of one's own molecules; barrier; potential energy summed into a shared record under one more
 * lock; barrier. `layout: apps`: JIAJIA 2.1's apps/water itself (AppsWater below). */
#include "models/dsm/benchmark.hpp"
#include "models/dsm/workloads/water_split.hpp"

#include <algorithm>

namespace cs::dsm {

namespace {

class Water : public Benchmark {
public:
  Water(const WaterParams& p, Memory& m) : p_(p)
  {
    double block = static_cast<double>(block_share(p.molecules, m.nodes(), 0).second) * p.molecule_bytes;
    mols_        = m.alloc(static_cast<double>(p.molecules) * p.molecule_bytes, block);
    sums_        = m.alloc(m.page_size(), m.page_size());
  }

  void body(Node& node) override
  {
    auto [first, last] = block_share(p_.molecules, node.nodes(), node.id());
    long own           = last - first;
    double share       = static_cast<double>(own) / static_cast<double>(p_.molecules);
    double step        = p_.seq_time / static_cast<double>(p_.steps);
    double other       = step * (1 - p_.interf_share) / 3 * share;
    long half          = p_.molecules / 2;
    double mb          = p_.molecule_bytes;
    for (long s = 0; s < p_.steps; ++s) {
      node.compute(other); // INTRAF
      if (own > 0)
        node.write_span(mols_, static_cast<double>(first) * mb, static_cast<double>(own) * mb);
      node.barrier();
      if (own > 0) { // INTERF
        for (long j = first; j < last + half; ++j)
          node.read_span(mols_, static_cast<double>(j % p_.molecules) * mb, mb);
        node.compute(step * p_.interf_share * share);
        for (long j = first; j < last + half; ++j) {
          long mol = j % p_.molecules;
          node.acquire(mol % p_.locks);
          node.write_span(mols_, static_cast<double>(mol) * mb, p_.force_bytes);
          node.release(mol % p_.locks);
        }
      }
      node.barrier();
      node.compute(other); // position update
      if (own > 0)
        node.write_span(mols_, static_cast<double>(first) * mb, static_cast<double>(own) * mb);
      node.barrier();
      node.compute(other); // POTENG
      node.acquire(p_.locks);
      node.write(sums_, 24);
      node.release(p_.locks);
      node.barrier();
    }
  }

private:
  WaterParams p_;
  long mols_ = 0, sums_ = 0;
};

/* JIAJIA 2.1's apps/water (docs/models/dsm.md §Water): the molecules' shared records are two arrays, positions
 * (VAR_DISPVM, position_bytes each) and forces (VAR_FORCE, 72 B), each one jia_alloc2p(…, 0), so homed at node 0
 * with the GlobalMemory sums; the other derivatives are private. Process p owns molecules StartMol[p] ..
 * StartMol[p+1] - 1 (N/P each, the rest to the last). A step (NPRINT 1: the energy every step) is MDMAIN's:
 * node 0 clears the sums; barrier; PREDIC and INTRAF (own positions and forces written, the virial under lock 1);
 * barrier; INTERF: own and the next half of the molecules' positions read, pair forces summed privately, then for
 * each other process q in turn lock 8 + q and add the sums into q's molecules' forces; virial under lock 2;
 * barrier; own forces added and scaled; CORREC, BNDRY, KINETI (three sums under lock 6); barrier; POTENG's
 * intra part (own Vm written); barrier; its pair part (the same positions read), sums under lock 7; barrier;
 * barrier. CPU time: the sequential time over the step's pairs and molecules weighed by their operation counts. */
class AppsWater : public Benchmark, private WaterSplit {
public:
  AppsWater(const WaterParams& p, Memory& m) : WaterSplit(p), p_(p)
  {
    gl_        = m.alloc(m.page_size(), m.page_size(), 0);
    double pos = static_cast<double>(n_) * p.position_bytes;
    double frc = static_cast<double>(n_) * p.force_bytes;
    positions_ = m.alloc(pos, pos, 0);
    forces_    = m.alloc(frc, frc, 0);
  }

  void body(Node& node) override
  {
    int me = node.id(), nodes = node.nodes();
    Share mine = share(me, nodes);
    long first = mine.first, last = mine.last, own = last - first;
    double own_pairs = mine.pairs, mols = mine.molecules();
    for (long s = 0; s < p_.steps; ++s) {
      if (me == 0)
        node.write(gl_, 64);
      node.barrier();
      node.compute(unit_ * p_.predict_mol * mols); // PREDIC, INTRAF
      own_records(node, first, own);
      sum_under(node, 1);
      node.barrier();
      read_partners(node, first, last); // INTERF
      node.compute(unit_ * own_pairs);
      for (int k = 1; k < nodes; ++k) {
        int q = (me + k) % nodes;
        node.acquire(8 + q);
        add_forces(node, first, last, start(q, nodes), start(q + 1, nodes));
        node.release(8 + q);
      }
      sum_under(node, 2);
      if (nodes > 1)
        node.barrier();
      node.write_span(forces_, static_cast<double>(first) * p_.force_bytes, mols * p_.force_bytes);
      node.compute(unit_ * p_.correct_mol * mols); // CORREC, BNDRY, KINETI
      node.write_span(positions_, static_cast<double>(first) * p_.position_bytes, mols * p_.position_bytes);
      for (int dir = 0; dir < 3; ++dir)
        sum_under(node, 6);
      node.barrier();
      node.compute(unit_ * p_.poteng_mol * mols); // POTENG
      node.write_span(positions_, static_cast<double>(first) * p_.position_bytes, mols * p_.position_bytes);
      node.barrier();
      read_partners(node, first, last);
      node.compute(unit_ * p_.poteng_pair * own_pairs);
      sum_under(node, 7);
      node.barrier();
      node.barrier();
    }
  }

private:
  void own_records(Node& node, long first, long own) const
  {
    node.write_span(positions_, static_cast<double>(first) * p_.position_bytes,
                    static_cast<double>(own) * p_.position_bytes);
    node.write_span(forces_, static_cast<double>(first) * p_.force_bytes, static_cast<double>(own) * p_.force_bytes);
  }
  void sum_under(Node& node, long lock) const
  {
    node.acquire(lock);
    node.write(gl_, 8);
    node.release(lock);
  }
  /** Positions of molecules first .. last - 1 + the farthest partner, wrapping past N. */
  void read_partners(Node& node, long first, long last) const
  {
    if (first >= last)
      return;
    long end = std::min(last - 1 + half_, first + n_ - 1) + 1; // one past the last molecule read, unwrapped
    read_range(node, first, std::min(end, n_));
    if (end > n_)
      read_range(node, 0, end - n_);
  }
  void read_range(Node& node, long from, long to) const
  {
    node.read_span(positions_, static_cast<double>(from) * p_.position_bytes,
                   static_cast<double>(to - from) * p_.position_bytes);
  }
  /** Adds this process's sums into q's molecules [q_first, q_last) that its pairs reached (the program skips
   *  molecules whose sum is zero): the partners of first .. last - 1 are first + 1 .. the farthest, mod N. */
  void add_forces(Node& node, long first, long last, long q_first, long q_last) const
  {
    long end = first + 1;
    for (long mol = first; mol < last; ++mol)
      end = std::max(end, mol + pairs(mol) + 1);
    for (long shift : {0L, n_}) { // the reached range unwrapped, and its part past N
      long from = std::max(first + 1, q_first + shift), to = std::min(end, q_last + shift);
      if (from < to)
        node.write_span(forces_, static_cast<double>(from - shift) * p_.force_bytes,
                        static_cast<double>(to - from) * p_.force_bytes);
    }
  }

  WaterParams p_;
  long gl_ = 0, positions_ = 0, forces_ = 0;
};

} // namespace

std::unique_ptr<Benchmark> make_water(const WaterParams& p, Memory& memory)
{
  if (p.layout == "apps")
    return std::make_unique<AppsWater>(p, memory);
  if (p.layout == "splash")
    return make_splash_water(p, memory);
  return std::make_unique<Water>(p, memory);
}

} // namespace cs::dsm
