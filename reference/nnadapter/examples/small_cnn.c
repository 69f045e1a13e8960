/* A small CNN (conv 3x3 -> max pool 2x2 -> fully connected -> softmax) built,
 * compiled and run through the NNAdapter C API on the built-in "reference"
 * device, in plain C. Exits 0 when the probabilities match the program's own
 * computation of the same network. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "nnadapter/nnadapter.h"

#define CHECK(call)                                                   \
  do {                                                                \
    int result_ = (call);                                             \
    if (result_ != NNADAPTER_NO_ERROR) {                              \
      fprintf(stderr, "%s:%d: %s returned %d\n", __FILE__, __LINE__, #call, result_); \
      return 1;                                                       \
    }                                                                 \
  } while (0)

enum { H = 4, W = 4, C_OUT = 2, K = 3, POOLED = 2, UNITS = 3, FC_IN = C_OUT * POOLED * POOLED };

/* Host memory of one model input or output, as the access callback sees it. */
typedef struct {
  float* data;
  size_t capacity;           /* in floats */
  uint32_t dims_count;
  int32_t dims[NNADAPTER_MAX_SIZE_OF_DIMENSIONS];
} Memory;

static void* AccessInput(void* memory, NNAdapterOperandType* type) {
  Memory* m = (Memory*)memory;
  type->dimensions.count = m->dims_count;
  memcpy(type->dimensions.data, m->dims, sizeof(int32_t) * m->dims_count);
  return m->data;
}

static void* AccessOutput(void* memory, NNAdapterOperandType* type) {
  Memory* m = (Memory*)memory;
  size_t elements = 1;
  for (uint32_t i = 0; i < type->dimensions.count; ++i) elements *= (size_t)type->dimensions.data[i];
  if (elements > m->capacity) return NULL;
  m->dims_count = type->dimensions.count;
  memcpy(m->dims, type->dimensions.data, sizeof(int32_t) * m->dims_count);
  return m->data;
}

static NNAdapterOperandType TensorType(int32_t precision, uint32_t count, const int32_t* dims) {
  NNAdapterOperandType t;
  memset(&t, 0, sizeof(t));
  t.precision = (NNAdapterOperandPrecisionCode)precision;
  t.layout = NNADAPTER_NCHW;
  t.dimensions.count = count;
  if (count > 0) memcpy(t.dimensions.data, dims, sizeof(int32_t) * count);
  return t;
}

static int AddConstant(NNAdapterModel* model, int32_t precision, uint32_t count, const int32_t* dims,
                       const void* data, uint32_t bytes, NNAdapterOperand** operand) {
  NNAdapterOperandType t = TensorType(precision, count, dims);
  CHECK(NNAdapterModel_addOperand(model, &t, operand));
  CHECK(NNAdapterModel_setOperandValue(*operand, (void*)data, bytes, true));
  return 0;
}

static int AddInt32(NNAdapterModel* model, int32_t value, NNAdapterOperand** operand) {
  return AddConstant(model, NNADAPTER_INT32, 0, NULL, &value, sizeof(value), operand);
}

/* Weights of the network. */
static float filter[C_OUT][1][K][K];
static float conv_bias[C_OUT] = {0.1f, -0.2f};
static float fc_weight[UNITS][FC_IN];
static float fc_bias[UNITS] = {0.0f, 0.5f, -0.5f};

static void InitWeights(void) {
  for (int o = 0; o < C_OUT; ++o)
    for (int i = 0; i < K; ++i)
      for (int j = 0; j < K; ++j) filter[o][0][i][j] = (float)((o + 1) * (i - j)) * 0.25f;
  for (int u = 0; u < UNITS; ++u)
    for (int k = 0; k < FC_IN; ++k) fc_weight[u][k] = (float)((u * 7 + k * 3) % 5 - 2) * 0.1f;
}

