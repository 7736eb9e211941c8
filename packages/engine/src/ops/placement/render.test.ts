import { describe, expect, it } from 'vitest';
import { SHADOW_FLOOR, shadowKeep, toneMatch, UNDER_FLOOR } from './render';

describe('shadowKeep', () => {
  // A 60×40 window: a product over rows 0–14, a catcher shadow below it in hard bands (as a
  // stepped render gives) and a deep occlusion right under it.
  const ww = 60;
  const wh = 40;
  const objectAlpha = new Float32Array(ww * wh);
  const shadowAlpha = new Float32Array(ww * wh);
  const occlusion = new Float32Array(ww * wh);
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      if (y < 15) objectAlpha[i] = 1;
      else {
        // Bands: every fourth row darker again, and a column pattern.
        shadowAlpha[i] = (y % 4 === 0 ? 0.9 : 0.4) * Math.max(0, 1 - (y - 15) / 20);
        occlusion[i] = y < 19 ? 0.9 + 0.1 * (x % 2) : 0;
      }
    }
  }
  const keep = shadowKeep(ww, wh, objectAlpha, shadowAlpha, occlusion);

  it('never keeps less than the shadow floor of the photo’s light', () => {
    for (let i = 0; i < keep.length; i++) expect(keep[i]).toBeGreaterThanOrEqual(SHADOW_FLOOR);
    expect(Math.min(...keep)).toBeLessThan(0.6);
  });

  it('only lightens down each column from its darkest row below the product', () => {
    for (let x = 4; x < ww - 4; x++) {
      let darkest = 15;
      for (let y = 15; y < wh; y++) {
        if ((keep[y * ww + x] ?? 1) < (keep[darkest * ww + x] ?? 1)) darkest = y;
      }
      for (let y = darkest + 1; y < wh; y++) {
        expect(keep[y * ww + x] ?? 1).toBeGreaterThanOrEqual(keep[(y - 1) * ww + x] ?? 1);
      }
    }
  });

  it('has no column stripes', () => {
    for (let y = 16; y < 19; y++) {
      for (let x = 10; x < ww - 10; x++) {
        const step = Math.abs((keep[y * ww + x] ?? 1) - (keep[y * ww + x + 1] ?? 1));
        expect(step).toBeLessThan(0.01);
      }
    }
  });
});

describe('shadowKeep at the product’s soft bottom rim', () => {
  // A product over rows 0–11 whose base fades out over rows 12–14 (a resampled, softened rim),
  // its catcher shadow and occlusion from row 13 down.
  const ww = 40;
  const wh = 30;
  const objectAlpha = new Float32Array(ww * wh);
  const shadowAlpha = new Float32Array(ww * wh);
  const occlusion = new Float32Array(ww * wh);
  const rim = [0.8, 0.4, 0.1];
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      if (y < 12) objectAlpha[i] = 1;
      else if (y < 15) objectAlpha[i] = rim[y - 12] ?? 0;
      if (y >= 13) {
        shadowAlpha[i] = Math.max(0, 0.8 - 0.05 * (y - 13));
        occlusion[i] = y < 17 ? 0.6 : 0;
      }
    }
  }
  const keep = shadowKeep(ww, wh, objectAlpha, shadowAlpha, occlusion);

  it('darkens the floor seen through the rim as deep as the contact below it', () => {
    for (let x = 8; x < ww - 8; x++) {
      let darkest = 1;
      for (let y = 15; y < wh; y++) darkest = Math.min(darkest, keep[y * ww + x] ?? 1);
      expect(darkest).toBeLessThan(0.5);
      for (const y of [12, 13, 14])
        expect(keep[y * ww + x] ?? 1).toBeLessThanOrEqual(darkest + 1e-6);
    }
  });

  it('leaves the product’s upper body’s photo alone', () => {
    expect(keep[5 * ww + 20]).toBeCloseTo(1, 5);
  });
});

