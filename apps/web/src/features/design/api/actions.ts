import {
  generationAnswerSchema,
  segmentAnswerSchema,
  spaceElementsAnswerSchema,
  surfaceAnswerSchema,
  type GenerateRoute,
  type GenerationAnswer,
  type SegmentRequest,
  type SpaceElementsAnswer,
  type SurfaceRequest,
} from '@roomcraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/**
 * The generation API (/api/actions). Every call leaves its errors to the caller (notify: false):
 * the editor shows the answer's message, and turns a 402 into the "Buy more" notification. The
 * client still handles 401 and 419 itself.
 */
export function generate(route: GenerateRoute, form: FormData): Promise<GenerationAnswer> {
  // The image shows its own loading state, so no global working indicator.
  return request('POST', `/actions/generate/${route}`, generationAnswerSchema, {
    body: form,
    silent: true,
    notify: false,
  });
}

/** A generation as a mutation: the editor sends the tool's request through it. */
export function useGenerateImages() {
  return useMutation({
    mutationKey: ['generate'],
    mutationFn: ({ route, form }: { route: GenerateRoute; form: FormData }) =>
      generate(route, form),
  });
}

/** Spec §4 Space elements: detected in the base image (a file part or a stored URL). Free. */
export function getSpaceElements(baseImage: File | string): Promise<SpaceElementsAnswer> {
  const form = new FormData();
  form.append('base_image', baseImage);
  return request('POST', '/actions/get/space-elements', spaceElementsAnswerSchema, {
    body: form,
    silent: true,
    notify: false,
  });
}

/** Automatic selection: the mask of what the clicks point at, as a PNG data URL. Free. */
export async function getSegmentMask(body: SegmentRequest): Promise<string> {
  const { mask } = await request('POST', '/actions/get/segment', segmentAnswerSchema, {
    body,
    silent: true,
    notify: false,
  });
  return mask;
}

/** A surface of the room by name (a wall, the ceiling): its mask as a PNG data URL. Free. */
export async function getSurfaceMask(body: SurfaceRequest): Promise<string> {
  const { mask } = await request('POST', '/actions/get/surface', surfaceAnswerSchema, {
    body,
    silent: true,
    notify: false,
  });
  return mask;
}
