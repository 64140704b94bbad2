#include "core/secure_random.h"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace jungle {

namespace {

thread_local uint64_t drawn_here = 0;

}  // namespace

void secure_random_bytes(void* out, std::size_t size) {
  auto* bytes = static_cast<unsigned char*>(out);
  while (size > 0) {
    // Blocks only until the kernel's generator is first seeded at boot;
    // a large request may be answered in part, or cut short by a signal.
    const ssize_t got = getrandom(bytes, size, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("the system's random generator failed (getrandom: ") +
                               std::strerror(errno) + ")");
    }
    bytes += got;
    size -= std::size_t(got);
  }
}

SecureRandom::result_type SecureRandom::operator()() {
  result_type value;
  secure_random_bytes(&value, sizeof value);
  ++drawn_here;
  return value;
}

uint64_t SecureRandom::drawn_on_this_thread() {
  return drawn_here;
}

}  // namespace jungle
