// SplitMix64 (Steele, Lea, Flood 2014): the seeded generator of the golden
// data (C-203), the conformance graph plans, text-format seeded data (C-770)
// and the ONNX importer's seeded inputs. One implementation, so that every
// generated value stays a function of its seed alone.
#ifndef NNRT_REFERENCE_NUMERICS_SPLITMIX64_H_
#define NNRT_REFERENCE_NUMERICS_SPLITMIX64_H_

#include <cstdint>

namespace nnrt {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  // The next 64 random bits.
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  uint64_t state_;
};

}  // namespace nnrt

#endif  // NNRT_REFERENCE_NUMERICS_SPLITMIX64_H_
