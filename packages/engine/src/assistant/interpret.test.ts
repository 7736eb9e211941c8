import { describe, expect, it } from 'vitest';
import { PAINT_COLOURS } from '@roomcraft/catalog/paint-colours';
import { defaultAssistantContext } from './context';
import { hexToOklab } from './colour-words';
import { interpretInstruction, type AssistantPlan } from './interpret';

const context = defaultAssistantContext();

const paint = (name: string) => {
  const colour = PAINT_COLOURS.find((c) => c.name === name);
  if (colour === undefined) throw new Error(`no paint colour ${name}`);
  return colour.hex;
};

/** Instruction → the plan it must produce. */
const EXPECTED: [string, AssistantPlan][] = [
  // Wall paint: paint names (exact and fuzzy), everyday colours, hex codes.
  ['paint the walls sage green', { action: 'paints', hex: '#9caf88' }],
  ['make the wall #223344', { action: 'paints', hex: '#223344' }],
  ['walls in Hague Blue', { action: 'paints', hex: paint('Hague Blue') }],
  ['WALLS IN HAGUE-BLUE!!', { action: 'paints', hex: paint('Hague Blue') }],
  ['paint the walls hauge blue', { action: 'paints', hex: paint('Hague Blue') }],
  ['terracota walls please', { action: 'paints', hex: paint('Terracotta') }],
  ['colour the walls Navy Harbour', { action: 'paints', hex: paint('Navy Harbour') }],
  ['make the walls coastal blue', { action: 'paints', hex: paint('Coastal Blue') }],
  ['walls: #abc', { action: 'paints', hex: '#aabbcc' }],
  ['paint it navy blue', { action: 'paints', hex: '#25344f' }],
  ['the walls should be dove grey', { action: 'paints', hex: '#b5b3ae' }],
  ['Paint the wall gray', { action: 'paints', hex: '#9a9a96' }],
  ['paint the walls charcoal', { action: 'paints', hex: paint('Charcoal') }],
  ['repaint the walls in cream', { action: 'paints', hex: '#f3e9cf' }],
  ['paint walls rgb(10, 20, 30)', { action: 'paints', hex: '#0a141e' }],
  ['paint the walls terracotta', { action: 'paints', hex: paint('Terracotta') }],
  // Change material: a material, a colour, or both, on something that is not a wall or floor.
  [
    'make the cabinet walnut',
    { action: 'change_material', hex: '#5d4030', material: 'Walnut', materialType: 'Wood' },
  ],
  [
    'turn the counter into marble',
    { action: 'change_material', hex: '#e8e6e1', material: 'Marble', materialType: 'Stone' },
  ],
  [
    'make the sofa green velvet',
    { action: 'change_material', hex: '#4f7a4c', material: 'Velvet', materialType: 'Fabric' },
  ],
  [
    'make the sofa emerald velvet',
    {
      action: 'change_material',
      hex: paint('Emerald'),
      material: 'Velvet',
      materialType: 'Fabric',
    },
  ],
  [
    'I want the sofa in green velvet',
    { action: 'change_material', hex: '#4f7a4c', material: 'Velvet', materialType: 'Fabric' },
  ],
  [
    'make the table top black iron',
    { action: 'change_material', hex: '#2a2a2b', material: 'Black iron', materialType: 'Metal' },
  ],
  [
    'make the vase terracotta',
    {
      action: 'change_material',
      hex: '#c0673d',
      material: 'Terracotta',
      materialType: 'Ceramic',
    },
  ],
  [
    'make the door clear glass',
    { action: 'change_material', hex: '#dfe7e8', material: 'Clear glass', materialType: 'Glass' },
  ],
  [
    'change the rug to a wool one',
    { action: 'change_material', hex: '#cfc5b3', material: 'Wool', materialType: 'Fabric' },
  ],
  [
    'stainless steel fridge',
    {
      action: 'change_material',
      hex: '#a8aaad',
      material: 'Brushed steel',
      materialType: 'Metal',
    },
  ],
  ['make the chair wooden', { action: 'change_material', hex: '#b08a5a', materialType: 'Wood' }],
  ['paint the cabinets white', { action: 'change_material', hex: '#f4f2ee' }],
  ['make the cushions mustard', { action: 'change_material', hex: '#d4a23c' }],
  ['make it green', { action: 'change_material', hex: '#4f7a4c' }],
  ['paint the floor white', { action: 'change_material', hex: '#f4f2ee' }],
  // Floors from the texture library.
  ['oak herringbone floor', { action: 'floors', textureId: 'oak-herringbone' }],
  ['put grey tiles on the floor', { action: 'floors', textureId: 'grey-porcelain-tiles' }],
  ['make the floor dark wood', { action: 'floors', textureId: 'walnut-planks-wide' }],
  ['carpet the floor', { action: 'floors', textureId: 'loop-carpet' }],
  ['wooden floor please', { action: 'floors', textureId: 'oak-planks-wide' }],
  ['herringbone parquet', { action: 'floors', textureId: 'oak-herringbone' }],
  ['terrazzo flooring', { action: 'floors', textureId: 'terrazzo' }],
  ['change the floor to polished concrete', { action: 'floors', textureId: 'polished-concrete' }],
  ['slate floor tiles', { action: 'floors', textureId: 'slate-tiles' }],
  ['lay white marble tiles', { action: 'floors', textureId: 'carrara-marble' }],
  // Removal.
  ['remove the chair', { action: 'remove_elements' }],
  ['get rid of this', { action: 'remove_elements' }],
  ['delete the lamp', { action: 'remove_elements' }],
  ['erase the clutter on the table', { action: 'remove_elements' }],
  ['take away the sofa', { action: 'remove_elements' }],
  // Adding.
  ['add a plant here', { action: 'add_elements', category: 'plant' }],
  ['put a floor lamp in the corner', { action: 'add_elements', category: 'floor_lamp' }],
  ['put a lamp on the side table', { action: 'add_elements', category: 'table_lamp' }],
  ["I'd like a sofa here", { action: 'add_elements', category: 'sofa' }],
  ['put a rug on the floor', { action: 'add_elements', category: 'rug' }],
  ['add a chest of drawers', { action: 'add_elements', category: 'dresser' }],
  ['hang a mirror here', { action: 'add_elements', category: 'mirror' }],
  ['add a pendant light', { action: 'add_elements', category: 'pendant' }],
  ['add something here', { action: 'add_elements' }],
  // Architectural style.
  [
    'make it Scandinavian',
    { action: 'architectural_style', styleId: 'scandinavian', depth: 'full' },
  ],
  ['japandi style please', { action: 'architectural_style', styleId: 'japandi', depth: 'full' }],
  ['make it coastal', { action: 'architectural_style', styleId: 'coastal', depth: 'full' }],
  ['boho vibes please', { action: 'architectural_style', styleId: 'bohemian', depth: 'full' }],
  [
    'mid-century modern living room',
    { action: 'architectural_style', styleId: 'mid_century', depth: 'full' },
  ],
  ['an industrial look', { action: 'architectural_style', styleId: 'industrial', depth: 'full' }],
  ['restyle as art deco', { action: 'architectural_style', styleId: 'art_deco', depth: 'full' }],
];

