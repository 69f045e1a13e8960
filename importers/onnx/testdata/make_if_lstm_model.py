#!/usr/bin/python3
# Builds importers/onnx/testdata/if_lstm/model.onnx with the ONNX Python helpers
# (Debian's python3-onnx 1.12): a sample-rate switch (If on Equal(sr, 16000),
# whose else branch holds an operator the importer does not map), a
# bidirectional LSTM with initial state as graph inputs, a reverse LSTM
# without bias and a HardSigmoid. Its test_data_set_0 comes from ONNX Runtime:
#   node importers/onnx/ort_expect.js importers/onnx/testdata/if_lstm/model.onnx \
#        --out importers/onnx/testdata/if_lstm/test_data_set_0 --pin sr=16000
# Run from the repository root: /usr/bin/python3 importers/onnx/testdata/make_if_lstm_model.py
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

SEQ, BATCH, IN, H = 4, 2, 3, 5
rng = np.random.default_rng(7)


def weights(name, *shape):
    return numpy_helper.from_array((rng.uniform(-0.5, 0.5, shape)).astype(np.float32), name)


half = numpy_helper.from_array(np.array([0.5], np.float32), "half")
then_branch = helper.make_graph(
    [helper.make_node("Mul", ["x", "half"], ["scaled"], name="scale_16k")], "then_16k", [],
    [helper.make_tensor_value_info("scaled", TensorProto.FLOAT, [SEQ, BATCH, IN])], [half])
else_branch = helper.make_graph(
    [helper.make_node("Hardmax", ["x"], ["other"], name="other_rate", axis=2)], "else_other", [],
    [helper.make_tensor_value_info("other", TensorProto.FLOAT, [SEQ, BATCH, IN])])

nodes = [
    helper.make_node("Equal", ["sr", "sr_16k"], ["is_16k"], name="rate_check"),
    helper.make_node("If", ["is_16k"], ["features"], name="rate_switch", then_branch=then_branch,
                     else_branch=else_branch),
    helper.make_node("LSTM", ["features", "W", "R", "B", "", "h0", "c0"], ["Y", "Y_h", "Y_c"], name="bilstm",
                     hidden_size=H, direction="bidirectional"),
    helper.make_node("LSTM", ["x", "W_rev", "R_rev"], ["Y_rev"], name="reverse_lstm", hidden_size=H,
                     direction="reverse"),
    helper.make_node("HardSigmoid", ["Y_rev"], ["gate"], name="gate", alpha=0.25, beta=0.4),
]
graph = helper.make_graph(
    nodes, "if_lstm",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [SEQ, BATCH, IN]),
     helper.make_tensor_value_info("sr", TensorProto.INT64, [1]),
     helper.make_tensor_value_info("h0", TensorProto.FLOAT, [2, BATCH, H]),
     helper.make_tensor_value_info("c0", TensorProto.FLOAT, [2, BATCH, H])],
    [helper.make_tensor_value_info("Y", TensorProto.FLOAT, [SEQ, 2, BATCH, H]),
     helper.make_tensor_value_info("Y_c", TensorProto.FLOAT, [2, BATCH, H]),
     helper.make_tensor_value_info("gate", TensorProto.FLOAT, [SEQ, 1, BATCH, H])],
    [numpy_helper.from_array(np.array([16000], np.int64), "sr_16k"),
     weights("W", 2, 4 * H, IN), weights("R", 2, 4 * H, H), weights("B", 2, 8 * H),
     weights("W_rev", 1, 4 * H, IN), weights("R_rev", 1, 4 * H, H)])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)], producer_name="nnrt-importer-test")
model.ir_version = 7
onnx.checker.check_model(model)
onnx.save(model, "importers/onnx/testdata/if_lstm/model.onnx")
