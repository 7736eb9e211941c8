import { z } from 'zod';

/** The action ids of spec §3; `none` is the editor's resting state, not a tool. */
export const ACTION_IDS = [
  'none',
  'architectural_style',
  'add_elements',
  'ai_assistant',
  'furniture',
  'floors',
  'change_material',
  'remove_elements',
  'paints',
] as const;
export const actionIdSchema = z.enum(ACTION_IDS);
export type ActionId = z.infer<typeof actionIdSchema>;

export const actionSchema = z.object({
  id: actionIdSchema,
  name: z.string(),
  description: z.string(),
  credits: z.number().int().nonnegative(),
  mobile_name: z.string(),
});
export type Action = z.infer<typeof actionSchema>;

export const styleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Reference colours, darkest structural tone first. */
  palette: z.array(z.string().regex(/^#[0-9a-f]{6}$/)),
  /** Space types the style suits; all when empty. */
  space_types: z.array(z.string()),
  /** The style's rendered vignette; null until the catalogue has been built. */
  preview_url: z.string().nullable(),
});
export type ArchitecturalStyle = z.infer<typeof styleSchema>;

export const designModeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** How far a restyle moves from the photo, 0–1. */
  strength: z.number().min(0).max(1),
});
export type DesignMode = z.infer<typeof designModeSchema>;

export const spaceSchema = z.object({
  type: z.string(),
  values: z.string().describe('Display name'),
  sub: z.array(z.object({ type: z.string(), values: z.string() })),
  colors: z.array(z.object({ name: z.string(), hex: z.string() })),
  material_types: z.record(z.string(), z.array(z.string())),
});
export type Space = z.infer<typeof spaceSchema>;

export const designConfigSchema = z.object({
  actions: z.array(actionSchema),
  styles: z.array(styleSchema),
  modes: z.array(designModeSchema),
  spaces: z.array(spaceSchema),
});
export type DesignConfig = z.infer<typeof designConfigSchema>;

const style = (
  id: string,
  name: string,
  description: string,
  palette: string[],
  space_types: string[] = [],
): ArchitecturalStyle => ({ id, name, description, palette, space_types, preview_url: null });

export const STYLES: readonly ArchitecturalStyle[] = [
  style('modern', 'Modern', 'Clean lines, open space and a restrained palette', [
    '#2f3136',
    '#f2f1ee',
    '#b9b4ab',
    '#5c6b73',
  ]),
  style('scandinavian', 'Scandinavian', 'Pale woods, soft whites and cosy textiles', [
    '#d9c7a7',
    '#f6f4ef',
    '#c9cfc8',
    '#6f7f86',
  ]),
  style('industrial', 'Industrial', 'Exposed brick, black steel and raw concrete', [
    '#3a3836',
    '#8c8782',
    '#a0522d',
    '#c7c2ba',
  ]),
  style('mid_century', 'Mid-century modern', 'Walnut, tapered legs and warm retro accents', [
    '#6b4226',
    '#e3a857',
    '#2e6f6a',
    '#f1e9da',
  ]),
  style('minimalist', 'Minimalist', 'Only what matters, in calm neutral tones', [
    '#e9e7e2',
    '#ffffff',
    '#bdb8b0',
    '#3d3d3d',
  ]),
  style('bohemian', 'Bohemian', 'Layered patterns, rattan and plenty of plants', [
    '#b5643c',
    '#e8c27a',
    '#4f6f52',
    '#efe3d0',
  ]),
  style('japandi', 'Japandi', 'Japanese calm meets Scandinavian warmth', [
    '#c8b79e',
    '#efebe4',
    '#5b5147',
    '#8a9a7b',
  ]),
  style(
    'coastal',
    'Coastal',
    'Breezy blues, whitewashed wood and linen',
    ['#7fa7c4', '#f5f3ec', '#d8c8a8', '#2f5d7c'],
    ['residential', 'outdoor'],
  ),
  style(
    'farmhouse',
    'Farmhouse',
    'Shiplap, reclaimed timber and vintage charm',
    ['#8b6b4a', '#f3efe6', '#4a4a48', '#a7b39a'],
    ['residential', 'outdoor'],
  ),
  style('traditional', 'Traditional', 'Classic mouldings, rich woods and symmetry', [
    '#5a3825',
    '#e8dcc6',
    '#7b2d26',
    '#2f4a3a',
  ]),
  style('art_deco', 'Art Deco', 'Bold geometry, brass and jewel tones', [
    '#1f3b4d',
    '#c9a13b',
    '#0f0f0f',
    '#e9e1cf',
  ]),
  style('mediterranean', 'Mediterranean', 'Terracotta, lime-washed walls and sunlit blues', [
    '#c0673d',
    '#f4ead7',
    '#2c5f8a',
    '#8f9a6a',
  ]),
  style('rustic', 'Rustic', 'Rough-hewn wood, stone and earthy comfort', [
    '#6e4b2f',
    '#cdb79e',
    '#5f5a4f',
    '#a0805c',
  ]),
  style('contemporary', 'Contemporary', 'Current, curved and softly textured', [
    '#4b4845',
    '#ece8e1',
    '#c2a38a',
    '#7d8a86',
  ]),
];

