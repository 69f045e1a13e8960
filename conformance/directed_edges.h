// The directed edge classes of the row-wise and windowed operators
// (docs/conformance.md "Directed edge cases", C-911..C-913): at a directed
// case (DirectedCaseIndex() = k) the reductions, arg-reductions, sorts,
// softmax family, norms and pools use these instead of drawing, so every run
// meets the same long rows, NaN / ±inf / −0 placements and ties, whatever the
// seed. Pure functions of k and the shape: no rapidcheck draws.
#ifndef NNRT_CONFORMANCE_DIRECTED_EDGES_H_
#define NNRT_CONFORMANCE_DIRECTED_EDGES_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/ir/ir.h"

namespace nnrt {
namespace cts {

// The row (reduced-axis) length of directed case k: 67, 9, 17, 33, 65, 1, 5,
// 64, each for two consecutive cases (k = 2m and 2m + 1). All but 1, 5 and 64
// are longer than 8 and no multiple of 8, so a vectorised kernel runs its
// remainder loop after blocks of 8, 16, 32 or 64 lanes (C-912).
int32_t DirectedRowLength(size_t k);

// Even directed cases place specials in the windows (PlantWindowSpecials), odd
// ones keep every row finite, so that arithmetic over the long rows shows.
bool DirectedSpecialsCase(size_t k);

// How a directed row-wise case lays its row out, by k: 0 the last axis of
// [2, L]; 1 the first axis of [L, 3] (a strided row); 2 the last axis of
// [3, L]. `row_axis` indexes `dims`.
struct DirectedRowShape {
  Dims dims;
  int32_t row_axis = 0;
};
DirectedRowShape DirectedRowLayout(size_t k);

// Deterministic finite data for directed case k, `count` elements: float
// values ((37·i + 11·k) mod 29 − 14) / 4 in [−3.5, 3.5] (exact in float16),
// integer and quantized codes zero_point + (37·i + 11·k) mod 29 − 14 clamped to
// the type. Values repeat every 29 elements, so long rows hold equal values.
std::vector<uint8_t> DirectedRowData(DataType dtype, size_t count, size_t k, int32_t zero_point);

// Tie data for the sort / select operators: element i holds
// ((3·i + k) mod 5) − 2 (quantized: zero_point + that, clamped), so a row of
// six or more elements holds its maximum (and minimum) at least twice (C-914).
std::vector<uint8_t> DirectedTieData(DataType dtype, size_t count, size_t k, int32_t zero_point);

// Places NaN, +inf, −inf, −0 / +0 and +inf / −inf pairs into the reduction
// windows of a float tensor (nothing for other types): the elements sharing
// their non-reduced coordinates form one window; window w of case k gets
// class (w + k/2) mod 6 — 0: a NaN, 1: +inf, 2: −inf, 3: −0 then +0 with every
// other element made ≤ 0 (so the zeros are the window's maximum), 4: +inf and
// −inf, 5: nothing — at position (7·w + k) mod n of its n elements (C-911).
void PlantWindowSpecials(DataType dtype, const Dims& dims, const std::vector<bool>& reduced, size_t k,
                         std::vector<uint8_t>* bytes);

// Pooling windows overlap, so the specials go per pixel of an NHWC float
// tensor: element (n, h, w, c) gets class (h + 2·w + 3·c + n + k/2) mod 7 —
// NaN, +inf, −inf, −0, +0 or nothing (two classes) — so every window of 2×2
// or more holds some special value and the classes move from window to window (C-911).
void PlantPixelSpecials(DataType dtype, const Dims& nhwc, size_t k, std::vector<uint8_t>* bytes);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_DIRECTED_EDGES_H_
