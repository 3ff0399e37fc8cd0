import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { NsfwScores } from '../../../shared/schemas/admin-photos';

/** Scores one image; the screening queue knows nothing else of the model (unit tests pass their own). */
export interface PhotoClassifier {
  classify(image: Buffer): Promise<NsfwScores>;
}

/** The classifier cannot score now (the model did not load, or the image could not be read). */
export class ClassifierUnavailable extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'ClassifierUnavailable';
  }
}

const INPUT_SIZE = 224;
const CLASS_KEYS: Record<string, keyof NsfwScores> = {
  Porn: 'porn',
  Hentai: 'hentai',
  Sexy: 'sexy',
  Neutral: 'neutral',
  Drawing: 'drawing',
};

/** The image as the model reads it: 224 × 224 RGB bytes (cover crop, as the member's square photos are shown). */
export async function modelInput(image: Buffer): Promise<Uint8Array> {
  const raw = await sharp(image, { failOn: 'error' })
    .rotate()
    .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'cover' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
}

type Tf = typeof import('@tensorflow/tfjs');
type Model = Awaited<ReturnType<typeof import('nsfwjs/core').load>>;

/**
 * nsfwjs (MobileNetV2, the model files ship inside the npm package and are imported from node_modules, nothing is
 * fetched) on TensorFlow.js's WASM backend, whose .wasm files are read from @tensorflow/tfjs-backend-wasm by file
 * path. Loaded once per process on first use (about 0.4 s and 100-200 MB); one image at a time (about 75 ms of CPU
 * on the main thread, docs/performance.md "Photo screening").
 */
export class NsfwjsClassifier implements PhotoClassifier {
  private loading: Promise<{ tf: Tf; model: Model }> | undefined;
  private chain: Promise<unknown> = Promise.resolve();

  private load(): Promise<{ tf: Tf; model: Model }> {
    this.loading ??= (async () => {
      const tf = await import('@tensorflow/tfjs');
      const wasm = await import('@tensorflow/tfjs-backend-wasm');
      const require = createRequire(import.meta.url);
      const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep);
      wasm.setWasmPaths(wasmDir);
      await tf.setBackend('wasm');
      await tf.ready();
      tf.enableProdMode();
      const { load } = await import('nsfwjs/core');
      const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
      // nsfwjs prints a hint about hosting the model on every load; it is loaded from the package here.
      const info = console.info;
      const log = console.log;
      console.info = () => {};
      console.log = () => {};
      try {
        const model = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
        return { tf, model };
      } finally {
        console.info = info;
        console.log = log;
      }
    })().catch((err: unknown) => {
      // A later call tries again (a load that failed for a passing reason, such as memory).
      this.loading = undefined;
      throw new ClassifierUnavailable('the nudity model could not be loaded', { cause: err });
    });
    return this.loading;
  }

  classify(image: Buffer): Promise<NsfwScores> {
    const run = this.chain.then(() => this.classifyNow(image));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async classifyNow(image: Buffer): Promise<NsfwScores> {
    const { tf, model } = await this.load();
    let pixels: Uint8Array;
    try {
      pixels = await modelInput(image);
    } catch (err) {
      throw new ClassifierUnavailable('the image could not be read for screening', { cause: err });
    }
    const input = tf.tensor3d(pixels, [INPUT_SIZE, INPUT_SIZE, 3], 'int32');
    try {
      const predictions = await model.classify(input, 5);
      const scores: NsfwScores = { porn: 0, hentai: 0, sexy: 0, neutral: 0, drawing: 0 };
      for (const p of predictions) {
        const key = CLASS_KEYS[p.className];
        if (key) scores[key] = Math.min(1, Math.max(0, p.probability));
      }
      return scores;
    } finally {
      input.dispose();
    }
  }
}

/** The explicit share of a photo's scores: what the site's threshold is compared with. */
export function explicitScore(scores: NsfwScores): number {
  return scores.porn + scores.hentai;
}
