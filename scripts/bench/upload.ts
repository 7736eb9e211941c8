// Upload benchmark (part of `npm run bench`): POST /api/designs with a 12-megapixel JPEG against
// the BUILT server, 4 uploads at a time. Reports the median and p95 request time on loopback and
// the server process's peak resident memory (VmHWM), writes .artifacts/bench-upload.json, and
// exits 1 when a target is missed. Targets on our 2-core machines: median < 400 ms, peak < 400 MB.
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SESSION_COOKIE, XSRF_COOKIE, registerUser } from '../../e2e/support/api';
import { repoRoot, startAppServer } from '../../e2e/support/app-server';

const CONCURRENCY = 4;
const ROUNDS = 8;
const targets = { medianMs: 400, peakRssMb: 400 };
const ROOM_PHOTO = path.resolve(repoRoot, '../shared/assets/rooms/living-room-1.jpg');

/**
 * A real room photo at 4000 × 3000 (12 MP) with sensor-like noise, so that it weighs what a
 * phone's JPEG weighs (an upscaled photo alone compresses to a quarter of that).
 */
async function twelveMegapixelJpeg() {
  const { data, info } = await sharp(readFileSync(ROOM_PHOTO))
    .resize(4000, 3000, { fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let seed = 42;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    data[i] = Math.max(0, Math.min(255, (data[i] ?? 0) + ((seed >>> 24) % 13) - 6));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function peakRssMb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main() {
  const jpeg = await twelveMegapixelJpeg();
  const server = await startAppServer({ logLevel: 'warn' });
  try {
    const { session } = await registerUser(server.url);
    const headers = {
      cookie: `${SESSION_COOKIE}=${session.cookies.get(SESSION_COOKIE) ?? ''}; ${XSRF_COOKIE}=${session.cookies.get(XSRF_COOKIE) ?? ''}`,
      'x-xsrf-token': decodeURIComponent(session.cookies.get(XSRF_COOKIE) ?? ''),
    };
    const upload = async () => {
      const form = new FormData();
      form.append(
        'base_image',
        new File([new Uint8Array(jpeg)], 'room.jpg', { type: 'image/jpeg' }),
      );
      form.append('space_type', 'residential');
      form.append('space_sub_type', 'living_room');
      const started = performance.now();
      const response = await fetch(`${server.url}/api/designs`, {
        method: 'POST',
        headers,
        body: form,
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      return performance.now() - started;
    };

    await upload(); // warm-up: sharp's first use loads its codecs
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      times.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, upload))));
    }
    times.sort((a, b) => a - b);
    const result = {
      input: { megapixels: 12, bytes: jpeg.length },
      concurrency: CONCURRENCY,
      uploads: times.length,
      medianMs: Math.round(percentile(times, 50)),
      p95Ms: Math.round(percentile(times, 95)),
      peakRssMb: await peakRssMb(server.pid),
    };
    console.log('\nPOST /api/designs, 12 MP JPEG, 4 at a time');
    console.table([result]);
    await mkdir(path.join(repoRoot, '.artifacts'), { recursive: true });
    await writeFile(
      path.join(repoRoot, '.artifacts/bench-upload.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    const missed = [
      result.medianMs >= targets.medianMs &&
        `median ${result.medianMs} ms ≥ ${targets.medianMs} ms`,
      result.peakRssMb >= targets.peakRssMb &&
        `peak RSS ${result.peakRssMb} MB ≥ ${targets.peakRssMb} MB`,
    ].filter(Boolean);
    if (missed.length > 0) {
      console.error(`Upload targets missed: ${missed.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

await main();
