/* Water (n-squared, SPLASH-2 style): molecules divided in blocks among the nodes and homed there. Per step:
 * intra-molecular forces on one's own molecules; barrier; pair forces between each own molecule and the next
 * half of the system (their positions read), then each molecule touched gets its force contribution added under
 * its lock (acquire, write, release: the per-molecule locks of docs/models/dsm.md §Sources); barrier; position update
 * of one's own molecules; barrier; potential energy summed into a shared record under one more lock; barrier. */
#include "models/dsm/benchmark.hpp"

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

} // namespace

std::unique_ptr<Benchmark> make_water(const WaterParams& p, Memory& memory)
{
  return std::make_unique<Water>(p, memory);
}

} // namespace cs::dsm