const GENERIC_REASON = (text: string) =>
  `I can't do "${text}" yet. Try: paint the walls, change a material or the floor, remove or add furniture, or restyle the room.`;

describe('interpretInstruction', () => {
  it('has a table of at least 40 instructions', () => {
    expect(EXPECTED.length).toBeGreaterThanOrEqual(40);
  });

  it.each(EXPECTED)('%s', (text, plan) => {
    const result = interpretInstruction(text, context);
    expect(result).toMatchObject({ ok: true, plan });
    if (result.ok) expect(result.plan).toEqual(plan);
  });

  it.each(['make the room bigger', 'add a window', 'what time is it', 'remove the wall'])(
    'refuses "%s" with a reason for the user',
    (text) => {
      expect(interpretInstruction(text, context)).toEqual({
        ok: false,
        reason: GENERIC_REASON(text),
      });
    },
  );

  it('asks for an instruction when the text is empty', () => {
    for (const text of ['', '   ', '\n']) {
      const result = interpretInstruction(text, context);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/Tell me what to change/);
    }
  });

  it('reads "a lighter shade of" as the light modifier', () => {
    const lighter = interpretInstruction('make this wall a lighter shade of blue', context);
    const light = interpretInstruction('make this wall light blue', context);
    expect(lighter.ok && light.ok).toBe(true);
    if (lighter.ok && light.ok) expect(lighter.plan).toEqual(light.plan);
  });

  it('asks which colour when walls are named without one', () => {
    const result = interpretInstruction('paint the walls', context);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/Which colour/);
  });

  it.each([
    ['add a piano', 'piano'],
    ['add art on the wall', 'art'],
  ])('lists what it can add when "%s" is not sold', (text, object) => {
    const result = interpretInstruction(text, context);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toContain(`"${object}"`);
      expect(result.reason).toContain('floor lamp');
    }
  });

  it('shortens a long instruction it quotes back', () => {
    const text = `please make the room feel ${'much '.repeat(30)}bigger`;
    const result = interpretInstruction(text, context);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason.length).toBeLessThan(200);
  });

  it('lightens and darkens colours with modifiers, keeping the hue', () => {
    const hexOf = (text: string) => {
      const result = interpretInstruction(text, context);
      if (!result.ok || result.plan.action !== 'paints') throw new Error(`not paint: ${text}`);
      return hexToOklab(result.plan.hex);
    };
    const base = hexOf('paint the walls sage');
    const light = hexOf('paint the walls light sage');
    const dark = hexOf('paint the walls dark sage');
    expect(light.l).toBeGreaterThan(base.l + 0.08);
    expect(dark.l).toBeLessThan(base.l - 0.1);
    const hue = (c: { a: number; b: number }) => Math.atan2(c.b, c.a);
    expect(Math.abs(hue(light) - hue(base))).toBeLessThan(0.05);
    expect(Math.abs(hue(dark) - hue(base))).toBeLessThan(0.05);
  });

  it('finds every paint colour by its name in any case and spacing', () => {
    for (const { name, hex } of PAINT_COLOURS) {
      const text = `paint the walls ${name.toUpperCase().replace(/ /g, '-')}`;
      const result = interpretInstruction(text, context);
      expect(result, text).toMatchObject({ ok: true, plan: { action: 'paints', hex } });
    }
  });

  it('writes a summary that names the result', () => {
    const result = interpretInstruction('walls in Hague Blue', context);
    expect(result).toMatchObject({ ok: true, summary: 'Paint the walls Hague Blue (#2d3e4b)' });
    const floor = interpretInstruction('oak herringbone floor', context);
    expect(floor).toMatchObject({ ok: true, summary: 'Lay Oak herringbone parquet on the floor' });
  });

  it("uses the space's own materials: outdoor ones for a garden", () => {
    expect(defaultAssistantContext('living_room')).toBe(context);
    const garden = defaultAssistantContext('garden');
    expect(interpretInstruction('make the decking cedar', garden)).toMatchObject({
      ok: true,
      plan: { action: 'change_material', material: 'Cedar', materialType: 'Wood' },
    });
    // Cedar is not an interior material, so indoors it is not recognised as one.
    expect(interpretInstruction('make the decking cedar', context).ok).toBe(false);
  });

  it('only chooses styles, textures and categories from its context', () => {
    const small = {
      ...context,
      styles: context.styles.filter((s) => s.id !== 'japandi'),
      textures: context.textures.filter((t) => t.id !== 'oak-herringbone'),
    };
    expect(interpretInstruction('japandi style please', small).ok).toBe(false);
    const floor = interpretInstruction('oak herringbone floor', small);
    expect(floor).toMatchObject({ ok: true, plan: { action: 'floors' } });
    if (floor.ok && floor.plan.action === 'floors') {
      expect(small.textures.map((t) => t.id)).toContain(floor.plan.textureId);
    }
  });
});
