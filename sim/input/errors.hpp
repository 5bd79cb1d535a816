/* Typed errors of clustersim: bad input (exit 2) versus everything else (exit 1). */
#pragma once
#include <stdexcept>
#include <string>

namespace cs {

/** Bad user input: names the file, the JSON pointer and what was wrong. main() turns it into exit status 2. */
class InputError : public std::runtime_error {
public:
  InputError(const std::string& file, const std::string& pointer, const std::string& what)
      : std::runtime_error(format(file, pointer, what)), file_(file), pointer_(pointer), message_(what)
  {
  }
  const std::string& file() const { return file_; }
  const std::string& pointer() const { return pointer_; }
  /** What was wrong, without the file and pointer (to report the same problem at another place). */
  const std::string& message() const { return message_; }

private:
  static std::string format(const std::string& file, const std::string& pointer, const std::string& what)
  {
    std::string out = file.empty() ? std::string("<input>") : file;
    out += ": ";
    if (not pointer.empty())
      out += pointer + ": ";
    return visible(out + what);
  }
  /** `text` with its control characters written as \u00XX: a NUL from a key would end the message where main()
   *  prints it, and a newline would split it into two lines. */
  static std::string visible(const std::string& text)
  {
    static const char hex[] = "0123456789abcdef";
    std::string out;
    for (char c : text) {
      auto u = static_cast<unsigned char>(c);
      if (u < 0x20 || u == 0x7f)
        out += std::string("\\u00") + hex[u >> 4] + hex[u & 15];
      else
        out += c;
    }
    return out;
  }
  std::string file_;
  std::string pointer_;
  std::string message_;
};

/** Bad command-line usage (also exit status 2). */
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace cs
