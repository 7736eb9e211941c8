// `npm run bench:engine` (the npm script builds the server first): the image engine's figures.
// 1. Every action at 2 MP and 12 MP, each in its own process on one thread: median ms, median CPU
//    ms and peak RSS (scripts/bench/engine-op.ts).
//    The room parse alone (uncached), and at 2 MP every action that reads it both with the parse
//    cached (a second action on the same photo) and uncached (the first), side by side.
// 2. Scene quality against the hand-labelled ground truth (test-data/room-labels): floor and
//    wall IoU, paint and floor spill/miss per photo (packages/engine/src/test-support/scene-quality.ts).
// 3. Removal quality: PatchMatch against OpenCV's Telea on objects pasted onto real photos (PSNR),
//    and structure-aware removal against both on objects standing across the wall–floor line.
// 4. The BUILT server's /api/health p99 while four generations run in its worker pool.
// Prints tables, writes .artifacts/bench-engine.json, exits 1 when a target is missed.
// `node --import tsx scripts/bench/engine.ts --actions` runs part 1 at 2 MP only and stops there.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { registerUser, type ApiSession } from '../../e2e/support/api';
import { repoRoot, startAppServer } from '../../e2e/support/app-server';
import {
  REMOVAL_HELD_OUT_PHOTOS,
  REMOVAL_PHOTOS,
  formatRemovalTable,
  removalBenchmark,
  removalCases,
} from '../../packages/engine/src/test-support/psnr';
import { labelledPhotos } from '../../packages/engine/src/test-support/ground-truth';
import {
  acrossLineBenchmark,
  acrossLineCases,
  formatAcrossLineTable,
} from '../../packages/engine/src/test-support/removal-bench';
import {
  formatSceneTable,
  measureScene,
  type SceneQuality,
} from '../../packages/engine/src/test-support/scene-quality';

const HELD_OUT_PHOTOS: readonly string[] = REMOVAL_HELD_OUT_PHOTOS;

const shared = path.resolve(repoRoot, '../shared');
const opScript = fileURLToPath(new URL('./engine-op.ts', import.meta.url));

/**
 * Targets at 2 MP on our 2-core machines (issue 5), judged on the run's CPU time: each action runs
 * on one thread, so on an idle machine its CPU time is its wall-clock time, and on the shared
 * bench machine wall-clock swings with the other jobs' load far more than CPU time (decision 033).
 */
const targets2mp: Record<string, number> = {
  wall_paint: 300,
  change_material: 300,
  floors: 300,
  detect: 400,
  architectural_style: 500,
  remove_elements: 3000,
};
const HEALTH_P99_TARGET_MS = 50;
/** The room parse at 2 MP on one thread (issue 10). */
const PARSE_TARGET_MS = 1000;
/**
 * Actions that read the room parse (wall paint, floors, material, add, remove, swap, restyle, the
 * assistant): timed again with the parse cache emptied before each run. (Space elements keep
 * their own per-photo cache, so emptying the parse's would not time them uncached.)
 */
const PARSE_READERS = [
  'wall_paint',
  'floors',
  'floors_auto',
  'change_material',
  'add_elements',
  'remove_elements',
  'change_furniture',
  'restyle',
  'assistant',
];

interface OpRow {
  op: string;
  /** Median CPU time (user + system) of a run; its process works on one thread. */
  cpuMs: number;
  megapixels: number;
  width: number;
  height: number;
  runs: number;
  firstMs: number;
  medianMs: number;
  minMs: number;
  peakRssMb: number;
}

const OPS = [
  'room_parse',
  'wall_paint',
  'change_material',
  'floors',
  'floors_auto',
  'detect',
  'segment',
  'architectural_style',
  'remove_elements',
  'add_elements',
  'change_furniture',
  'restyle',
  'assistant',
];

function runOp(op: string, megapixels: number, runs: number, uncached = false): OpRow | null {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      opScript,
      op,
      String(megapixels),
      String(runs),
      ...(uncached ? ['uncached'] : []),
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, MODELS_DIR: process.env.MODELS_DIR ?? path.join(shared, 'models') },
    },
  );
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status !== 0 || !line.startsWith('{')) {
    console.error(`  ${op} @ ${megapixels} MP failed:\n${result.stderr}`);
    return null;
  }
  return JSON.parse(line) as OpRow;
}

