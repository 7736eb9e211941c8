import fastifyMultipart from '@fastify/multipart';
import { MAX_FILE_SIZE_MB, fromFormEntries, messages } from '@roomcraft/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, uploadError } from './errors';

const MAX_FILE_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;

/** Text fields one form may carry (a design's space elements with their outlines are many). */
const MAX_FIELDS = 5000;

/** Multipart parsing for one route plugin, with the upload limits every form shares. */
export async function registerMultipart(app: FastifyInstance, maxFiles: number) {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: maxFiles,
      fields: MAX_FIELDS,
      fieldSize: 64 * 1024,
      // Busboy counts every part; left at @fastify/multipart's default (1000) it cut a design
      // whose space elements carry their outlines short of the fields allowed.
      parts: MAX_FIELDS + maxFiles,
    },
  });
}

export interface MultipartForm<F extends string> {
  /** The first file part of each expected field, read whole (within the size limit). */
  files: Partial<Record<F, Buffer>>;
  /** The text parts rebuilt from their indexed keys (`a[0][x]`), still unvalidated. */
  fields: Record<string, unknown>;
}

/**
 * Reads a multipart form of the spec's encoding: files for the named fields (each read up to the
 * size limit and no further; other file parts are drained unread), indexed text fields for the
 * rest. A request that is not multipart answers "Received no file" on `missingFileField`.
 */
export async function readMultipartForm<F extends string>(
  request: FastifyRequest,
  fileFields: readonly F[],
  missingFileField: string,
): Promise<MultipartForm<F>> {
  if (!request.isMultipart()) throw uploadError('no_file_received', missingFileField);
  const isFileField = (name: string): name is F => (fileFields as readonly string[]).includes(name);
  const files: Partial<Record<F, Buffer>> = {};
  const entries: [string, string][] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (isFileField(part.fieldname) && !files[part.fieldname]) {
          files[part.fieldname] = await part.toBuffer();
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
  try {
    return { files, fields: fromFormEntries(entries) };
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
}
