#!/usr/bin/env node
// Writes an ONNX test_data_set directory for a model with ONNX Runtime as the
// peer (docs/onnx_import.md, "Expected outputs from ONNX Runtime"): seeded
// inputs (the importer's C-799 rule, so `nnrt_cts import --seed N` draws the
// same values) and ONNX Runtime's single-thread CPU outputs, as ONNX
// TensorProto files input_K.pb / output_K.pb. Then
//   nnrt_cts import MODEL.onnx --inputs DIR --out CASE.nnrt
// judges the reference against ONNX Runtime. Used at test-data generation time
// only; onnxruntime-node comes from npm (scripts/install_deps.sh puts it in
// NNRT_NPM_CACHE, default /opt/nnrt-npm).
//
// usage: node ort_expect.js MODEL.onnx --out DIR [--seed N] [--shape NAME=D0,D1,...]...
//                                               [--pin NAME=V0,V1,...]... [--glyphs NAME]... [--time-runs N]
// --shape fixes the dims of an input whose dims are symbolic; --pin sets an
// input's values (one value fills the tensor); --glyphs fills a float
// [N, 3, H, W] image input with a synthetic line of text (dark strokes on
// white, in PaddleOCR's normalisation (v/255 − 0.5)/0.5), so that OCR models
// take non-trivial decisions (a non-empty string, a non-empty text mask). Prints one line per input and
// output, and ONNX Runtime's inference time (median of --time-runs runs after
// the first, default 1 run, no timing).
'use strict';

const fs = require('fs');
const path = require('path');

function usage(message) {
  if (message) process.stderr.write(`ort_expect.js: ${message}\n`);
  process.stderr.write('usage: node ort_expect.js MODEL.onnx --out DIR [--seed N] [--shape NAME=D0,D1,...]... ' +
                       '[--pin NAME=V0,V1,...]... [--glyphs NAME]... [--time-runs N]\n');
  process.exit(2);
}

function loadOrt() {
  const cache = process.env.NNRT_NPM_CACHE || '/opt/nnrt-npm';
  try {
    return require(path.join(cache, 'node_modules', 'onnxruntime-node'));
  } catch (e) {
    process.stderr.write(`ort_expect.js: onnxruntime-node is not in ${cache}/node_modules ` +
                         `(bash scripts/install_deps.sh installs it): ${e.message}\n`);
    process.exit(2);
  }
}

function parseArgs(argv) {
  const a = {model: '', out: '', seed: 1n, shapes: {}, pins: {}, glyphs: new Set(), timeRuns: 1};
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    const named = (v) => {
      const eq = v.indexOf('=');
      if (eq <= 0) usage(`${arg} needs NAME=V0,V1,...`);
      return [v.slice(0, eq), v.slice(eq + 1).split(',').map((s) => s.trim())];
    };
    if (arg === '--out') {
      a.out = value();
    } else if (arg === '--seed') {
      const v = value();
      if (!/^[0-9]+$/.test(v)) usage('--seed needs a number');
      a.seed = BigInt(v);
    } else if (arg === '--shape') {
      const [name, dims] = named(value());
      if (!dims.every((d) => /^[0-9]+$/.test(d) && Number(d) > 0)) usage(`--shape ${name}: dims must be positive integers`);
      a.shapes[name] = dims.map(Number);
    } else if (arg === '--pin') {
      const [name, values] = named(value());
      if (!values.every((v) => v !== '' && !Number.isNaN(Number(v)))) usage(`--pin ${name}: values must be numbers`);
      a.pins[name] = values.map(Number);
    } else if (arg === '--glyphs') {
      a.glyphs.add(value());
    } else if (arg === '--time-runs') {
      const v = value();
      if (!/^[1-9][0-9]*$/.test(v)) usage('--time-runs needs a positive number');
      a.timeRuns = Number(v);
    } else if (!a.model && !arg.startsWith('--')) {
      a.model = arg;
    } else {
      usage(`unknown argument '${arg}'`);
    }
  }
  if (!a.model || !a.out) usage('needs MODEL.onnx and --out DIR');
  return a;
}

