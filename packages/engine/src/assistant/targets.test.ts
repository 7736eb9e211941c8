/** What an instruction points at (its target), swaps and moods: the interpreter's new answers. */
import { describe, expect, it } from 'vitest';
import { defaultAssistantContext } from './context';
import { interpretInstruction, type AssistantTarget } from './interpret';
import { moodScore, namedObject } from './targets';

const context = defaultAssistantContext('living_room');

const sofa: AssistantTarget = { kind: 'object', name: 'sofa', labels: ['sofa'], all: false };
const lamp: AssistantTarget = { kind: 'object', name: 'lamp', labels: ['lamp'], all: false };

describe('the target of an instruction', () => {
  it.each<[string, AssistantTarget]>([
    ['make it Scandinavian', { kind: 'room' }],
    ['warmer and cosier', { kind: 'room' }],
    ['paint the walls sage green', { kind: 'surface', surface: 'walls' }],
    ['paint the ceiling white', { kind: 'surface', surface: 'ceiling' }],
    ['make the floor oak', { kind: 'surface', surface: 'floor' }],
    ['make the floor white', { kind: 'surface', surface: 'floor' }],
    ['remove the lamp', lamp],
    ['replace the sofa with a leather one', sofa],
    ['make the sofa leather', sofa],
    [
      'remove the vase on the table',
      { kind: 'object', name: 'vase', labels: ['vase'], all: false },
    ],
    ['remove this', { kind: 'selection' }],
    ['add a plant in the corner', { kind: 'selection' }],
    ['make it walnut', { kind: 'selection' }],
  ])('%s', (text, target) => {
    expect(interpretInstruction(text, context)).toMatchObject({ ok: true, target });
  });

  it('asks for every one on a plural or "all"', () => {
    expect(namedObject('remove the chairs')).toMatchObject({ name: 'chair', all: true });
    expect(namedObject('remove all the chair')).toMatchObject({ name: 'chair', all: true });
    expect(namedObject('remove the chair')).toMatchObject({ name: 'chair', all: false });
    expect(namedObject('remove the coffee table')).toMatchObject({
      name: 'coffee table',
      all: false,
    });
  });

  it.each([
    ['remove everything above the sofa', 'Remove the selection and fill in what was behind it'],
    ['remove everything off the shelf', 'Remove the selection and fill in what was behind it'],
    ['remove the vase on the table', 'Remove the vase and fill in what was behind it'],
  ])('says in its summary what "%s" works on, not where it is', (text, summary) => {
    const result = interpretInstruction(text, context);
    expect(result).toMatchObject({ ok: true, summary });
    // The summary and the target read the same place words: a place is never the target.
    const vase = { kind: 'object', name: 'vase' };
    expect(result).toMatchObject({ target: /vase/.test(summary) ? vase : { kind: 'selection' } });
  });

  it('knows a piano by name, though no element is ever one', () => {
    expect(interpretInstruction('remove the piano', context)).toMatchObject({
      ok: true,
      plan: { action: 'remove_elements' },
      target: { kind: 'object', name: 'piano', labels: [] },
    });
  });
});

describe('swapping a piece', () => {
  it.each([
    [
      'replace the sofa with a leather one',
      { action: 'furniture', category: 'sofa', material: 'Leather' },
    ],
    [
      'swap the armchair for a velvet one',
      { action: 'furniture', category: 'armchair', material: 'Velvet' },
    ],
    ['replace the coffee table', { action: 'furniture', category: 'coffee_table' }],
    ['swap the lamp for a floor lamp', { action: 'furniture', category: 'floor_lamp' }],
  ])('%s', (text, plan) => {
    const result = interpretInstruction(text, context);
    expect(result.ok && result.plan).toEqual(plan);
  });

  it('still recolours with "change … to a … one" (a material change, not a swap)', () => {
    expect(interpretInstruction('change the rug to a wool one', context)).toMatchObject({
      ok: true,
      plan: { action: 'change_material', material: 'Wool' },
    });
  });
});