async function healthDuringGenerations() {
  const server = await startAppServer({
    logLevel: 'warn',
    env: { MODELS_DIR: process.env.MODELS_DIR ?? path.join(shared, 'models') },
  });
  try {
    const { session } = await registerUser(server.url);
    await grantCredits(server.dataDir, session, 200);
    const photo = await sharp(await readFile(path.join(shared, 'assets/rooms/living-room-1.jpg')))
      .rotate()
      .resize(1826, 1096, { fit: 'fill' })
      .jpeg({ quality: 90 })
      .toBuffer();
    // get/space-elements stores the photo as the user's image (and is free).
    const upload = new FormData();
    upload.set('base_image', new Blob([photo], { type: 'image/jpeg' }), 'room.jpg');
    const uploaded = await session.postForm('/api/actions/get/space-elements', upload);
    if (uploaded.status !== 200)
      throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
    const stored = (uploaded.body as { baseImage: string }).baseImage;
    let running = true;
    let generations = 0;
    let failures = 0;
    const generator = async () => {
      while (running) {
        const form = new FormData();
        form.set('state_image', stored);
        form.set('design_style', 'japandi');
        form.set('design_mode', 'balanced');
        form.set('quantity', '1');
        const response = await session.postForm('/api/actions/generate/architectural-style', form);
        if (response.status === 200) generations++;
        else failures++;
      }
    };
    const load = [generator(), generator(), generator(), generator()];
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const result = await autocannon({
      url: `${server.url}/api/health`,
      connections: 4,
      duration: 10,
    });
    running = false;
    await Promise.all(load);
    return {
      requests: result.requests.total,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      generations,
      failures,
    };
  } finally {
    await server.stop();
  }
}

/** Gives the bench user credits through the ledger, as an operator's adjustment would. */
async function grantCredits(dataDir: string, session: ApiSession, credits: number) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'roomcraft.sqlite'));
  try {
    const { data: user } = (await session.expect(200, 'GET', '/api/auth/user')) as {
      data: { id: number };
    };
    const now = new Date().toISOString();
    db.transaction(() => {
      const row = db
        .prepare(
          'UPDATE users SET available_credits = available_credits + ? WHERE id = ? RETURNING available_credits',
        )
        .get(credits, user.id) as { available_credits: number };
      db.prepare(
        "INSERT INTO credit_ledger (user_id, delta, balance_after, reason, reference, created_at) VALUES (?, ?, ?, 'adjustment', 'bench', ?)",
      ).run(user.id, credits, row.available_credits, now);
    })();
  } finally {
    db.close();
  }
}

/** At 2 MP: each parse reader's median ms and CPU ms with the parse cached and uncached. */
function formatParseTable(rows: OpRow[]): string {
  const at2 = rows.filter((r) => r.megapixels === 2);
  const parse = at2.find((r) => r.op === 'room_parse');
  const lines = [
    `\ntime per action at 2 MP, room parse cached | uncached (median ms, CPU ms)${parse ? `; the parse alone: ${parse.medianMs} ms, CPU ${parse.cpuMs} ms` : ''}`,
    'action                      cached ms  CPU ms   uncached ms  CPU ms',
  ];
  for (const op of PARSE_READERS) {
    const cached = at2.find((r) => r.op === op);
    const uncached = at2.find((r) => r.op === `${op} (uncached)`);
    const cell = (r: OpRow | undefined, width: number) =>
      `${String(r?.medianMs ?? '—').padStart(width)}  ${String(r?.cpuMs ?? '—').padStart(6)}`;
    lines.push(`${op.padEnd(26)} ${cell(cached, 10)}   ${cell(uncached, 11)}`);
  }
  return lines.join('\n');
}

