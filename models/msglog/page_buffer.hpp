/* The page bookkeeping of the seed's buffering library, without any timing (unit-tested on its own).
 *
 * A buffer has k pages: one current page receives the copies of sent messages; a full page is sealed and becomes
 * outstanding (protected while its asynchronous write runs); the next free page becomes current. When no page is
 * free the sender must wait for a write to complete: the number of such waits over the pages filled is the
 * seed's buffer-full rate (Table 2). */
#pragma once
#include <algorithm>
#include <stdexcept>

namespace cs::msglog {

class PageBuffer {
public:
  PageBuffer(long pages, double page_size) : page_size_(page_size), free_(pages - 1)
  {
    if (pages < 1 || page_size <= 0)
      throw std::invalid_argument("PageBuffer needs at least one page of positive size");
  }

  double page_size() const { return page_size_; }
  /** Bytes copied into the current page so far. */
  double used() const { return used_; }
  bool has_current() const { return has_current_; }
  long free_pages() const { return free_; }
  long outstanding() const { return outstanding_; }

  /** A message that does not fit in what is left of a non-empty page starts a new page (log records are not
   *  split, except those larger than a page, which fill whole pages). */
  bool must_seal_before(double bytes) const
  {
    return has_current_ && used_ > 0 && used_ + std::min(bytes, page_size_) > page_size_;
  }
  /** Copies `bytes` (at most what is left) into the current page; returns the bytes taken. */
  double append(double bytes)
  {
    double take = std::min(bytes, page_size_ - used_);
    used_ += take;
    return take;
  }
  bool full() const { return used_ >= page_size_; }

  /** The current page becomes outstanding; returns its bytes (what its write carries). */
  double seal()
  {
    double b     = used_;
    used_        = 0;
    has_current_ = false;
    ++outstanding_;
    ++sealed_;
    return b;
  }
  /** Whether a free page can become current now (else the sender waits: a buffer-full event). */
  bool can_advance() const { return free_ > 0; }
  void advance()
  {
    if (free_ <= 0 || has_current_)
      throw std::logic_error("PageBuffer::advance without a free page");
    --free_;
    has_current_ = true;
  }
  /** An outstanding page's write completed (or, buffering only, the page was recycled at once). */
  void released()
  {
    if (outstanding_ <= 0)
      throw std::logic_error("PageBuffer::released without an outstanding page");
    --outstanding_;
    ++free_;
  }
  long sealed() const { return sealed_; }

private:
  double page_size_;
  double used_      = 0;
  bool has_current_ = true;
  long free_;
  long outstanding_ = 0;
  long sealed_      = 0;
};

} // namespace cs::msglog
