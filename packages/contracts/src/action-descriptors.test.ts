import { describe, expect, it } from 'vitest';
import {
  ACTION_DESCRIPTORS,
  ACTION_LIST,
  actionName,
  actionOfRoute,
  designsOf,
  generationCost,
  requiresMask,
} from './action-descriptors';
import { DESIGN_CONFIG } from './config';
import { ACTION_IDS } from './design-config';

describe('action descriptors', () => {
  it('describe every tool once, under its own id, with its own route', () => {
    expect(Object.keys(ACTION_DESCRIPTORS).sort()).toEqual(
      ACTION_IDS.filter((id) => id !== 'none').sort(),
    );
    for (const [id, action] of Object.entries(ACTION_DESCRIPTORS)) expect(action.id).toBe(id);
    const routes = ACTION_LIST.map((action) => action.route);
    expect(new Set(routes).size).toBe(routes.length);
    expect(actionOfRoute('wall-paint')?.id).toBe('paints');
    expect(actionOfRoute('paints')).toBeUndefined();
  });

  it('give GET /api/config the spec actions, none first, in the spec order', () => {
    expect(DESIGN_CONFIG.actions.map((action) => action.id)).toEqual([
      'none',
      'architectural_style',
      'add_elements',
      'remove_elements',
      'furniture',
      'floors',
      'change_material',
      'paints',
      'ai_assistant',
    ]);
    expect(DESIGN_CONFIG.actions.find((action) => action.id === 'paints')).toEqual({
      id: 'paints',
      name: 'Wall paint',
      mobile_name: 'Paint',
      credits: 1,
      description: 'Paint walls and ceilings in any colour',
    });
    expect(actionName('none')).toBe('None');
    expect(actionName('furniture')).toBe('Change furniture');
  });

  it('hold the mask rule (spec §5 "Generate enabled when") and the quantity rule', () => {
    const masked = ACTION_LIST.filter((action) => requiresMask(action.id)).map(({ id }) => id);
    expect(masked.sort()).toEqual(
      ['add_elements', 'change_material', 'paints', 'remove_elements'].sort(),
    );
    // Issue 11: the assistant finds what the words name; a painted mask only narrows it.
    expect(ACTION_DESCRIPTORS.ai_assistant.mask).toBe('optional');
    expect(requiresMask('none')).toBe(false);
    expect(designsOf('paints', 4)).toBe(1);
    expect(designsOf('floors', 3)).toBe(1);
    expect(designsOf('furniture', 3)).toBe(3);
    expect(generationCost('add_elements', 4)).toBe(8);
  });
});
