import {
  ACTION_LIST,
  errorBodySchema,
  furnitureReplacementsAnswerSchema,
  furnitureReplacementsRequestSchema,
  generationAnswerSchema,
  segmentAnswerSchema,
  segmentRequestSchema,
  spaceElementsAnswerSchema,
  surfaceAnswerSchema,
  surfaceRequestSchema,
} from '@roomcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/authenticate';
import { readMultipartForm, registerMultipart } from '../../http/multipart';
import type { AuthService } from '../auth/auth.service';
import { GENERATE_FILE_FIELDS, type ActionsService } from './actions.service';

const errors = {
  401: errorBodySchema,
  413: errorBodySchema,
  419: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
  504: errorBodySchema,
};

/** ARCHITECTURE §4: every action needs a signed-in user; generations also need credits. */
export const actionsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  actions: ActionsService;
}> = async (app, { auth, actions }) => {
  await registerMultipart(app, GENERATE_FILE_FIELDS.length);
  // Signed-in first, before any body is parsed or validated: guests learn nothing else.
  app.addHook('onRequest', async (request) => {
    await requireAuth(request, auth);
  });
  const tags = ['actions'];

  app.post(
    '/get/space-elements',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: base_image as a file or the URL of one of your stored images. Free. Detects the furniture and fittings in the photo.',
        response: { 200: spaceElementsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      const { files, fields } = await readMultipartForm(request, ['base_image'], 'base_image');
      const url = typeof fields.base_image === 'string' ? fields.base_image : undefined;
      return actions.spaceElements(user.id, files.base_image, url);
    },
  );

  app.post(
    '/get/segment',
    {
      schema: {
        tags,
        description: 'Click-to-segment on one of your stored images. Free.',
        body: segmentRequestSchema,
        response: { 200: segmentAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return actions.segment(user.id, request.body);
    },
  );

  app.post(
    '/get/surface',
    {
      schema: {
        tags,
        description:
          'A surface of the room (wall-left, wall-front, wall-right, ceiling, floor, walls) on one of your stored images, as a mask: only where that surface is seen, what stands in front of it left out. Free.',
        body: surfaceRequestSchema,
        response: { 200: surfaceAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return actions.surface(user.id, request.body);
    },
  );

  app.post(
    '/get/furniture-replacements',
    {
      schema: {
        tags,
        description: "Catalogue products of a detected element's category within the budget.",
        body: furnitureReplacementsRequestSchema,
        response: { 200: furnitureReplacementsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await requireAuth(request, auth);
      return { data: await actions.furnitureReplacements(request.body) };
    },
  );

  for (const action of ACTION_LIST) {
    app.post(
      `/generate/${action.route}`,
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: `Multipart. Costs the ${action.id} action's credits × quantity; refunded if the generation fails.`,
          response: {
            200: generationAnswerSchema,
            402: errorBodySchema,
            500: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request) => {
        const { user } = await requireAuth(request, auth);
        const { files, fields } = await readMultipartForm(
          request,
          GENERATE_FILE_FIELDS,
          'state_image',
        );
        return actions.generate(user.id, action.id, fields, files);
      },
    );
  }
};