async function main() {
  const failed: string[] = [];
  const rows: OpRow[] = [];
  console.log(
    'action                     MP   size        first ms  median ms  CPU ms  peak RSS MB',
  );
  const actionsOnly = process.argv.includes('--actions');
  for (const megapixels of actionsOnly ? [2] : [2, 12]) {
    const jobs = [
      ...OPS.map((op) => ({ op, uncached: false })),
      ...(megapixels === 2 ? PARSE_READERS.map((op) => ({ op, uncached: true })) : []),
    ];
    for (const { op, uncached } of jobs) {
      const runs =
        megapixels === 2
          ? op === 'remove_elements' ||
            op.includes('furniture') ||
            op === 'add_elements' ||
            op === 'restyle'
            ? 3
            : 7
          : op === 'remove_elements'
            ? 1
            : 3;
      const row = runOp(op, megapixels, runs, uncached);
      if (!row) {
        failed.push(`${op} @ ${megapixels} MP`);
        continue;
      }
      rows.push(row);
      const target =
        megapixels !== 2 || uncached
          ? undefined
          : op === 'room_parse'
            ? PARSE_TARGET_MS
            : targets2mp[op];
      const verdict =
        target === undefined ? '' : row.cpuMs <= target ? `  ≤ ${target} ✓` : `  > ${target} ✗`;
      if (target !== undefined && row.cpuMs > target)
        failed.push(`${op} @ 2 MP: ${row.cpuMs} ms CPU > ${target} ms`);
      console.log(
        `${row.op.padEnd(26)} ${String(megapixels).padStart(2)}   ${`${row.width}×${row.height}`.padEnd(10)}  ${String(row.firstMs).padStart(8)}  ${String(row.medianMs).padStart(9)}  ${String(row.cpuMs).padStart(6)}  ${String(row.peakRssMb).padStart(11)}${verdict}`,
      );
    }
  }
  console.log(formatParseTable(rows));
  if (actionsOnly) {
    if (failed.length > 0) {
      console.error(`\nmissed: ${failed.join('; ')}`);
      process.exitCode = 1;
    }
    return;
  }

  console.log(
    '\nscene quality against the ground-truth labels (1600 px; goals: spill ≤ 2 %, miss ≤ 3 %)',
  );
  const scene: SceneQuality[] = [];
  for (const photo of await labelledPhotos()) scene.push(await measureScene(photo));
  console.log(formatSceneTable(scene));

  console.log('\nremoval quality (PSNR dB inside the hole, higher is better)');
  // The inpainting was tuned on the first five photos; the other five only chose its pyramid depth.
  const removal = await removalBenchmark(removalCases([...REMOVAL_PHOTOS, ...HELD_OUT_PHOTOS]));
  console.log(formatRemovalTable(removal));
  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  for (const [label, rows] of [
    ['tuned set', removal.filter((r) => (REMOVAL_PHOTOS as readonly string[]).includes(r.photo))],
    ['held-out set', removal.filter((r) => HELD_OUT_PHOTOS.includes(r.photo))],
    ['all', removal],
  ] as const) {
    const wins = rows.filter((r) => r.ours > r.telea).length;
    console.log(
      `  ${label}: ours ${mean(rows.map((r) => r.ours)).toFixed(2)} dB, Telea ${mean(rows.map((r) => r.telea)).toFixed(2)} dB, ours ahead in ${wins} of ${rows.length}`,
    );
  }
  if (mean(removal.map((r) => r.ours)) <= mean(removal.map((r) => r.telea))) {
    failed.push('removal PSNR not above Telea over all cases');
  }

  console.log(
    '\nremoval across the wall–floor line (hand-labelled photos; structure = with the room parse)',
  );
  const acrossLine = await acrossLineBenchmark(acrossLineCases(await labelledPhotos()));
  console.log(formatAcrossLineTable(acrossLine));

  console.log('\n/api/health while four generations run');
  const health = await healthDuringGenerations();
  console.log(
    `  ${health.requests} requests, p50 ${health.p50Ms} ms, p99 ${health.p99Ms} ms, max ${health.maxMs} ms; ${health.generations} generations finished meanwhile (${health.failures} failed)`,
  );
  if (health.p99Ms >= HEALTH_P99_TARGET_MS) failed.push(`/api/health p99 ${health.p99Ms} ms`);
  if (health.generations === 0 || health.failures > 0)
    failed.push('generations failed during the health bench');

  const out = path.join(repoRoot, '.artifacts/bench-engine.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(
    out,
    JSON.stringify(
      {
        ops: rows,
        scene,
        removal: removal.map(({ photo, object, ours, telea, oursMs, teleaMs }) => ({
          photo,
          object,
          ours,
          telea,
          oursMs,
          teleaMs,
        })),
        removalAcrossLine: acrossLine.map(
          ({ photo, object, structure, patchMatch, telea, structureMs, structured }) => ({
            photo,
            object,
            structure,
            patchMatch,
            telea,
            structureMs,
            structured,
          }),
        ),
        health,
      },
      null,
      2,
    ),
  );
  if (failed.length > 0) {
    console.error(`\nmissed: ${failed.join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
