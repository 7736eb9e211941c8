import { notFound } from './errors';

/** A database id in a path (a design, a cart item): a positive integer, else it names nothing. */
const ID_SHAPE = /^[1-9]\d{0,15}$/;

/** The id a path segment names, or a 404. */
export function idFromPath(raw: string): number {
  if (!ID_SHAPE.test(raw)) throw notFound();
  return Number(raw);
}
