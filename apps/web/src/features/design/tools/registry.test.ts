import { describe, expect, it } from 'vitest';
import { ACTION_DESCRIPTORS } from '@roomcraft/contracts';
import { newDraft, type DesignDraft } from '../model/design-draft';
import { emptyToolInputs, type ToolId } from '../model/tools';
import { canGenerate, leastCostOf, TOOLS, toolRequest } from './registry';

const inputs = (overrides: Partial<ReturnType<typeof emptyToolInputs>> = {}) => ({
  ...emptyToolInputs(),
  ...overrides,
});
const swatch = { kind: 'hex', id: 'sage', name: 'Sage', hex: '#9caf88' } as const;

describe('Generate enabled when (spec §5)', () => {
  it('add elements: a painted mask and a style', () => {
    expect(canGenerate('add_elements', inputs({ style: 'modern' }), false)).toBe(false);
    expect(canGenerate('add_elements', inputs(), true)).toBe(false);
    expect(canGenerate('add_elements', inputs({ style: 'modern' }), true)).toBe(true);
  });

  it('remove elements: a painted mask', () => {
    expect(canGenerate('remove_elements', inputs(), false)).toBe(false);
    expect(canGenerate('remove_elements', inputs(), true)).toBe(true);
  });

  it('wall paint: a painted mask and a colour, a swatch or an uploaded image', () => {
    const file = new File(['x'], 'swatch.jpg', { type: 'image/jpeg' });
    const upload = { kind: 'file', id: 'up', name: 'swatch.jpg', file, url: 'blob:1' } as const;
    expect(canGenerate('paints', inputs({ colour: swatch }), false)).toBe(false);
    expect(canGenerate('paints', inputs(), true)).toBe(false);
    expect(canGenerate('paints', inputs({ colour: swatch }), true)).toBe(true);
    expect(canGenerate('paints', inputs({ colour: upload }), true)).toBe(true);
  });

  it('material change: mask and colour, material and type both set or both empty', () => {
    expect(canGenerate('change_material', inputs({ colour: swatch }), true)).toBe(true);
    expect(canGenerate('change_material', inputs({ colour: swatch }), false)).toBe(false);
    expect(canGenerate('change_material', inputs(), true)).toBe(false);
    expect(
      canGenerate('change_material', inputs({ colour: swatch, materialType: 'Wood' }), true),
    ).toBe(false);
    expect(
      canGenerate(
        'change_material',
        inputs({ colour: swatch, materialType: 'Wood', material: 'Oak' }),
        true,
      ),
    ).toBe(true);
  });

  it('floors: a template; architectural style: a style; furniture: an element', () => {
    expect(canGenerate('floors', inputs(), true)).toBe(false);
    expect(
      canGenerate(
        'floors',
        inputs({ texture: { kind: 'url', id: 'o', name: 'Oak', url: '/x' } }),
        false,
      ),
    ).toBe(true);
    expect(canGenerate('architectural_style', inputs(), true)).toBe(false);
    expect(canGenerate('architectural_style', inputs({ style: 'japandi' }), false)).toBe(true);
    expect(canGenerate('furniture', inputs({ element: 0 }), false)).toBe(false);
    expect(canGenerate('none', inputs({ style: 'japandi' }), true)).toBe(false);
  });

  it('AI assistant: an instruction; the mask is optional (issue 11)', () => {
    expect(canGenerate('ai_assistant', inputs({ prompt: '   ' }), true)).toBe(false);
    expect(canGenerate('ai_assistant', inputs({ prompt: 'remove the lamp' }), false)).toBe(true);
    expect(canGenerate('ai_assistant', inputs({ prompt: 'paint it teal' }), true)).toBe(true);
  });
});

describe('the tool registry', () => {
  it('has one web tool for every action descriptor, and no other', () => {
    expect(Object.keys(TOOLS).sort()).toEqual(Object.keys(ACTION_DESCRIPTORS).sort());
  });
});

describe("a tool's generate request", () => {
  const photo = new File(['jpeg'], 'room.jpg', { type: 'image/jpeg' });
  const draftWith = (base: DesignDraft['base']): DesignDraft => ({
    ...newDraft(),
    base,
    space_type: 'Living room',
    space_sub_type: 'Residential',
    budget_max: 900,
  });
  const request = (action: ToolId, draft: DesignDraft, overrides = {}, designs = 3) =>
    toolRequest({
      action,
      draft,
      workImage: draft.base?.url ?? '',
      inputs: inputs(overrides),
      designs,
      mask: null,
    });

  it('sends the chosen photo while nothing has stored it', () => {
    const form = request('remove_elements', draftWith({ source: photo, url: 'blob:room' }));
    expect(form.get('state_image')).toBeInstanceOf(File);
    expect(form.get('quantity')).toBe('3');
    expect(form.get('space_type')).toBe('Living room');
  });

  it('sends the stored URL once detection stored the photo, though the preview is shown', () => {
    const draft = draftWith({ source: '/api/files/7/base.jpg', url: 'blob:room' });
    expect(request('remove_elements', draft).get('state_image')).toBe('/api/files/7/base.jpg');
  });

  it("adds the tool's own fields: wall paint's colour, one design", () => {
    const form = request('paints', draftWith({ source: photo, url: 'blob:room' }), {
      colour: swatch,
    });
    expect(form.get('color')).toBe('#9caf88');
    expect(form.get('quantity')).toBe('1');
    expect(form.get('design_style')).toBeNull();
  });

  it("adds the tool's own fields: floors' rug choice, kept unless unticked (issue 10)", () => {
    const texture = { kind: 'url', id: 'oak', name: 'Oak', url: '/api/library/images/oak.jpg' };
    const draft = draftWith({ source: '/api/files/7/base.jpg', url: '/api/files/7/base.jpg' });
    const kept = request('floors', draft, { texture });
    expect(kept.get('texture_url')).toBe('/api/library/images/oak.jpg');
    expect(kept.get('rug')).toBeNull();
    expect(request('floors', draft, { texture, keepRugs: false }).get('rug')).toBe('replace');
  });

  it("adds the tool's own fields: furniture's element outline, product and budget", () => {
    const draft = {
      ...draftWith({ source: '/api/files/7/base.jpg', url: '/api/files/7/base.jpg' }),
      space_elements: [
        {
          label: 'Sofa',
          box: [
            { x: 10, y: 20 },
            { x: 40, y: 20 },
            { x: 40, y: 60 },
            { x: 10, y: 60 },
          ],
        },
      ],
    };
    const product = { id: 'sofa-2' } as never;
    const form = request('furniture', draft, { element: 0, replacement: product, style: 'nordic' });
    expect(form.get('furniture')).toBe('Sofa');
    expect(form.get('product_id')).toBe('sofa-2');
    expect(form.get('design_style')).toBe('nordic');
    expect(form.get('budget_max')).toBe('900');
    expect(form.get('box[0][x]')).toBe('10');
  });
});

describe('the least a request can cost (spec §5 Credits, issue 11)', () => {
  it("is the action's cost, but for the assistant its cheapest planned action's", () => {
    expect(leastCostOf('remove_elements', 3)).toBe(3);
    expect(leastCostOf('architectural_style', 2)).toBe(4);
    // The assistant may plan a wall paint: 1 credit whatever the number of designs.
    expect(leastCostOf('ai_assistant', 1)).toBe(1);
    expect(leastCostOf('ai_assistant', 4)).toBe(1);
  });
});