describe('a mood for the whole room', () => {
  it('picks the warmest palette for "warmer and cosier"', () => {
    const result = interpretInstruction('make it warmer and cosier', context);
    expect(result.ok && result.plan.action).toBe('architectural_style');
    if (!result.ok || result.plan.action !== 'architectural_style') return;
    const warmth = (id: string) =>
      moodScore(context.styles.find((s) => s.id === id)?.palette ?? [], 'warm');
    const chosen = warmth(result.plan.styleId ?? '');
    for (const style of context.styles) expect(chosen).toBeGreaterThanOrEqual(warmth(style.id));
    // A cool, pale style is not what warm means.
    expect(chosen).toBeGreaterThan(warmth('coastal'));
    expect(chosen).toBeGreaterThan(warmth('minimalist'));
    expect(result.summary).toMatch(/^Make the room warmer and cosier: restyle it as /);
  });

  it('answers different moods with different styles', () => {
    const style = (text: string) => {
      const result = interpretInstruction(text, context);
      return result.ok && result.plan.action === 'architectural_style' ? result.plan.styleId : null;
    };
    const warm = style('warmer and cosier');
    const bright = style('brighter and airier');
    const calm = style('calmer please');
    expect(new Set([warm, bright, calm]).size).toBe(3);
    expect([warm, bright, calm]).not.toContain(null);
  });

  it('is no restyle when a thing is named, or for sizes it cannot change', () => {
    expect(interpretInstruction('make the sofa warmer', context)).not.toMatchObject({
      plan: { action: 'architectural_style' },
    });
    expect(interpretInstruction('make the room bigger', context).ok).toBe(false);
  });
});

describe('how far a restyle of the room goes (the design mode it runs)', () => {
  const restyle = (text: string) => {
    const result = interpretInstruction(text, context);
    if (!result.ok || result.plan.action !== 'architectural_style') {
      throw new Error(`"${text}" is no restyle: ${JSON.stringify(result)}`);
    }
    expect(result.target).toEqual({ kind: 'room' });
    return result.plan;
  };

  it.each([
    // Colours only.
    ['just change the colours', 'colours', undefined],
    ['only repaint', 'colours', undefined],
    ['make it Scandinavian, just change the colours', 'colours', 'scandinavian'],
    ['Scandinavian colors only', 'colours', 'scandinavian'],
    ['only repaint it in a japandi style', 'colours', 'japandi'],
    ['paint the walls in Scandinavian colours', 'colours', 'scandinavian'],
    ['make it japandi but do not change the floor or the furniture', 'colours', 'japandi'],
    // Colours and floor.
    ['new floor and colours', 'colours_floor', undefined],
    ['Scandinavian with a new floor and colours', 'colours_floor', 'scandinavian'],
    ['make it Scandinavian but keep the furniture', 'colours_floor', 'scandinavian'],
    ["make it coastal, don't touch the furniture", 'colours_floor', 'coastal'],
    // The full redesign.
    ['make it Scandinavian', 'full', 'scandinavian'],
    ['redesign', 'full', undefined],
    ['redesign the room', 'full', undefined],
    ['a full redesign in industrial style', 'full', 'industrial'],
    ['make it boho with new furniture and a new floor', 'full', 'bohemian'],
    ['keep the floor but change the furniture, Scandinavian', 'full', 'scandinavian'],
  ])('"%s" → %s', (text, depth, styleId) => {
    const plan = restyle(text);
    expect(plan.depth).toBe(depth);
    // No style named: the room's own (the design's) is meant, chosen by the server.
    expect(plan.styleId).toBe(styleId);
  });

  it('goes as far for a mood as the words say, in the style that answers it', () => {
    const warm = restyle('warmer and cosier');
    expect(warm.depth).toBe('full');
    expect(restyle('make it warmer, only repaint')).toEqual({ ...warm, depth: 'colours' });
    expect(restyle('make it cosier with a new floor')).toEqual({ ...warm, depth: 'colours_floor' });
    expect(interpretInstruction('make it warmer, only repaint', context)).toMatchObject({
      summary: /new wall colours only$/,
    });
  });

  it('is still a paint, a floor or a question when a surface is named', () => {
    expect(interpretInstruction('paint the walls sage green', context)).toMatchObject({
      plan: { action: 'paints' },
    });
    expect(interpretInstruction('Scandinavian with a new oak floor', context)).toMatchObject({
      plan: { action: 'floors' },
    });
    for (const text of ['paint the walls', 'make the walls warmer', 'paint it']) {
      expect(interpretInstruction(text, context)).toMatchObject({
        ok: false,
        reason: /^Which colour should the walls be/,
      });
    }
    for (const text of ['new floor', 'make the floor warmer']) {
      expect(interpretInstruction(text, context)).toMatchObject({
        ok: false,
        reason: /^Which floor would you like/,
      });
    }
  });
});
