// `npm run bench:scene`: only the scene-quality table of `npm run bench:engine` (room parse, wall
// paint and floors against the hand-labelled photos, packages/engine/src/test-support/scene-quality.ts),
// without the other benches: the quick check that a change to the parse leaves its output alone.
import path from 'node:path';
import { repoRoot } from '../../e2e/support/app-server';
import { labelledPhotos } from '../../packages/engine/src/test-support/ground-truth';
import {
  formatFloorSpillTable,
  formatPaintSpillTable,
  formatSceneTable,
  measureScene,
  type SceneQuality,
} from '../../packages/engine/src/test-support/scene-quality';

process.env.MODELS_DIR ??= path.resolve(repoRoot, '../shared/models');
const rows: SceneQuality[] = [];
for (const photo of await labelledPhotos()) rows.push(await measureScene(photo));
console.log(formatSceneTable(rows));
console.log();
console.log(formatPaintSpillTable(rows));
console.log();
console.log(formatFloorSpillTable(rows));
