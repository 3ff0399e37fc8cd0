import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { VERIFICATION_RULES } from '../../../shared/rules-verification';

/** One face the model found in an image. */
export interface FaceReading {
  /** the detector's confidence 0..1 */
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** head roll in degrees: positive when the eye on the image's right is lower (the person tilts to their left) */
  roll: number;
  /** the smile ('happy') share of the expression model 0..1, when expressions were asked for */
  happy: number | null;
  /** 128 numbers; two faces of one person lie close (euclidean distance) */
  descriptor: number[];
}

/** Reads faces in an image; verification knows nothing else of the model (API tests pass their own). */
export interface FaceReader {
  read(image: Buffer, options: { expressions: boolean }): Promise<FaceReading[]>;
}

/** The image could not be decoded or the model could not run. */
export class FaceReaderUnavailable extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'FaceReaderUnavailable';
  }
}

interface Reply {
  id: number;
  faces?: FaceReading[];
  error?: string;
}

/** The image as the model reads it: RGB bytes, the longest side at most modelImageSide. */
async function decode(image: Buffer): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  const side = VERIFICATION_RULES.modelImageSide;
  const { data, info } = await sharp(image, { failOn: 'error' })
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/**
 * @vladmandic/face-api (tiny face detector, 68 landmarks, expressions, 128-number face descriptor; the model files
 * ship in the npm package) on TensorFlow.js's WASM backend, in a worker thread of its own (face-worker.mjs) so that
 * the API's event loop never waits for it. Started on first use (about 1 s to load); one image at a time; the thread
 * is ended by close().
 */
export class FaceApiReader implements FaceReader {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (f: FaceReading[]) => void; reject: (e: Error) => void }
  >();

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./face-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error !== undefined) waiting.reject(new FaceReaderUnavailable(reply.error));
      else waiting.resolve(reply.faces ?? []);
    });
    const fail = (err: Error) => {
      this.worker = undefined;
      for (const waiting of this.pending.values())
        waiting.reject(new FaceReaderUnavailable(err.message, { cause: err }));
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`face model thread ended (${code})`)));
    this.worker = worker;
    return worker;
  }

  private ask(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<FaceReading[]> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Loads the models now (the first verification then does not wait for them). */
  async warmUp(): Promise<void> {
    await this.ask({ kind: 'load' });
  }

  async read(image: Buffer, options: { expressions: boolean }): Promise<FaceReading[]> {
    let decoded: Awaited<ReturnType<typeof decode>>;
    try {
      decoded = await decode(image);
    } catch (err) {
      throw new FaceReaderUnavailable('the image could not be read', { cause: err });
    }
    const pixels = decoded.pixels.slice();
    return this.ask(
      {
        kind: 'analyze',
        pixels,
        width: decoded.width,
        height: decoded.height,
        expressions: options.expressions,
        minScore: VERIFICATION_RULES.minFaceScore,
      },
      [pixels.buffer],
    );
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}
