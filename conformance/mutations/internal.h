// Internal to the invalid-model mutation families (mutations.h): the helpers
// the families share (mutations.cc) and the families of the other files, which
// the table in mutations.cc lists. Every family has the MutateFn signature.
#ifndef NNRT_CONFORMANCE_MUTATIONS_INTERNAL_H_
#define NNRT_CONFORMANCE_MUTATIONS_INTERNAL_H_

#include <cstdint>

#include "conformance/generators.h"
#include "conformance/mutations/mutations.h"
#include "conformance/node_spec.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

// ---- Shared helpers (mutations.cc) ----

// Copies the valid case into *out; false when it has no node to mutate.
bool Begin(const GeneratedCase& valid, MutatedCase* out);
Model& M(MutatedCase* out);
Node& TheNode(MutatedCase* out);
// Input 0 of the node when it is a model input without data (every spec's "x").
Tensor* NodeModelInput0(MutatedCase* out);
Tensor* NodeOutput0(MutatedCase* out);
// Input `index` of the node when it is a constant of the model.
Tensor* ConstantNodeInput(MutatedCase* out, size_t index);
bool IsCastLike(NodeType t);
Attr* FindMutableAttr(Node& n, const char* name);
// An attribute the spec declares (AttrDomain) and the generated node carries.
Attr* DomainAttr(const NodeSpec& spec, MutatedCase* out, const char* name);
bool ValueInDomain(const AttrDomain& d, int64_t v);

// ---- Operand types, ranks, dims and quantization parameters (mutations_operands.cc) ----
bool OperandTypeNotAllowed(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool DataTypeNotInHdi(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool RankAboveMax(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool RankWrongForOperator(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ReductionDimMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool LstmWeightShapeMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool NormParamShapeMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool BroadcastIncompatible(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrEltwiseModeInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrScaleNotFinite(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ReduceAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool PaddingsWrongShape(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool PadReflectAmountTooLarge(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool SliceSizePastEnd(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool CropWindowPastEnd(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool DetectionAnchorCountMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool DetectionNumClassesMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);

// ---- Generated tensors and bool checks (mutations_generators.cc) ----
bool ShapeOperandNot1D(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ConstantValueTwoElements(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool RangeDeltaZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AllKeepDimsTwo(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AssertConditionTwoElements(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool DimZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool DimBelowMinusOne(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool QuantScaleZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool QuantScaleNegative(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool QuantScaleNan(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool QuantScaleInf(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool QuantNumBitsNot8(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool QuantZeroPointOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool QuantOutputFloat(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);

// ---- Node inputs and outputs, indices and graph structure (mutations_graph.cc) ----
bool TooFewInputs(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool TooManyInputs(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool NoOutputs(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool TooManyOutputs(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool NodeInputIndexOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool NodeOutputIndexOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ModelInputIndexOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ModelOutputIndexOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool Cycle(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool TensorWrittenTwice(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool NodeRemoved(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool TensorRemoved(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ModelInputListedTwice(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ModelInputWithData(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ModelOutputIsModelInput(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ConstantDataLength(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool NodeTypeNotInHdi(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool SubGraphNodeOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);

// ---- Attributes (mutations_attributes.cc) ----
bool AttrActivationTypeInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrPadModeInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrStrideZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrPadListLength(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool PoolKernelLargerThanPaddedInput(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrDilationNegative(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrOneHotAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrFcAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrLstmDirectionsInconsistent(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrNormAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ResizeNewSizeZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrResizeEnumInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);

// ---- Axis-driven data movement (mutations_data_movement.cc) ----
bool AttrAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ConcatDimsMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool SplitSizesNotAddingUp(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool TransposePermNotAPermutation(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool StackInputDimsDiffer(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool UnstackOutputCountWrong(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool SqueezeAxisNotUnit(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool ExpandDimsAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool BroadcastToShapeIncompatible(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool TileMultiplesZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrSoftmaxAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrArgMaxAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrTopKAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool TopKKAboveExtent(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrLrnDepthRadiusNegative(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrLrnNormRegionUnknown(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrGroupNotDividingChannels(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrWrongType(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrRequiredMissing(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrUnknownName(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool AttrWrongCount(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);

// ---- Block/space rearrangements (mutations_block_space.cc) ----
bool BlockSizeBelowTwo(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool DepthSpaceDimNotDivisible(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool DepthToSpaceModeUnknown(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool BlockShapeZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool BatchSpaceDimNotDivisible(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool BatchToSpaceCropsTooLarge(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
// ---- STRIDED_SLICE and SPARSE_TO_DENSE (mutations_strided.cc) ----
bool StridedSliceTwoEllipsisBits(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool StridedSliceEntryLengthsDiffer(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool StridedSliceStrideZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);
bool SparseToDenseIndexOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MUTATIONS_INTERNAL_H_
