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

/**
 * A saved living-room design with results from two tools, made through the API so a story can
 * start in the editor at once: the results are the user's own stored room photos, standing in for
 * generations (the engine's own stories generate for real).
 */
export async function seedDesign(
  baseUrl: string,
): Promise<{ user: TestUser; session: ApiSession; design: SeededDesign }> {
  const { user, session } = await registerUser(baseUrl);
  const base = await storePhoto(session, 'living-room-1.jpg');
  const [paint1, paint2, style1] = [
    await storePhoto(session, 'living-room-beige-armchairs.jpg'),
    await storePhoto(session, 'living-room-neutral-sofa.jpg'),
    await storePhoto(session, 'living-room-plants-bright.jpg'),
  ];
  const form = new FormData();
  const fields: Record<string, string> = {
    base_image: base.baseImage,
    space_type: 'residential',
    space_sub_type: 'living_room',
    'generated_images[paints][0][name]': 'Wall paint 2',
    'generated_images[paints][0][imageUrl]': paint2.baseImage,
    'generated_images[paints][1][name]': 'Wall paint 1',
    'generated_images[paints][1][imageUrl]': paint1.baseImage,
    'generated_images[architectural_style][0][name]': 'Architectural style 1',
    'generated_images[architectural_style][0][imageUrl]': style1.baseImage,
  };
  base.elements.forEach((element, index) => {
    fields[`space_elements[${index}][label]`] = element.label;
    element.box.forEach((point, at) => {
      fields[`space_elements[${index}][box][${at}][x]`] = String(point.x);
      fields[`space_elements[${index}][box][${at}][y]`] = String(point.y);
    });
  });
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const created = await session.postForm('/api/designs', form);
  if (created.status !== 201) throw new Error(`creating: ${JSON.stringify(created.body)}`);
  return { user, session, design: (created.body as { data: SeededDesign }).data };
}
