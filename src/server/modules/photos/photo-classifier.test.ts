import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderPortraitSvg } from '../../demo/portrait-svg';
import { explicitScore, modelInput, NsfwjsClassifier } from './photo-classifier';
import { screeningDecision } from './photo-screening';

describe('photo classifier', () => {
  it('reads an image as the 224 x 224 RGB input of the model', async () => {
    const png = await sharp({ create: { width: 900, height: 300, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    expect((await modelInput(png)).length).toBe(224 * 224 * 3);
  });

  // The one test that runs the real model (nsfwjs MobileNetV2 on the WASM backend, from node_modules).
  it('scores a clothed demo portrait as not explicit, with all five classes', async () => {
    const svg = renderPortraitSvg({ seed: 11, gender: 'female', age: 34 });
    const jpeg = await sharp(Buffer.from(svg)).jpeg().toBuffer();
    const classifier = new NsfwjsClassifier();
    const scores = await classifier.classify(jpeg);
    const sum = scores.porn + scores.hentai + scores.sexy + scores.neutral + scores.drawing;
    expect(sum).toBeGreaterThan(0.98);
    expect(sum).toBeLessThan(1.02);
    expect(explicitScore(scores)).toBeLessThan(0.2);
    expect(screeningDecision(scores, { photoReview: 'after', photoExplicitThreshold: 60 })).toMatchObject({
      kind: 'scored',
      flagged: false,
      public: true,
    });
    // The same image scores the same (the model is loaded once and kept).
    expect(await classifier.classify(jpeg)).toEqual(scores);
  }, 60_000);

  it('flags at the threshold whatever the mode, and never decides without a score', () => {
    const explicit = { porn: 0.5, hentai: 0.1, sexy: 0.3, neutral: 0.05, drawing: 0.05 };
    for (const photoReview of ['before', 'after'])
      expect(screeningDecision(explicit, { photoReview, photoExplicitThreshold: 60 })).toMatchObject({
        flagged: true,
        public: false,
      });
    expect(screeningDecision(explicit, { photoReview: 'after', photoExplicitThreshold: 61 })).toMatchObject({
      flagged: false,
      public: true,
    });
    expect(screeningDecision(null, { photoReview: 'after', photoExplicitThreshold: 60 })).toEqual({
      kind: 'failed',
    });
  });
});
