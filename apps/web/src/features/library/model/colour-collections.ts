/** The collections of the shipped paint library, in the order the chips show them. */
export const COLOUR_COLLECTIONS = [
  'whites',
  'neutrals',
  'greens',
  'blues',
  'warm',
  'bold',
] as const;
export type ColourCollection = (typeof COLOUR_COLLECTIONS)[number];

export function isColourCollection(name: string): name is ColourCollection {
  return (COLOUR_COLLECTIONS as readonly string[]).includes(name);
}