static int BuildModel(NNAdapterModel* model, NNAdapterOperand** input, NNAdapterOperand** output) {
  const int32_t in_dims[4] = {1, 1, H, W}, conv_dims[4] = {1, C_OUT, H, W};
  const int32_t pool_dims[4] = {1, C_OUT, POOLED, POOLED}, fc_dims[2] = {1, UNITS};
  const int32_t filter_dims[4] = {C_OUT, 1, K, K}, bias_dims[1] = {C_OUT}, fcw_dims[2] = {UNITS, FC_IN};
  const int32_t fcb_dims[1] = {UNITS}, pair_dims[1] = {2}, pads_dims[1] = {4};
  const int32_t same_pads[4] = {1, 1, 1, 1}, ones[2] = {1, 1}, twos[2] = {2, 2}, no_pads[4] = {0, 0, 0, 0};
  const bool no = false;
  NNAdapterOperandType t;
  NNAdapterOperand *f, *b, *auto_pad, *pads, *strides, *group, *dilations, *fuse, *conv_out;
  NNAdapterOperand *p_pads, *kernel, *p_strides, *ceil_mode, *indices, *indices_dtype, *pool_out;
  NNAdapterOperand *fc_w, *fc_b, *fc_out, *axis, *op_out;
  NNAdapterOperation* op;

  t = TensorType(NNADAPTER_FLOAT32, 4, in_dims);
  CHECK(NNAdapterModel_addOperand(model, &t, input));
  if (AddConstant(model, NNADAPTER_FLOAT32, 4, filter_dims, filter, sizeof(filter), &f) ||
      AddConstant(model, NNADAPTER_FLOAT32, 1, bias_dims, conv_bias, sizeof(conv_bias), &b) ||
      AddInt32(model, NNADAPTER_AUTO_PAD_NONE, &auto_pad) ||
      AddConstant(model, NNADAPTER_INT32, 1, pads_dims, same_pads, sizeof(same_pads), &pads) ||
      AddConstant(model, NNADAPTER_INT32, 1, pair_dims, ones, sizeof(ones), &strides) ||
      AddInt32(model, 1, &group) ||
      AddConstant(model, NNADAPTER_INT32, 1, pair_dims, ones, sizeof(ones), &dilations) ||
      AddInt32(model, NNADAPTER_FUSED_NONE, &fuse))
    return 1;
  t = TensorType(NNADAPTER_FLOAT32, 4, conv_dims);
  CHECK(NNAdapterModel_addOperand(model, &t, &conv_out));
  NNAdapterOperand* conv_in[9] = {*input, f, b, auto_pad, pads, strides, group, dilations, fuse};
  CHECK(NNAdapterModel_addOperation(model, NNADAPTER_CONV_2D, 9, conv_in, 1, &conv_out, &op));

  if (AddConstant(model, NNADAPTER_INT32, 1, pads_dims, no_pads, sizeof(no_pads), &p_pads) ||
      AddConstant(model, NNADAPTER_INT32, 1, pair_dims, twos, sizeof(twos), &kernel) ||
      AddConstant(model, NNADAPTER_INT32, 1, pair_dims, twos, sizeof(twos), &p_strides) ||
      AddConstant(model, NNADAPTER_BOOL8, 0, NULL, &no, 1, &ceil_mode) ||
      AddConstant(model, NNADAPTER_BOOL8, 0, NULL, &no, 1, &indices) ||
      AddInt32(model, NNADAPTER_INT32, &indices_dtype))
    return 1;
  t = TensorType(NNADAPTER_FLOAT32, 4, pool_dims);
  CHECK(NNAdapterModel_addOperand(model, &t, &pool_out));
  NNAdapterOperand* pool_in[9] = {conv_out, auto_pad, p_pads, kernel, p_strides, ceil_mode, indices, indices_dtype, fuse};
  NNAdapterOperand* pool_outs[2] = {pool_out, NULL};  // {output, indices}: NULL = no indices
  CHECK(NNAdapterModel_addOperation(model, NNADAPTER_MAX_POOL_2D, 9, pool_in, 2, pool_outs, &op));

  if (AddConstant(model, NNADAPTER_FLOAT32, 2, fcw_dims, fc_weight, sizeof(fc_weight), &fc_w) ||
      AddConstant(model, NNADAPTER_FLOAT32, 1, fcb_dims, fc_bias, sizeof(fc_bias), &fc_b))
    return 1;
  t = TensorType(NNADAPTER_FLOAT32, 2, fc_dims);
  CHECK(NNAdapterModel_addOperand(model, &t, &fc_out));
  NNAdapterOperand* fc_in[4] = {pool_out, fc_w, fc_b, fuse};
  CHECK(NNAdapterModel_addOperation(model, NNADAPTER_FULLY_CONNECTED, 4, fc_in, 1, &fc_out, &op));

  if (AddInt32(model, 1, &axis)) return 1;
  t = TensorType(NNADAPTER_FLOAT32, 2, fc_dims);
  CHECK(NNAdapterModel_addOperand(model, &t, &op_out));
  NNAdapterOperand* softmax_in[2] = {fc_out, axis};
  CHECK(NNAdapterModel_addOperation(model, NNADAPTER_SOFTMAX, 2, softmax_in, 1, &op_out, &op));
  *output = op_out;
  CHECK(NNAdapterModel_identifyInputsAndOutputs(model, 1, input, 1, output));
  CHECK(NNAdapterModel_finish(model));
  return 0;
}