// splitmix64, as reference/numerics/splitmix64.h.
class SplitMix64 {
  constructor(seed) { this.state = BigInt.asUintN(64, seed); }
  next() {
    this.state = BigInt.asUintN(64, this.state + 0x9e3779b97f4a7c15n);
    let z = this.state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  }
}

// ONNX element types (onnx.proto TensorProto.DataType) <-> typed arrays.
const kTypes = {
  float32: {onnx: 1, array: Float32Array, float: true},
  uint8: {onnx: 2, array: Uint8Array},
  int8: {onnx: 3, array: Int8Array},
  uint16: {onnx: 4, array: Uint16Array},
  int16: {onnx: 5, array: Int16Array},
  int32: {onnx: 6, array: Int32Array},
  int64: {onnx: 7, array: BigInt64Array, big: true},
  bool: {onnx: 9, array: Uint8Array},
  float64: {onnx: 11, array: Float64Array, float: true},
  uint32: {onnx: 12, array: Uint32Array},
  uint64: {onnx: 13, array: BigUint64Array, big: true},
};

// The importer's seeded input (C-799): floats uniform in [-1, 1) rounded once
// to the type, integers in [0, 4), bool from the low bit; seed + K for the
// K-th input (K from 1).
function seededValues(type, count, seed) {
  const t = kTypes[type];
  const data = new t.array(count);
  const rng = new SplitMix64(seed);
  for (let i = 0; i < count; ++i) {
    const z = rng.next();
    if (t.float) {
      data[i] = Number(z >> 11n) * 2 ** -52 - 1.0;
    } else if (type === 'bool') {
      data[i] = Number(z & 1n);
    } else {
      data[i] = t.big ? z % 4n : Number(z % 4n);
    }
  }
  return data;
}

function pinnedValues(type, count, values, name) {
  const t = kTypes[type];
  if (values.length !== 1 && values.length !== count) {
    usage(`--pin ${name}: ${values.length} values for ${count} elements (give 1 or ${count})`);
  }
  const data = new t.array(count);
  for (let i = 0; i < count; ++i) {
    const v = values[values.length === 1 ? 0 : i];
    data[i] = t.big ? BigInt(Math.trunc(v)) : v;
  }
  return data;
}

// A line of glyph-like strokes across the middle half of an [N, 3, H, W]
// image: per glyph (width 0.3·H, pitch 0.4·H) one of four stroke shapes
// chosen by the seed; strokes -1 (black), background 1 (white).
function glyphValues(dims, seed, name) {
  if (dims.length !== 4 || dims[1] !== 3) usage(`--glyphs ${name}: needs an [N, 3, H, W] input, not [${dims.join(',')}]`);
  const [n, , h, w] = dims;
  const data = new Float32Array(n * 3 * h * w).fill(1);
  const rng = new SplitMix64(seed);
  const top = Math.floor(h / 4), bottom = Math.floor(3 * h / 4);
  const gw = Math.max(5, Math.floor(0.3 * h)), pitch = Math.max(8, Math.floor(0.4 * h));
  for (let x0 = Math.floor(0.05 * w); x0 + 6 < 0.95 * w; x0 += pitch) {
    const kind = Number(rng.next() % 4n);
    for (let y = top; y < bottom; ++y) {
      for (let x = x0; x < Math.min(x0 + gw, w); ++x) {
        const u = x - x0, v = y - top;
        const on = (kind === 0 && (u < 2 || u >= gw - 2)) || (kind === 1 && (v < 2 || y >= bottom - 2 || u < 2)) ||
                   (kind === 2 && Math.abs(u - v * gw / (bottom - top)) < 1.5) ||
                   (kind === 3 && (Math.abs(y - (top + bottom) / 2) < 1.5 || Math.abs(x - (x0 + gw / 2)) < 1.5));
        if (!on) continue;
        for (let b = 0; b < n; ++b) {
          for (let c = 0; c < 3; ++c) data[((b * 3 + c) * h + y) * w + x] = -1;
        }
      }
    }
  }
  return data;
}

// ---- protobuf encoding of onnx.TensorProto (dims = 1, data_type = 2, name = 8, raw_data = 9) ----
function varint(n) {
  let v = BigInt.asUintN(64, BigInt(n));
  const bytes = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) b |= 0x80;
    bytes.push(b);
  } while (v !== 0n);
  return Buffer.from(bytes);
}

