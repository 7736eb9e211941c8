import { describe, expect, it } from 'vitest';
import { newDraft } from './design-draft';
import { architecturalStyle } from '../tools/architectural-style';
import { generateForm } from './generate-form';
import { emptyToolInputs } from './tools';

describe('the generate form of a restyle', () => {
  it("sends the room's budget, so the products a restyle places stay within it", () => {
    const draft = { ...newDraft(), budget_min: 200, budget_max: 1500 };
    const form = generateForm(
      {
        action: 'architectural_style',
        draft,
        workImage: '/api/images/files/abc.jpg',
        inputs: { ...emptyToolInputs(), style: 'scandinavian', designMode: 'bold' },
        designs: 2,
        mask: null,
      },
      architecturalStyle.toForm,
    );
    expect(form.get('design_style')).toBe('scandinavian');
    expect(form.get('design_mode')).toBe('bold');
    expect(form.get('budget_min')).toBe('200');
    expect(form.get('budget_max')).toBe('1500');
  });

  it('leaves the budget out when the room has none', () => {
    const form = generateForm(
      {
        action: 'architectural_style',
        draft: newDraft(),
        workImage: '/api/images/files/abc.jpg',
        inputs: { ...emptyToolInputs(), style: 'scandinavian' },
        designs: 1,
        mask: null,
      },
      architecturalStyle.toForm,
    );
    expect(form.has('budget_max')).toBe(false);
  });
});
