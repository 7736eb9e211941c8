import {
  dataOf,
  designFieldsSchema,
  designSchema,
  errorBodySchema,
  fieldErrors,
} from '@roomcraft/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate';
import { validationFailed } from '../../http/errors';
import { idFromPath } from '../../http/path-ids';
import { readMultipartForm, registerMultipart } from '../../http/multipart';
import type { AuthService } from '../auth/auth.service';
import {
  DESIGN_IMAGE_FIELDS,
  toDesignResource,
  type DesignUploads,
  type DesignsService,
} from './designs.service';

const idParams = z.object({ id: z.string() });
const errors = {
  401: errorBodySchema,
  404: errorBodySchema,
  419: errorBodySchema,
  422: errorBodySchema,
};

/** Reads the spec's multipart design form: files for the image fields, indexed text for the rest. */
async function readDesignForm(request: FastifyRequest) {
  const { files, fields } = await readMultipartForm(request, DESIGN_IMAGE_FIELDS, 'base_image');
  const uploads: DesignUploads = files;
  const parsed = designFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error.issues));
  return { fields: parsed.data, uploads };
}

export const designsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  designs: DesignsService;
}> = async (app, { auth, designs }) => {
  await registerMultipart(app, DESIGN_IMAGE_FIELDS.length);
  const tags = ['designs'];
  const designData = dataOf(designSchema);

  app.get(
    '/',
    { schema: { tags, response: { 200: dataOf(z.array(designSchema)), 401: errorBodySchema } } },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: (await designs.list(user.id)).map(toDesignResource) };
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: designData, ...errors } } },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      return { data: toDesignResource(await designs.get(user.id, idFromPath(request.params.id))) };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: base_image, state_image, inspiration_image as files or as URLs of your stored images; other fields as in PUT, with indexed keys.',
        response: { 201: designData, ...errors, 413: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireAuth(request, auth);
      const { fields, uploads } = await readDesignForm(request);
      const design = await designs.create(user.id, fields, uploads);
      return reply.code(201).send({ data: toDesignResource(design) });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: designFieldsSchema,
        response: { 200: designData, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      const design = await designs.update(user.id, idFromPath(request.params.id), request.body);
      return { data: toDesignResource(design) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request, auth);
      await designs.delete(user.id, idFromPath(request.params.id));
      return { message: 'Design deleted' };
    },
  );
};
