import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { registerUser, type ApiSession, type TestUser } from './api';
import { repoRoot } from './app-server';

const rooms = path.join(repoRoot, '../shared/assets/rooms');

export interface SeededDesign {
  id: number;
  name: string;
  base_image: string;
  state_image: string;
  generated_images: Record<string, { name: string; imageUrl: string }[]>;
}

/**
 * Stores a room photo as the user's own image the way the app does on the tweak step
 * (get/space-elements, which is free), and answers its URL and detected elements.
 */
export async function storePhoto(session: ApiSession, file: string) {
  const upload = new FormData();
  const bytes = await readFile(path.join(rooms, file));
  upload.set('base_image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), file);
  const answer = await session.postForm('/api/actions/get/space-elements', upload);
  if (answer.status !== 200) throw new Error(`storing ${file}: ${JSON.stringify(answer.body)}`);
  return answer.body as {
    baseImage: string;
    elements: { label: string; box: { x: number; y: number }[] }[];
  };
}

/** The results a seeded design holds, oldest last within each tool; `hour` is when it was made. */
const SEEDED_RESULTS = [
  { action: 'architectural_style', name: 'Architectural style 2', photo: 1, hour: 11 },
  { action: 'architectural_style', name: 'Architectural style 1', photo: 2, hour: 7 },
  { action: 'remove_elements', name: 'Remove elements 1', photo: 3, hour: 6 },
  { action: 'floors', name: 'Floors 1', photo: 0, hour: 10 },
  { action: 'paints', name: 'Wall paint 3', photo: 0, hour: 12 },
  { action: 'paints', name: 'Wall paint 2', photo: 1, hour: 9 },
  { action: 'paints', name: 'Wall paint 1', photo: 2, hour: 8 },
] as const;

/** The strip's names, newest first, as spec §4 lists them. */
export const SEEDED_NEWEST_FIRST = [...SEEDED_RESULTS]
  .sort((a, b) => b.hour - a.hour)
  .map(({ name }) => name);

/**
 * A saved living-room design with seven results from four tools, made through the API so a story
 * can start in the editor at once: the results are the user's own stored room photos, standing in
 * for generations (the engine's own stories generate for real).
 */
export async function seedDesign(
  baseUrl: string,
): Promise<{ user: TestUser; session: ApiSession; design: SeededDesign }> {
  const { user, session } = await registerUser(baseUrl);
  const base = await storePhoto(session, 'living-room-1.jpg');
  const photos: string[] = [];
  for (const file of [
    'living-room-beige-armchairs.jpg',
    'living-room-neutral-sofa.jpg',
    'living-room-plants-bright.jpg',
    'living-room-modern-white-sofa.jpg',
  ])
    photos.push((await storePhoto(session, file)).baseImage);
  const fields: Record<string, string> = {
    base_image: base.baseImage,
    space_type: 'residential',
    space_sub_type: 'living_room',
  };
  const counts: Record<string, number> = {};
  for (const result of SEEDED_RESULTS) {
    const index = (counts[result.action] = (counts[result.action] ?? -1) + 1);
    const key = `generated_images[${result.action}][${index}]`;
    fields[`${key}[name]`] = result.name;
    fields[`${key}[imageUrl]`] = photos[result.photo] ?? '';
    fields[`${key}[created_at]`] = `2026-11-23T${String(result.hour).padStart(2, '0')}:00:00.000Z`;
  }
  base.elements.forEach((element, index) => {
    fields[`space_elements[${index}][label]`] = element.label;
    element.box.forEach((point, at) => {
      fields[`space_elements[${index}][box][${at}][x]`] = String(point.x);
      fields[`space_elements[${index}][box][${at}][y]`] = String(point.y);
    });
  });
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const created = await session.postForm('/api/designs', form);
  if (created.status !== 201) throw new Error(`creating: ${JSON.stringify(created.body)}`);
  return { user, session, design: (created.body as { data: SeededDesign }).data };
}
