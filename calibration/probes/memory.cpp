#include "calibration/probes/memory.hpp"
#include "calibration/native.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sys/mman.h>
#include <vector>

namespace cs::calib {

Summary bench_memcpy(const Plan& plan, size_t bytes)
{
  Mapping src(bytes), dst(bytes);
  std::memset(src.data(), 1, bytes);
  std::memset(dst.data(), 2, bytes);
  return time_per_op(plan, [&] {
    std::memcpy(dst.data(), src.data(), bytes);
    compiler_barrier(dst.data());
  });
}

namespace {

/** What the SIGSEGV handler works on. A handler has no user argument, hence this one pointer, set only while a
 *  trap benchmark runs (single-threaded). */
struct TrapRegion {
  char* base;
  size_t size;
  size_t unit;
  char* twin; ///< nullptr: no twin copy
};
TrapRegion* trap_region = nullptr;

void on_protection_fault(int, siginfo_t* info, void*)
{
  auto* addr      = static_cast<char*>(info->si_addr);
  TrapRegion* reg = trap_region;
  if (reg == nullptr || addr < reg->base || addr >= reg->base + reg->size) {
    // Not ours: a genuine crash. Fall back to the default action, which fires when the access is retried.
    signal(SIGSEGV, SIG_DFL);
    return;
  }
  size_t off = static_cast<size_t>(addr - reg->base) / reg->unit * reg->unit;
  mprotect(reg->base + off, reg->unit, PROT_READ | PROT_WRITE);
  if (reg->twin)
    std::memcpy(reg->twin + off, reg->base + off, reg->unit);
}

} // namespace

Summary bench_fault_trap(const Plan& plan, size_t unit_bytes, bool twin)
{
  // Enough units for one sample to last about plan.sample_s at a few microseconds a fault.
  const double guess_s = 3e-6;
  size_t units         = std::clamp<size_t>(static_cast<size_t>(plan.sample_s / guess_s), 64, 4096);
  size_t bytes         = units * unit_bytes;
  Mapping region(bytes);
  touch_pages(region.data(), bytes); // resident: the benchmark times protection faults, not page allocation
  std::vector<char> twin_copy(twin ? bytes : 0);
  TrapRegion reg{region.data(), bytes, unit_bytes, twin ? twin_copy.data() : nullptr};
  trap_region = &reg;
  SignalHandler handler(SIGSEGV, on_protection_fault);
  Summary s;
  try {
    s = self_timed(plan, [&] {
      check_errno(mprotect(region.data(), bytes, PROT_READ) == 0, "mprotect");
      double t0 = now_s();
      for (size_t u = 0; u < units; ++u)
        region.data()[u * unit_bytes] = static_cast<char>(u);
      return (now_s() - t0) / static_cast<double>(units);
    });
  } catch (...) {
    trap_region = nullptr;
    throw;
  }
  trap_region = nullptr;
  return s;
}

size_t encode_diff(const unsigned char* twin, const unsigned char* page, size_t page_bytes, unsigned char* out)
{
  const size_t words = page_bytes / 8;
  size_t pos         = 0;
  size_t i           = 0;
  auto word          = [](const unsigned char* p, size_t k) {
    uint64_t w;
    std::memcpy(&w, p + 8 * k, 8);
    return w;
  };
  while (i < words) {
    if (word(twin, i) == word(page, i)) {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < words && word(twin, i) != word(page, i))
      ++i;
    auto offset = static_cast<uint32_t>(8 * start);
    auto length = static_cast<uint32_t>(8 * (i - start));
    std::memcpy(out + pos, &offset, 4);
    std::memcpy(out + pos + 4, &length, 4);
    std::memcpy(out + pos + 8, page + offset, length);
    pos += 8 + length;
  }
  return pos;
}

Summary bench_page_diff(const Plan& plan, size_t page_bytes)
{
  std::vector<unsigned char> twin(page_bytes), page(page_bytes), out(2 * page_bytes);
  for (size_t k = 0; k < page_bytes; ++k)
    twin[k] = static_cast<unsigned char>(k * 7);
  page = twin;
  for (size_t line = 0; line < page_bytes; line += 64)
    for (size_t k = 0; k < 8; ++k)
      page[line + k] ^= 0x5a;
  return time_per_op(plan, [&] {
    size_t n = encode_diff(twin.data(), page.data(), page_bytes, out.data());
    compiler_barrier(out.data() + n);
  });
}

} // namespace cs::calib