describe('shadowKeep beside a plant’s pot, under its low leaves', () => {
  // A pot over columns 16–23 down to row 34, leaves over columns 4–35 at rows 6–11 only, its
  // contact shadow at rows 35–38. Between the leaves and the floor the photo shows open floor.
  const ww = 40;
  const wh = 40;
  const objectAlpha = new Float32Array(ww * wh);
  const shadowAlpha = new Float32Array(ww * wh);
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      if ((x >= 16 && x < 24 && y < 35) || (x >= 4 && x < 36 && y >= 6 && y < 12)) {
        objectAlpha[i] = 1;
      } else if (y >= 35 && y < 39) shadowAlpha[i] = 0.8;
    }
  }
  const keep = shadowKeep(ww, wh, objectAlpha, shadowAlpha, null);

  it('keeps the open floor under the leaves as it is, not as dark as the contact (a grey box)', () => {
    const contact = Math.min(...[35, 36, 37].map((y) => keep[y * ww + 9] ?? 1));
    expect(contact).toBeLessThan(0.6);
    for (const y of [14, 20, 26, 30]) expect(keep[y * ww + 9]).toBeGreaterThan(0.95);
  });
});

describe('shadowKeep under the product’s body', () => {
  // A sofa's body over rows 0–9 standing on legs: the floor under it (rows 10–13) is in its
  // under-shade, the floor in front (rows 14 on) in its catcher shadow only.
  const ww = 40;
  const wh = 30;
  const objectAlpha = new Float32Array(ww * wh);
  const shadowAlpha = new Float32Array(ww * wh);
  const under = new Float32Array(ww * wh);
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      if (y < 10) objectAlpha[i] = 1;
      else shadowAlpha[i] = 0.8;
      if (y >= 10 && y < 14) under[i] = 0.9;
    }
  }
  const plain = shadowKeep(ww, wh, objectAlpha, shadowAlpha, under);
  const deep = shadowKeep(ww, wh, objectAlpha, shadowAlpha, under, under);

  it('goes deeper than the shadow floor right under the body, never below the under floor', () => {
    const at = 11 * ww + 20;
    expect(plain[at] ?? 0).toBeGreaterThanOrEqual(SHADOW_FLOOR);
    expect(deep[at] ?? 1).toBeLessThan(0.8 * SHADOW_FLOOR);
    for (let i = 0; i < deep.length; i++) expect(deep[i]).toBeGreaterThanOrEqual(UNDER_FLOOR);
  });

  it('leaves the floor in front of the product as the shadow alone keeps it', () => {
    expect(deep[25 * ww + 20]).toBeCloseTo(plain[25 * ww + 20] ?? 0, 5);
  });
});

describe('the product’s tone against the photo', () => {
  // A 20×20 orange product, fully covering, under a neutral grade.
  const orange = new Uint8Array(400 * 4);
  for (let i = 0; i < 400; i++) orange.set([220, 110, 40, 255], i * 4);
  const alpha = new Float32Array(400).fill(1);
  const grade = (saturation: number, black: number) => ({
    r: 1,
    g: 1,
    b: 1,
    tone: { saturation, black },
  });

  it('mutes a studio-pure colour in a grey room, but keeps it that colour', () => {
    const { saturation } = toneMatch(orange, alpha, grade(0.08, 0.01));
    expect(saturation).toBeLessThan(0.9);
    expect(saturation).toBeGreaterThanOrEqual(0.7);
  });

  it('leaves it alone among colours as strong, and lifts its blacks to a hazy photo’s', () => {
    expect(toneMatch(orange, alpha, grade(0.7, 0)).saturation).toBe(1);
    expect(toneMatch(orange, alpha, grade(0.7, 0)).lift).toBe(0);
    const dark = new Uint8Array(400 * 4);
    for (let i = 0; i < 400; i++) dark.set([4, 4, 4, 255], i * 4);
    expect(toneMatch(dark, alpha, grade(0.1, 0.03)).lift).toBeGreaterThan(0.015);
  });
});