/* The same network in double precision, rounded to float after each layer as
 * the reference rounds each node's result once. */
static void Expected(const float* x, float* probabilities) {
  float conv[C_OUT][H][W], pooled[FC_IN], logits[UNITS];
  for (int o = 0; o < C_OUT; ++o)
    for (int r = 0; r < H; ++r)
      for (int c = 0; c < W; ++c) {
        double acc = 0.0;
        for (int i = 0; i < K; ++i)
          for (int j = 0; j < K; ++j) {
            const int y = r + i - 1, z = c + j - 1;
            if (y >= 0 && y < H && z >= 0 && z < W) acc += (double)x[y * W + z] * filter[o][0][i][j];
          }
        conv[o][r][c] = (float)(acc + conv_bias[o]);
      }
  for (int o = 0; o < C_OUT; ++o)
    for (int r = 0; r < POOLED; ++r)
      for (int c = 0; c < POOLED; ++c) {
        float m = conv[o][2 * r][2 * c];
        for (int i = 0; i < 2; ++i)
          for (int j = 0; j < 2; ++j)
            if (conv[o][2 * r + i][2 * c + j] > m) m = conv[o][2 * r + i][2 * c + j];
        pooled[(o * POOLED + r) * POOLED + c] = m;
      }
  double max_logit = -INFINITY, sum = 0.0;
  for (int u = 0; u < UNITS; ++u) {
    double acc = 0.0;
    for (int k = 0; k < FC_IN; ++k) acc += (double)pooled[k] * fc_weight[u][k];
    logits[u] = (float)(acc + fc_bias[u]);
    if (logits[u] > max_logit) max_logit = logits[u];
  }
  for (int u = 0; u < UNITS; ++u) sum += exp(logits[u] - max_logit);
  for (int u = 0; u < UNITS; ++u) probabilities[u] = (float)(exp(logits[u] - max_logit) / sum);
}

int main(void) {
  InitWeights();
  NNAdapterDevice* device = NULL;
  NNAdapterContext* context = NULL;
  NNAdapterModel* model = NULL;
  NNAdapterCompilation* compilation = NULL;
  NNAdapterExecution* execution = NULL;
  NNAdapterOperand *input = NULL, *output = NULL;
  CHECK(NNAdapterDevice_acquire("reference", &device));
  CHECK(NNAdapterContext_create(&device, 1, "", &context));
  CHECK(NNAdapterModel_create(&model));
  if (BuildModel(model, &input, &output)) return 1;
  CHECK(NNAdapterCompilation_create(model, NULL, NULL, 0, NULL, context, &compilation));
  CHECK(NNAdapterCompilation_finish(compilation));
  uint32_t input_count = 0, output_count = 0;
  CHECK(NNAdapterCompilation_queryInputsAndOutputs(compilation, &input_count, NULL, &output_count, NULL));
  if (input_count != 1 || output_count != 1) return 1;

  float x[H * W], y[UNITS] = {0}, expected[UNITS];
  for (int i = 0; i < H * W; ++i) x[i] = (float)((i * 5) % 7 - 3) * 0.5f;
  Memory in = {x, H * W, 4, {1, 1, H, W}}, out = {y, UNITS, 0, {0}};
  CHECK(NNAdapterExecution_create(compilation, &execution));
  CHECK(NNAdapterExecution_setInput(execution, 0, &in, AccessInput));
  CHECK(NNAdapterExecution_setOutput(execution, 0, &out, AccessOutput));
  CHECK(NNAdapterExecution_compute(execution));

  Expected(x, expected);
  /* Each side rounds once per layer from double; softmax's sum and division
   * may round in a different order, a few float32 ulps (< 1e-6 for values in
   * [0, 1]). */
  int failures = out.dims_count != 2 || out.dims[0] != 1 || out.dims[1] != UNITS;
  for (int u = 0; u < UNITS; ++u) {
    printf("p[%d] = %.9g (expected %.9g)\n", u, y[u], expected[u]);
    if (fabs((double)y[u] - expected[u]) > 1e-6) failures++;
  }
  NNAdapterExecution_destroy(execution);
  NNAdapterCompilation_destroy(compilation);
  NNAdapterModel_destroy(model);
  NNAdapterContext_destroy(context);
  NNAdapterDevice_release(device);
  return failures == 0 ? 0 : 1;
}
