/**
 * The multipart path of rpcs that declare `multipart` (uploads): @fastify/multipart is registered
 * only in the scope of those routes, and the body is read here into plain fields plus one file,
 * which the rpc's zod schema then validates like a JSON body.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { messageText } from '@portside/contract/messages';
import { checkImageUpload, IMAGE_HEADER_BYTES } from '@portside/contract/rules/image-type';
import { AppError } from './errors.js';

/** A file received in a multipart body. */
export interface UploadedFile {
  bytes: Buffer;
  /** As the client named and typed it: informative only, never trusted. */
  filename: string;
  mimetype: string;
}

/** A file received as a stream (large uploads): the handler must read it to its end or destroy it. */
export interface StreamedFile {
  stream: Readable;
  /** As the client named and typed it: informative only, never trusted. */
  filename: string;
  mimetype: string;
}

/**
 * How an rpc takes multipart: text fields plus at most one file, seen by the schema as an
 * {@link UploadedFile} — or, with `stream`, as a {@link StreamedFile}: then the fields must come
 * before the file (what follows it is not read) and the handler enforces the size as it reads.
 */
export interface MultipartSpec {
  fileField: string;
  maxFileBytes: number;
  stream?: boolean;
}

/** Text fields are short (ids, enums): anything longer is not a form of ours. */
const MAX_FIELD_BYTES = 1024;
const MAX_FIELDS = 16;

/** 'upload must be an image under 2 MB' in the validation shape, for the file field. */
function fileRefused(field: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: `${field}: upload_invalid_image`,
    hint: messageText('upload_invalid_image'),
  });
}

/**
 * Reads a multipart body into `{ ...fields, [fileField]: UploadedFile }`. A file over the limit is
 * the upload message; a second file, too many fields or a broken body is a bad request. A request
 * that is not multipart gives its JSON body back, for the schema to refuse.
 */
export async function readMultipartBody(req: FastifyRequest, spec: MultipartSpec): Promise<unknown> {
  if (typeof req.isMultipart !== 'function' || !req.isMultipart()) return req.body;
  const body: Record<string, unknown> = {};
  if (spec.stream) return readStreamedBody(req, spec, body);
  try {
    for await (const part of req.parts({
      limits: { files: 1, fileSize: spec.maxFileBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== spec.fileField) continue;
        body[spec.fileField] = { bytes, filename: part.filename, mimetype: part.mimetype } satisfies UploadedFile;
      } else if (part.fieldname !== spec.fileField && typeof part.value === 'string') {
        body[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileRefused(spec.fileField);
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', { hint: 'Send exactly one file' });
    if (e instanceof AppError) throw e;
    throw new AppError('BAD_REQUEST', { hint: 'The multipart body could not be read' });
  }
  return body;
}

/** The fields before the file, and the file as a stream (see {@link MultipartSpec.stream}). */
async function readStreamedBody(req: FastifyRequest, spec: MultipartSpec, body: Record<string, unknown>): Promise<unknown> {
  let data: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    data = await req.file({ limits: { files: 1, fileSize: spec.maxFileBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES } });
  } catch {
    throw new AppError('BAD_REQUEST', { hint: 'The multipart body could not be read' });
  }
  if (!data) return body;
  for (const [name, field] of Object.entries(data.fields)) {
    if (name === spec.fileField || !field || Array.isArray(field) || field.type !== 'field') continue;
    if (typeof field.value === 'string') body[name] = field.value;
  }
  if (data.fieldname !== spec.fileField) {
    data.file.resume();
    return body;
  }
  body[spec.fileField] = { stream: data.file, filename: data.filename, mimetype: data.mimetype } satisfies StreamedFile;
  return body;
}

/**
 * Registers POST /api/rpc/<name> for each multipart rpc in its own scope, the only one where
 * multipart/form-data is parsed (everywhere else it stays an unsupported content type).
 */
export async function registerMultipartRpcs(
  app: FastifyInstance,
  rpcs: ReadonlyArray<{ name: string; multipart?: MultipartSpec }>,
  handler: (name: string) => RouteHandlerMethod,
): Promise<void> {
  const uploads = rpcs.filter((r) => r.multipart);
  if (uploads.length === 0) return;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES } });
    for (const r of uploads) scope.post(`/api/rpc/${r.name}`, handler(r.name));
  });
}

/**
 * A schema field for an uploaded image: present, then an accepted image under 2 MB judged by its
 * bytes (spec 1 §5), never by its name or declared type.
 */
export const uploadedImage = z
  .custom<UploadedFile>((v) => typeof v === 'object' && v !== null && Buffer.isBuffer((v as UploadedFile).bytes), {
    error: 'upload_file_empty',
  })
  .check((ctx) => {
    const { bytes } = ctx.value;
    const key = checkImageUpload(bytes.subarray(0, IMAGE_HEADER_BYTES), bytes.length);
    if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
  });
