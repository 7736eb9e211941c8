import { describe, expect, it } from 'vitest';
import { straightRuns } from './line-segments';

const limits = { minRun: 10, maxGap: 4, joinStep: 2, maxResidual: 1.5 };

describe('straightRuns', () => {
  it('joins a straight trace across a short gap and fits its line', () => {
    const samples: [number, number][] = [];
    for (let x = 0; x < 40; x++) if (x < 18 || x > 20) samples.push([x, 100 + 0.5 * x]);
    const runs = straightRuns(samples, limits);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.run).toHaveLength(samples.length);
    expect(runs[0]?.line.slope).toBeCloseTo(0.5, 5);
    expect(runs[0]?.line.at(10)).toBeCloseTo(105, 5);
  });

  it('parts a trace where it jumps, and drops the short, the sparse and the ragged pieces', () => {
    const samples: [number, number][] = [];
    for (let x = 0; x < 30; x++) samples.push([x, 50]); // straight: kept
    for (let x = 30; x < 36; x++) samples.push([x, 80]); // a jump, then too short
    for (let x = 40; x < 80; x += 3) samples.push([x, 20]); // joined across gaps of 3 but sparse
    for (let x = 90; x < 130; x++) samples.push([x, 200 + (x % 4 < 2 ? 0 : 2)]); // zigzag: joined
    const runs = straightRuns(samples, { ...limits, maxResidual: 0.9 });
    expect(runs.map((r) => [r.run[0]?.[0], r.run.at(-1)?.[0]])).toEqual([[0, 29]]);
    // A looser residual takes the zigzag too.
    expect(straightRuns(samples, limits)).toHaveLength(2);
  });
});
