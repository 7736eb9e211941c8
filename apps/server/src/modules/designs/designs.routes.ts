import fastifyMultipart from '@fastify/multipart';
import {
  MAX_FILE_SIZE_MB,
  dataOf,
  designFieldsSchema,
  designSchema,
  errorBodySchema,
  fieldErrors,
  fromFormEntries,
  messages,
} from '@roomcraft/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate';
import { HttpError, notFound, validationFailed } from '../../http/errors';
import type { AuthService } from '../auth/auth.service';
import { uploadError } from '../images/images.service';
import {
  DESIGN_IMAGE_FIELDS,
  toDesignResource,
  type DesignImageField,
  type DesignUploads,
  type DesignsService,
} from './designs.service';

const MAX_FILE_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;
const idParams = z.object({ id: z.string() });
const errors = {
  401: errorBodySchema,
  404: errorBodySchema,
  419: errorBodySchema,
  422: errorBodySchema,
};

/** Design ids are positive integers; anything else names no design. */
function designId(raw: string) {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

const isImageField = (name: string): name is DesignImageField =>
  (DESIGN_IMAGE_FIELDS as readonly string[]).includes(name);

/**
 * Reads the spec's multipart design form: files for the image fields (each read up to the size
 * limit and no further), indexed text fields for the rest.
 */
async function readDesignForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw uploadError('no_file_received', 'base_image');
  const uploads: DesignUploads = {};
  const entries: [string, string][] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (isImageField(part.fieldname) && !uploads[part.fieldname]) {
          uploads[part.fieldname] = await part.toBuffer();
        } else {
          part.file.resume();
        }
      } else if (typeof part.value === 'string') {
        entries.push([part.fieldname, part.value]);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw uploadError('file_too_large');
    }
    // A body that ends early or breaks its own boundaries.
    throw new HttpError(400, messages.malformedUpload);
  }
  let fields: Record<string, unknown>;
  try {
    fields = fromFormEntries(entries);
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
  const parsed = designFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error.issues));
  return { fields: parsed.data, uploads };
}

export const designsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  designs: DesignsService;
}> = async (app, { auth, designs }) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: DESIGN_IMAGE_FIELDS.length,
      fields: 5000,
      fieldSize: 64 * 1024,
    },
  });
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
      return { data: toDesignResource(await designs.get(user.id, designId(request.params.id))) };
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
      const design = await designs.update(user.id, designId(request.params.id), request.body);
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
      await designs.delete(user.id, designId(request.params.id));
      return { message: 'Design deleted' };
    },
  );
};
