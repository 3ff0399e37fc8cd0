// The face model's thread (face-analyzer.ts starts it): @vladmandic/face-api on TensorFlow.js's WASM backend, with
// the model files and the .wasm files read from node_modules by file path (nothing is fetched). It receives raw RGB
// pixels (decoded by sharp on the main thread) and answers the faces it finds; the decision is made by the caller.
// Plain JavaScript so that the same file runs under tsx, vitest and the compiled server (scripts/build-server.mjs).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
let ready;

function load() {
  ready ??= (async () => {
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
    const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep);
    faceapi.tf.setWasmPaths(wasmDir);
    await faceapi.tf.setBackend('wasm');
    await faceapi.tf.ready();
    faceapi.tf.enableProdMode();
    const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
    await faceapi.nets.faceExpressionNet.loadFromDisk(modelDir);
    return faceapi;
  })();
  return ready;
}

const mean = (points, axis) => points.reduce((s, p) => s + p[axis], 0) / points.length;

/** Head roll in degrees from the eye line: positive when the eye on the image's right is the lower one. */
function roll(landmarks) {
  const left = landmarks.getLeftEye();
  const right = landmarks.getRightEye();
  return (Math.atan2(mean(right, 'y') - mean(left, 'y'), mean(right, 'x') - mean(left, 'x')) * 180) / Math.PI;
}

async function analyze({ pixels, width, height, expressions, minScore }) {
  const faceapi = await load();
  const input = faceapi.tf.tensor3d(pixels, [height, width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: minScore });
    let task = faceapi.detectAllFaces(input, options).withFaceLandmarks();
    if (expressions) task = task.withFaceExpressions();
    const found = await task.withFaceDescriptors();
    return found.map((f) => ({
      score: f.detection.score,
      box: { x: f.detection.box.x, y: f.detection.box.y, width: f.detection.box.width, height: f.detection.box.height },
      roll: roll(f.landmarks),
      happy: f.expressions ? f.expressions.happy : null,
      descriptor: Array.from(f.descriptor),
    }));
  } finally {
    input.dispose();
  }
}

parentPort.on('message', async (msg) => {
  try {
    const faces = msg.kind === 'load' ? (await load(), []) : await analyze(msg);
    parentPort.postMessage({ id: msg.id, faces });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