function tensorProto(name, type, dims, data) {
  const raw = Buffer.from(data.buffer, data.byteOffset, data.byteLength);  // little-endian on x86-64 and arm64
  const nameBytes = Buffer.from(name, 'utf8');
  const parts = [];
  for (const d of dims) parts.push(Buffer.from([0x08]), varint(d));
  parts.push(Buffer.from([0x10]), varint(kTypes[type].onnx));
  parts.push(Buffer.from([0x42]), varint(nameBytes.length), nameBytes);
  parts.push(Buffer.from([0x4a]), varint(raw.length), raw);
  return Buffer.concat(parts);
}

function inputDims(meta, shapes) {
  if (shapes[meta.name]) {
    const given = shapes[meta.name];
    if (given.length !== meta.shape.length) {
      usage(`--shape ${meta.name}: ${given.length} dims, the model's input has ${meta.shape.length}`);
    }
    meta.shape.forEach((d, i) => {
      if (typeof d === 'number' && d !== given[i]) usage(`--shape ${meta.name}: dim ${i} is ${d} in the model, not ${given[i]}`);
    });
    return given;
  }
  if (!meta.shape.every((d) => typeof d === 'number' && d > 0)) {
    usage(`input '${meta.name}' has dims [${meta.shape.join(',')}]: give --shape ${meta.name}=D0,D1,...`);
  }
  return meta.shape;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const ort = loadOrt();
  const session = await ort.InferenceSession.create(args.model, {
    executionProviders: ['cpu'],
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
  });
  for (const name of [...Object.keys(args.shapes), ...Object.keys(args.pins), ...args.glyphs]) {
    if (!session.inputNames.includes(name)) usage(`the model has no input '${name}' (inputs: ${session.inputNames.join(', ')})`);
  }
  fs.mkdirSync(args.out, {recursive: true});
  const feeds = {};
  session.inputMetadata.forEach((meta, k) => {
    if (!meta.isTensor) usage(`input '${meta.name}' is not a tensor (sequence / optional inputs are not supported)`);
    if (!kTypes[meta.type]) usage(`input '${meta.name}': element type ${meta.type} is not supported`);
    const dims = inputDims(meta, args.shapes);
    const count = dims.reduce((p, d) => p * d, 1);
    const seed = args.seed + BigInt(k + 1);
    if (args.glyphs.has(meta.name) && meta.type !== 'float32') usage(`--glyphs ${meta.name}: needs a float32 input`);
    const data = args.pins[meta.name] ? pinnedValues(meta.type, count, args.pins[meta.name], meta.name)
                 : args.glyphs.has(meta.name) ? glyphValues(dims, seed, meta.name)
                 : seededValues(meta.type, count, seed);
    feeds[meta.name] = new ort.Tensor(meta.type, data, dims);
    fs.writeFileSync(path.join(args.out, `input_${k}.pb`), tensorProto(meta.name, meta.type, dims, data));
    console.log(`input_${k}.pb  ${meta.name} ${meta.type} [${dims.join(',')}]` +
                (args.pins[meta.name] ? ' pinned' : args.glyphs.has(meta.name) ? ` glyphs, seed ${seed}` : ` seed ${seed}`));
  });
  const results = await session.run(feeds);
  const times = [];
  for (let r = 1; r < args.timeRuns; ++r) {
    const t0 = process.hrtime.bigint();
    await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  session.outputNames.forEach((name, k) => {
    const t = results[name];
    if (!kTypes[t.type]) usage(`output '${name}': element type ${t.type} is not supported`);
    fs.writeFileSync(path.join(args.out, `output_${k}.pb`), tensorProto(name, t.type, t.dims, t.data));
    console.log(`output_${k}.pb ${name} ${t.type} [${t.dims.join(',')}]`);
  });
  if (times.length > 0) {
    times.sort((x, y) => x - y);
    console.log(`onnxruntime ${ort.env.versions ? ort.env.versions.common : ''} single-thread CPU inference: ` +
                `median ${times[Math.floor(times.length / 2)].toFixed(2)} ms of ${times.length} runs`);
  }
}

main().catch((e) => {
  process.stderr.write(`ort_expect.js: ${e.message}\n`);
  process.exit(1);
});
