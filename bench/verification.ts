/**
 * CPU of one photo verification (issue 21; docs/performance.md "Photo verification"): the face model's work for a
 * selfie (with expressions) and the two compared profile photos, on demo portraits made here, after the model is
 * loaded. process.cpuUsage() counts every thread of the process, the face model's worker thread included.
 * Run: node --import tsx bench/verification.ts
 */

import { FaceApiReader } from '../src/server/modules/verification/face-analyzer';
import { decideVerification } from '../src/server/modules/verification/face-decision';
import { demoFace } from '../src/server/modules/verification/verification.test-images';
import { VERIFICATION_RULES } from '../src/shared/rules-verification';

const reader = new FaceApiReader();
const load = process.cpuUsage();
const loadStart = performance.now();
await reader.warmUp();
const loaded = process.cpuUsage(load);
console.log(
  `model load: ${Math.round(performance.now() - loadStart)} ms wall, ${Math.round((loaded.user + loaded.system) / 1000)} ms CPU`,
);
const selfieImage = await demoFace(3, 'female', { size: 480, tilt: 15 });
const photoImages = [await demoFace(3, 'female'), await demoFace(5, 'female')];
const runs: { cpu: number; wall: number }[] = [];
for (let i = 0; i < 5; i++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const selfie = await reader.read(selfieImage, { expressions: true });
  const photos = [];
  for (const [n, image] of photoImages.slice(0, VERIFICATION_RULES.comparedPhotos).entries())
    photos.push({ photoId: n + 1, faces: await reader.read(image, { expressions: false }) });
  const outcome = decideVerification({ challenge: 'tilt_left', selfie, photos });
  const cpu = process.cpuUsage(cpu0);
  runs.push({ cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - t0 });
  if (outcome.kind !== 'verified') throw new Error(`unexpected outcome ${outcome.kind}`);
}
for (const r of runs) console.log(`verification: ${Math.round(r.cpu)} ms CPU, ${Math.round(r.wall)} ms wall`);
const sorted = runs.map((r) => r.cpu).sort((a, b) => a - b);
console.log(`median ${Math.round(sorted[2] ?? 0)} ms CPU, max ${Math.round(sorted[4] ?? 0)} ms CPU`);
await reader.close();
