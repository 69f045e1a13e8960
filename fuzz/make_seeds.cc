// Writes the binary seed corpora of the fuzz targets (fuzz/README.md "Seed
// corpora"):
//   make_seeds <seeds dir> <golden .nnrt>...
// For every golden case: hal_model/<case>.bin (the HAL model encoding of
// hal_model_bytes.h, then the case's inputs as the target reads them) and
// cache_import/<case>.*.bin (the reference device's cache of the model under
// each way in of cache_import_fuzzer.cc); and api_sequence/*.bin, call
// programs that build, compile, run, export and re-import an ADD model.
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/byte_reader.h"
#include "fuzz/hal_model_bytes.h"
#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/device/model_cache.h"
#include "reference/hal/hal_model_view.h"
#include "reference/runtime/compilation.h"
#include "reference/runtime/compilation_cache.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace fuzz {
namespace {

bool WriteFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) std::fprintf(stderr, "cannot write %s\n", path.c_str());
  return static_cast<bool>(out);
}

std::string Stem(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  return name.substr(0, name.find('.'));
}

// The run inputs as hal_model_fuzzer.cc's BuildIo reads them: a flag byte 0
// (model dims), a byte per dynamic or zero dim, then the data.
void EncodeRunInputs(const TestCase& c, ByteWriter* out) {
  for (uint32_t t : c.model.inputs) {
    const Tensor& tensor = c.model.tensors[t];
    const HostTensor* given = nullptr;
    for (const HostTensor& n : c.inputs) {
      if (n.name == tensor.name) given = &n;
    }
    out->U8(0);
    for (size_t i = 0; i < tensor.dims.size(); ++i) {
      if (tensor.dims[i] <= 0) out->U8(given != nullptr && i < given->dims.size() ? given->dims[i] : 1);
    }
    if (given != nullptr) out->Bytes(given->data.data(), given->data.size());
  }
}

bool WriteHalModelSeed(const TestCase& c, const std::string& path) {
  std::unique_ptr<HalModelView> view;
  if (!HalModelView::Build(c.model, HalViewOptions(), &view).ok()) return false;
  const NNRT_HalModelConfig config{};
  ByteWriter out;
  EncodeHalModel(*view->get(), config, &out);
  EncodeRunInputs(c, &out);
  return WriteFile(path, out.bytes());
}

std::vector<uint8_t> WithMode(uint8_t mode, const std::vector<uint8_t>& bytes) {
  std::vector<uint8_t> out{mode};
  out.insert(out.end(), bytes.begin(), bytes.end());
  return out;
}

size_t ReferenceDeviceId() {
  const size_t* ids = nullptr;
  uint32_t count = 0;
  return OH_NNDevice_GetAllDevicesID(&ids, &count) == OH_NN_SUCCESS && count > 0 ? ids[0] : 0;
}

// As cache_import_fuzzer.cc's ReadIoDescs reads them.
void EncodeIoDescs(const std::vector<rt::IoDesc>& descs, ByteWriter* out) {
  out->U8(static_cast<uint8_t>(descs.size()));
  for (const rt::IoDesc& d : descs) {
    out->ShortString(d.desc.name);
    out->U8(static_cast<uint8_t>(d.desc.data_type));
    out->U8(static_cast<uint8_t>(d.desc.format));
    out->U8(static_cast<uint8_t>(d.desc.shape.size()));
    for (int32_t dim : d.desc.shape) out->U8(static_cast<uint8_t>(dim));
    out->U8(1);  // OH_NN_TENSOR
  }
}

// Ways 0-3 of cache_import_fuzzer.cc; with `all` also 1, 2 and 3 with repair.
bool WriteCacheSeeds(const TestCase& c, const std::string& prefix, bool all) {
  const std::vector<uint8_t> device_cache = SerializeModelCache(c.model, ModelConfig());
  rt::CacheContent content;
  content.device_buffers.push_back(device_cache);
  content.device_id = ReferenceDeviceId();
  content.inputs = rt::DescribeModelIo(c.model, c.model.inputs);
  content.outputs = rt::DescribeModelIo(c.model, c.model.outputs);
  bool ok = WriteFile(prefix + ".model_cache.bin", WithMode(0, device_cache)) &&
            WriteFile(prefix + ".cache_buffer.bin", WithMode(3, rt::SerializeCacheBuffer(content)));
  if (!all) return ok;
  ByteWriter wrapped;
  wrapped.U8(7);
  wrapped.U32(static_cast<uint32_t>(device_cache.size()));
  wrapped.Bytes(device_cache.data(), device_cache.size());
  wrapped.U32(0);  // cache version
  EncodeIoDescs(content.inputs, &wrapped);
  EncodeIoDescs(content.outputs, &wrapped);
  return ok && WriteFile(prefix + ".offline_model.bin", WithMode(1, device_cache)) &&
         WriteFile(prefix + ".offline_buffer.bin", WithMode(2, device_cache)) &&
         WriteFile(prefix + ".wrapped_cache.bin", wrapped.bytes());
}

// ---- API call programs (the opcodes of api_sequence_*_steps.cc) -----------------------------