export const DESIGN_MODES: readonly DesignMode[] = [
  {
    id: 'subtle',
    name: 'Subtle',
    description: 'Keep the room as it is and refresh it gently',
    strength: 0.35,
  },
  {
    id: 'balanced',
    name: 'Balanced',
    description: 'A clear new look that keeps the character',
    strength: 0.6,
  },
  { id: 'bold', name: 'Bold', description: 'Transform the space completely', strength: 0.9 },
];

const sub = (...pairs: [string, string][]) => pairs.map(([type, values]) => ({ type, values }));

const INTERIOR_COLORS = [
  { name: 'White', hex: '#f4f2ee' },
  { name: 'Beige', hex: '#d8c8b0' },
  { name: 'Grey', hex: '#9a9a96' },
  { name: 'Charcoal', hex: '#3c3c3e' },
  { name: 'Sage', hex: '#9caf88' },
  { name: 'Navy', hex: '#25344f' },
  { name: 'Terracotta', hex: '#c0673d' },
  { name: 'Mustard', hex: '#d4a23c' },
  { name: 'Blush', hex: '#e3b7ae' },
  { name: 'Walnut', hex: '#5d4030' },
];

const INTERIOR_MATERIALS = {
  Wood: ['Oak', 'Walnut', 'Ash', 'Pine', 'Teak'],
  Stone: ['Marble', 'Granite', 'Travertine', 'Slate', 'Limestone'],
  Metal: ['Brushed steel', 'Brass', 'Copper', 'Black iron'],
  Fabric: ['Linen', 'Velvet', 'Wool', 'Cotton', 'Bouclé'],
  // Leather is a hide, not a woven fabric: it has its own type.
  Leather: ['Leather', 'Nubuck', 'Faux leather'],
  Ceramic: ['Glazed tile', 'Terracotta', 'Porcelain', 'Encaustic tile'],
  Concrete: ['Polished concrete', 'Microcement', 'Terrazzo'],
  Glass: ['Clear glass', 'Frosted glass', 'Fluted glass'],
};

export const SPACES: readonly Space[] = [
  {
    type: 'residential',
    values: 'Residential',
    sub: sub(
      ['living_room', 'Living room'],
      ['bedroom', 'Bedroom'],
      ['kitchen', 'Kitchen'],
      ['bathroom', 'Bathroom'],
      ['dining_room', 'Dining room'],
      ['home_office', 'Home office'],
      ['kids_room', 'Kids room'],
      ['hallway', 'Hallway'],
      ['attic', 'Attic'],
    ),
    colors: INTERIOR_COLORS,
    material_types: INTERIOR_MATERIALS,
  },
  {
    type: 'commercial',
    values: 'Commercial',
    sub: sub(
      ['office', 'Office'],
      ['restaurant', 'Restaurant'],
      ['cafe', 'Café'],
      ['retail_store', 'Retail store'],
      ['hotel_room', 'Hotel room'],
      ['meeting_room', 'Meeting room'],
      ['lobby', 'Lobby'],
    ),
    colors: INTERIOR_COLORS,
    material_types: INTERIOR_MATERIALS,
  },
  {
    type: 'outdoor',
    values: 'Outdoor',
    sub: sub(
      ['facade', 'Facade'],
      ['garden', 'Garden'],
      ['patio', 'Patio'],
      ['terrace', 'Terrace'],
      ['balcony', 'Balcony'],
      ['pool_area', 'Pool area'],
    ),
    colors: [
      { name: 'White', hex: '#f1efe9' },
      { name: 'Sand', hex: '#d9c3a0' },
      { name: 'Slate', hex: '#5b6770' },
      { name: 'Forest', hex: '#3e5b43' },
      { name: 'Brick red', hex: '#9c4a35' },
      { name: 'Anthracite', hex: '#33363a' },
    ],
    material_types: {
      Wood: ['Cedar', 'Teak', 'Thermowood', 'Composite decking'],
      Stone: ['Sandstone', 'Granite', 'Slate', 'Basalt'],
      Masonry: ['Brick', 'Render', 'Concrete block'],
      Metal: ['Corten steel', 'Aluminium', 'Zinc'],
    },
  },
];

/** Space types and sub types are the ones GET /api/config offers, and nothing else. */
export const isSpaceType = (type: string) => SPACES.some((space) => space.type === type);
export const isSpaceSubType = (subType: string) =>
  SPACES.some((space) => space.sub.some((sub) => sub.type === subType));
export const spaceSubTypeBelongs = (type: string, subType: string) =>
  SPACES.some((space) => space.type === type && space.sub.some((sub) => sub.type === subType));

export const spaceMessages = {
  unknownType: 'Unknown space type',
  unknownSubType: 'Unknown space sub type',
  subTypeOfAnotherType: 'Not a sub type of the chosen space type',
} as const;
