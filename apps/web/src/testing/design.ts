import type { Design } from '@roomcraft/contracts';

/** A saved design as the server answers it, for tests. */
export function savedDesign(overrides: Partial<Design> = {}): Design {
  return {
    id: 7,
    name: 'Living room - 21-11-2025',
    base_image: '/api/files/baseBaseBaseBaseBaseBase01.jpg',
    state_image: '/api/files/baseBaseBaseBaseBaseBase01.jpg',
    state_is_base: true,
    inspiration_image: null,
    generated_images: {},
    budget_min: 1000,
    budget_max: 5000,
    design_mode: null,
    design_style: null,
    space_type: 'residential',
    space_sub_type: 'living_room',
    space_elements: [],
    history: null,
    created_at: '2025-11-21T09:30:00.000Z',
    updated_at: '2025-11-21T09:30:00.000Z',
    ...overrides,
  };
}
