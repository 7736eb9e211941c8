/**
 * Measures whether an image tiles: the colour step across the wrap (last column → first column,
 * last row → first row) should be no bigger than the ordinary step between neighbouring pixels.
 */
export interface SeamMeasure {
  /** Mean absolute RGB difference between the last and first column. */
  seamX: number;
  /** Mean absolute RGB difference between neighbouring interior columns. */
  interiorX: number;
  seamY: number;
  interiorY: number;
}

function pixelDiff(pixels: Uint8ClampedArray, a: number, b: number): number {
  return (
    Math.abs((pixels[a] ?? 0) - (pixels[b] ?? 0)) +
    Math.abs((pixels[a + 1] ?? 0) - (pixels[b + 1] ?? 0)) +
    Math.abs((pixels[a + 2] ?? 0) - (pixels[b + 2] ?? 0))
  );
}

/** `pixels` is size × size RGBA. Differences are per pixel, summed over R, G and B. */
export function measureSeams(pixels: Uint8ClampedArray, size: number): SeamMeasure {
  let seamX = 0;
  let interiorX = 0;
  let seamY = 0;
  let interiorY = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const here = (y * size + x) * 4;
      const right = (y * size + ((x + 1) % size)) * 4;
      const below = (((y + 1) % size) * size + x) * 4;
      if (x === size - 1) seamX += pixelDiff(pixels, here, right);
      else interiorX += pixelDiff(pixels, here, right);
      if (y === size - 1) seamY += pixelDiff(pixels, here, below);
      else interiorY += pixelDiff(pixels, here, below);
    }
  }
  return {
    seamX: seamX / size,
    interiorX: interiorX / (size * (size - 1)),
    seamY: seamY / size,
    interiorY: interiorY / (size * (size - 1)),
  };
}

/** True when both seams are within `factor` × the interior step plus `epsilon`. */
export function isSeamless(
  pixels: Uint8ClampedArray,
  size: number,
  factor = 2,
  epsilon = 1,
): boolean {
  const m = measureSeams(pixels, size);
  return m.seamX <= factor * m.interiorX + epsilon && m.seamY <= factor * m.interiorY + epsilon;
}
