/* Native microbenchmarks of memory work: copies (message-log copies, saved stacks and states, DSM twins), the
 * page-fault trap a software DSM takes on every first access (mprotect + SIGSEGV), and the diff of a page against
 * its twin. */
#pragma once
#include "calibration/timing.hpp"

#include <cstddef>

namespace cs::calib {

/** memcpy of `bytes` between two buffers that the loop keeps using (as a program copies data it just touched). */
Summary bench_memcpy(const Plan& plan, size_t bytes);

/** A write to a read-protected page: SIGSEGV, a handler that mprotect()s the `unit_bytes` unit around the address
 *  read-write (and copies it into a twin when `twin`), then the write is retried and succeeds. Per fault. */
Summary bench_fault_trap(const Plan& plan, size_t unit_bytes, bool twin);

/** The diff of a `page_bytes` page against its twin: compare 8-byte words, encode runs of changed words as
 *  (offset, length, words). The page has the first 8 bytes of every 64-byte line changed (1/8 of it, one run per
 *  line), a page after a typical write phase of a DSM program. Per page. */
Summary bench_page_diff(const Plan& plan, size_t page_bytes);

/** The encoding bench_page_diff times (exposed for tests): writes the diff of `page` against `twin` into `out`
 *  (capacity at least page_bytes * 2) and returns its size in bytes. */
size_t encode_diff(const unsigned char* twin, const unsigned char* page, size_t page_bytes, unsigned char* out);

} // namespace cs::calib
