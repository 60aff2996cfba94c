/**
 * ISO images (spec 2 §7 'ISO'): IsoUpload (a file, streamed as multipart/form-data with its
 * optional `name` field first, or a URL as JSON), IsoDelete, and the direct download link
 * IsoImageFile/<id>.<token> — a capability URL anyone holding it may use, like a shared link.
 * Uploading and deleting need menu-see-custom-iso.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { isoFileNameField, isoRefSchema, isoUploadUrlSchema } from '@portside/contract/schemas/vm-data';
import { claim, publicAccess } from '../../http/access.js';
import type { StreamedFile } from '../../http/multipart.js';
import { defineFile, defineRpc, type AnyFile, type AnyRpc } from '../../routes/route-defs.js';
import { target } from '../audit/audit-target.js';
import * as repo from './iso.repository.js';
import * as svc from './iso.service.js';

const iso = claim('menu-see-custom-iso');

/** The multipart field of the uploaded file. */
export const ISO_FILE_FIELD = 'file';

const streamedFile = z.custom<StreamedFile>(
  (v) => typeof v === 'object' && v !== null && 'stream' in v && typeof (v as StreamedFile).filename === 'string',
  { error: 'invalid_data' },
);

/** IsoUpload's body: a URL (JSON) or a file (multipart), each with an optional name; exactly one of the two. */
const isoUploadSchema = z
  .object({
    p_url: isoUploadUrlSchema.shape.p_url.optional(),
    p_name: isoFileNameField.optional(),
    file: streamedFile.optional(),
    name: isoFileNameField.optional(),
  })
  .check((ctx) => {
    if ((ctx.value.p_url === undefined) === (ctx.value.file === undefined))
      ctx.issues.push({ code: 'custom', message: 'iso_url_invalid', path: ['p_url'], input: ctx.value });
  });

export const isoRpcs: AnyRpc[] = [
  defineRpc({
    name: 'IsoUpload',
    access: iso,
    schema: isoUploadSchema,
    // The handler caps the size itself (ISO_MAX_MB) while storing; this only bounds the parser.
    multipart: { fileField: ISO_FILE_FIELD, maxFileBytes: 1024 ** 4, stream: true },
    audit: true,
    auditTarget: (b, r) =>
      target('ISO image', (r as { id?: number } | undefined)?.id ?? null, b.p_url ?? b.name ?? b.file?.filename ?? null),
    handler: (ctx, b) => (b.file ? svc.uploadFile(ctx, b.file, b.name) : svc.uploadUrl(ctx, b.p_url ?? '', b.p_name)),
  }),
  defineRpc({
    name: 'IsoDelete',
    access: iso,
    schema: isoRefSchema,
    audit: true,
    auditTarget: (b) => target('ISO image', b.p_iso),
    handler: (ctx, b) => svc.deleteIso(ctx, b.p_iso),
  }),
];

const LINK = /^(\d{1,12})\.([0-9a-f]{48})$/;

export const isoFiles: AnyFile[] = [
  defineFile({
    name: 'IsoImageFile',
    access: publicAccess,
    handler: async (ctx, id) => {
      const m = LINK.exec(id);
      if (!m) return null;
      const found = await ctx.db.system((tx) => repo.findIso(tx, Number(m[1])));
      if (!found || found.status !== 'ready' || !found.storage_key) return null;
      const a = Buffer.from(found.download_token);
      const b = Buffer.from(m[2]!);
      if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
      const body = await ctx.storage.get(found.storage_key);
      return body ? { body, contentType: 'application/x-iso9660-image', filename: found.file_name, attachment: true } : null;
    },
  }),
];