class Program {
 public:
  // Model steps: op = call * 6, then model slot and tensor index.
  void Model(uint8_t call, uint8_t slot, uint8_t index) { Put({static_cast<uint8_t>(call * 6), slot, index}); }
  // Descriptor steps: op = call * 6 + 1, then the slot.
  void Desc(uint8_t call, uint8_t slot) { Put({static_cast<uint8_t>(call * 6 + 1), slot}); }
  void Compilation(uint8_t call, uint8_t slot) { Put({static_cast<uint8_t>(call * 6 + 3), slot}); }
  void Execution(uint8_t call, uint8_t slot) { Put({static_cast<uint8_t>(call * 6 + 4), slot}); }
  void Put(std::initializer_list<uint8_t> bytes) { for (uint8_t b : bytes) out_.U8(b); }
  void Float32s(std::initializer_list<float> values) { for (float v : values) out_.Bytes(&v, sizeof v); }
  const std::vector<uint8_t>& bytes() const { return out_.bytes(); }

 private:
  ByteWriter out_;
};

// out = a + b on float32 [2], with the ADD activation parameter; compiled,
// run with RunSync and RunAsync, exported and re-imported.
Program AddProgram() {
  Program p;
  p.Model(0, 0, 0);                       // OH_NNModel_Construct -> model 0
  p.Desc(0, 0);                           // OH_NNTensorDesc_Create -> desc 0
  p.Desc(3, 0); p.Put({OH_NN_FLOAT32});   // SetDataType
  p.Desc(5, 0); p.Put({1, 2});            // SetShape [2]
  for (uint8_t i = 0; i < 3; ++i) { p.Model(2, 0, i); p.Put({0}); }  // AddTensorToModel(desc 0) x3
  p.Model(3, 0, 3);                       // AddTensor: int8 scalar OH_NN_ADD_ACTIVATIONTYPE
  p.Put({OH_NN_INT8, 0, 0, OH_NN_ADD_ACTIVATIONTYPE});
  p.Model(4, 0, 3); p.Put({1, 0, 1});     // SetTensorData(3, {0}) (then a byte that keeps the length)
  p.Model(7, 0, 0); p.Put({OH_NN_OPS_ADD, 1, 3, 2, 0, 1, 1, 2});  // AddOperation(ADD, [3], [0,1], [2])
  p.Model(8, 0, 0); p.Put({2, 0, 1, 1, 2});  // SpecifyInputsAndOutputs([0,1], [2])
  p.Model(9, 0, 0);                       // Finish
  p.Compilation(0, 0); p.Put({0});        // OH_NNCompilation_Construct(model 0)
  p.Compilation(9, 0);                    // Build
  p.Execution(5, 0); p.Put({0});          // OH_NNExecutor_Construct(compilation 0)
  for (uint8_t t = 0; t < 3; ++t) {
    p.Execution(0, t); p.Put({0, 0});     // OH_NNTensor_Create(device 0, desc 0)
    p.Execution(4, t); p.Put({8});        // write 8 bytes into the tensor
    p.Float32s({1.5f, -2.0f});
  }
  p.Execution(8, 0); p.Put({2, 0, 1, 1, 2});     // RunSync([t0, t1], [t2])
  p.Execution(7, 0); p.Put({0, 1});              // queries
  p.Execution(9, 0); p.Put({2, 0, 1, 1, 2, 0});  // RunAsync, no time limit
  p.Compilation(10, 0); p.Put({0, 0x40});        // ExportCacheToBuffer into 16 KiB
  p.Compilation(1, 1); p.Put({0, 0, 0});         // ConstructForCache -> compilation 1
  p.Compilation(11, 1); p.Put({1});              // ImportCacheFromBuffer(the export)
  p.Compilation(9, 1);                           // Build
  p.Execution(5, 1); p.Put({1});                 // executor from compilation 1
  p.Execution(8, 1); p.Put({2, 0, 1, 1, 2});     // RunSync
  return p;
}

// The same model, then every call again in a state where it is refused.
Program WrongStateProgram() {
  Program p = AddProgram();
  p.Model(9, 0, 0);                            // Finish again
  p.Model(2, 0, 4); p.Put({0});                // AddTensorToModel after Finish
  p.Compilation(9, 0);                         // Build again
  p.Compilation(3, 0); p.Put({0});             // SetDevice after Build
  p.Model(1, 0, 0);                            // destroy the model (and compilation 0 with it)
  p.Execution(8, 0); p.Put({2, 0, 1, 1, 2});   // the executor still runs
  p.Execution(10, 0); p.Put({3});              // OH_NNExecutor_Run without SetInput
  return p;
}

int Main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: make_seeds <seeds dir> <golden .nnrt>...\n");
    return 2;
  }
  const std::string dir = argv[1];
  bool ok = true;
  for (int i = 2; i < argc; ++i) {
    TestCase c;
    const Status s = ReadCaseFile(argv[i], &c);
    if (!s.ok()) {
      std::fprintf(stderr, "%s\n", s.ToString().c_str());
      return 1;
    }
    const std::string stem = Stem(argv[i]);
    ok = WriteHalModelSeed(c, dir + "/hal_model/" + stem + ".bin") && ok;
    ok = WriteCacheSeeds(c, dir + "/cache_import/" + stem, i <= 4) && ok;
  }
  ok = WriteFile(dir + "/api_sequence/add_model_program.bin", AddProgram().bytes()) && ok;
  ok = WriteFile(dir + "/api_sequence/wrong_state_program.bin", WrongStateProgram().bytes()) && ok;
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace fuzz
}  // namespace nnrt

int main(int argc, char** argv) { return nnrt::fuzz::Main(argc, argv); }
