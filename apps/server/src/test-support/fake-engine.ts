import {
  EngineError,
  type AppliedItem,
  type ClickPoint,
  type DetectedElement,
  type GenerateRequest,
  type GenerateResult,
  type ImageEngine,
  type SurfaceName,
} from '@roomcraft/engine';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';

/**
 * A test double for the image engine: real PNGs derived from the input (an inverted copy, each
 * variant a little brighter than the last), and switches to fail, to be slow or to be full.
 */
export class FakeEngine implements ImageEngine {
  readonly name = 'fake';
  /** What the next calls do. */
  behaviour: 'ok' | 'fail' | 'model_missing' = 'ok';
  delayMs = 0;
  /** hasCapacity() answers false while this many calls are under way. */
  capacity = Number.POSITIVE_INFINITY;
  inFlight = 0;
  readonly requests: GenerateRequest[] = [];

  hasCapacity() {
    return this.inFlight < this.capacity;
  }

  reset() {
    this.behaviour = 'ok';
    this.delayMs = 0;
    this.capacity = Number.POSITIVE_INFINITY;
    this.requests.length = 0;
  }

  private async admitted<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    this.inFlight++;
    try {
      if (this.delayMs > 0) await sleep(this.delayMs, undefined, signal ? { signal } : {});
      if (this.behaviour === 'fail') throw new EngineError('failed', 'The fake engine failed');
      if (this.behaviour === 'model_missing') {
        throw new EngineError(
          'model_missing',
          'The model yolox_nano.onnx is not installed. Run "npm run models:download" or set MODELS_DIR to a folder that holds it.',
        );
      }
      return await work();
    } finally {
      this.inFlight--;
    }
  }

  detectElements(image: Buffer, signal?: AbortSignal): Promise<DetectedElement[]> {
    return this.admitted(async () => {
      const { width, height } = await sharp(image).metadata();
      // A sofa standing in the room: its foot in the frame (a restyle swaps only such pieces).
      const [x0, y0, x1, y1] = [width / 4, height / 2, (width * 3) / 4, height * 0.9];
      return [
        {
          label: 'Sofa',
          category: 'couch',
          score: 0.9,
          box: [
            { x: x0, y: y0 },
            { x: x1, y: y0 },
            { x: x1, y: y1 },
            { x: x0, y: y1 },
          ],
        },
      ];
    }, signal);
  }

  segment(image: Buffer, points: ClickPoint[], signal?: AbortSignal): Promise<Buffer> {
    return this.admitted(async () => {
      const { width, height } = await sharp(image).metadata();
      const circles = points
        .filter((point) => point.label === 1)
        .map((point) => `<circle cx="${point.x}" cy="${point.y}" r="20" fill="#fff"/>`)
        .join('');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${circles}</svg>`;
      return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
    }, signal);
  }

  /** The top third of the photo for the ceiling, the rest for any other surface. */
  surface(image: Buffer, surface: SurfaceName, signal?: AbortSignal): Promise<Buffer> {
    return this.admitted(async () => {
      const { width, height } = await sharp(image).metadata();
      const third = Math.round(height / 3);
      const [top, rows] = surface === 'ceiling' ? [0, third] : [third, height - third];
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/><rect y="${top}" width="${width}" height="${rows}" fill="#fff"/></svg>`;
      return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
    }, signal);
  }

  generate(request: GenerateRequest, signal?: AbortSignal): Promise<GenerateResult> {
    this.requests.push(request);
    return this.admitted(async () => {
      const { width, height } = await sharp(request.image).metadata();
      const images = await Promise.all(
        Array.from({ length: request.quantity }, (_, variant) =>
          sharp(request.image)
            .negate({ alpha: false })
            .modulate({ brightness: 1 + variant * 0.15 })
            .png()
            .toBuffer(),
        ),
      );
      // A redesign's record, as the local engine gives it: what each variant's plan asked for.
      const plans = request.op === 'architectural_style' ? request.plans : undefined;
      if (!plans) return { images, width, height };
      const region = { share: 0.1, box: { x: 0, y: 0, width: 10, height: 10 } };
      const applied = images.map((_, variant): AppliedItem[] => {
        const plan = plans[variant % plans.length];
        if (!plan) return [];
        return [
          ...(plan.walls ? [{ kind: 'paint' as const, hex: plan.walls.hex, region }] : []),
          ...(plan.floor ? [{ kind: 'floor' as const, id: plan.floor.id, region }] : []),
          ...(plan.swaps ?? []).map(({ product }) => ({
            kind: 'product' as const,
            id: product.id,
            colour: product.colour,
            role: 'swap' as const,
            region,
          })),
        ];
      });
      return { images, width, height, applied };
    }, signal);
  }

  close() {
    return Promise.resolve();
  }
}
