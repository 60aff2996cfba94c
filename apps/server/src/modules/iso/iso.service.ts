/**
 * Customers' ISO images (issue 13, /iso-image): an upload is streamed into the portal's storage
 * (its size capped by ISO_MAX_MB, its content checked to be an ISO image as it arrives); a URL is
 * checked (http/https to a public address) and fetched by the IsoDownload job, whose progress the
 * image's row and the iso-download hub report; a delete is refused while a server's drive holds the
 * image, and removes the stored file and the copies on the clusters.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { IsoRow } from '@portside/contract/schemas/vm-data';
import { isoFileNameField } from '@portside/contract/schemas/vm-data';
import { messageText } from '@portside/contract/messages';
import { serverText, englishText } from '@portside/contract/server-texts';
import { AppError } from '../../http/errors.js';
import type { StreamedFile } from '../../http/multipart.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { newStorageKey, TooLargeError } from '../../drivers/storage/storage.js';
import { JobName } from '../../jobs/job-types.js';
import { publishHubMessage } from '../../hubs/publish.js';
import { isoCheck, NotIsoError } from './iso-file.js';
import { checkDownloadUrl, UrlRefused } from './iso-url.js';
import * as repo from './iso.repository.js';

/** 'The file name may hold …' in the validation shape, for `field`. */
function badName(field: string): AppError {
  return new AppError('VALIDATION_FAILED', { details: `${field}: iso_name_invalid`, hint: messageText('iso_name_invalid') });
}

/** A file name the image may have: the one given, else the upload's or the URL's own (checked like a given one). */
function nameOf(given: string | undefined, fallback: string, field: string): string {
  const name = (given ?? path.posix.basename(fallback)).trim();
  if (!isoFileNameField.safeParse(name).success) throw badName(given === undefined ? field : 'p_name');
  return name;
}

/** Records a new image of the caller's account; ISO_EXISTS when the name is taken. */
async function addIso(u: UserCtx, fileName: string, sourceUrl: string | null): Promise<number> {
  const id = await u.tenant((tx) =>
    repo.insertIso(tx, {
      clientId: u.principal.clientId,
      fileName,
      sourceUrl,
      createdBy: u.principal.userId,
      token: crypto.randomBytes(24).toString('hex'),
    }),
  );
  if (id === null) throw new AppError('ISO_EXISTS', { details: `file_name: ${fileName}` });
  return id;
}

/** IsoUpload with a file: stored as it arrives; answers the ready image. */
export async function uploadFile(u: UserCtx, file: StreamedFile, name: string | undefined): Promise<IsoRow> {
  let fileName: string;
  try {
    fileName = nameOf(name, file.filename, 'file');
  } catch (e) {
    file.stream.resume();
    throw e;
  }
  const id = await addIso(u, fileName, null).catch((e: unknown) => {
    file.stream.resume();
    throw e;
  });
  const key = newStorageKey();
  const checked = isoCheck();
  file.stream.on('error', (e) => checked.destroy(e));
  file.stream.pipe(checked);
  try {
    const size = await u.storage.putStream(key, checked, { maxBytes: u.config.iso.maxBytes });
    return await u.tenant(async (tx) => {
      await repo.markReady(tx, id, key, size);
      return repo.isoRowOf(tx, id);
    });
  } catch (e) {
    file.stream.resume();
    await u.tenant((tx) => repo.deleteIso(tx, id)).catch(() => {});
    await u.storage.delete(key).catch(() => {});
    if (e instanceof TooLargeError)
      throw new AppError('ISO_TOO_LARGE', { hint: `At most ${Math.floor(u.config.iso.maxBytes / 1024 / 1024)} MB` });
    if (e instanceof NotIsoError) throw new AppError('ISO_NOT_ISO');
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ISO_TOO_LARGE');
    throw e instanceof AppError ? e : new AppError('BAD_REQUEST', { hint: 'The upload did not arrive whole' });
  }
}

/** IsoUpload with a URL: checked now, fetched by a job; answers the arriving image. */
export async function uploadUrl(u: UserCtx, url: string, name: string | undefined): Promise<IsoRow> {
  try {
    await checkDownloadUrl(url, u.config.iso.allowPrivateUrls);
  } catch (e) {
    if (e instanceof UrlRefused) throw new AppError('ISO_URL_REFUSED', { details: `p_url: ${e.message}` });
    throw e;
  }
  const fileName = nameOf(name, decodeURIComponent(new URL(url).pathname), 'p_url');
  const id = await addIso(u, fileName, url);
  await u.tenant((tx) =>
    publishHubMessage(tx, {
      clientId: u.principal.clientId,
      kind: 'iso-download',
      payload: isoNews(id, 'queued', 0, serverText('iso:download.queued', { name: fileName })),
    }),
  );
  await u.jobs.send(JobName.IsoDownload, { isoId: id }, { singletonKey: `iso-${id}` }).catch(() => {});
  return u.tenant((tx) => repo.isoRowOf(tx, id));
}

/** The iso-download and iso-delete hubs' message about image `id`. */
export function isoNews(id: number, status: string, progress: number, text: ReturnType<typeof serverText>) {
  return {
    provisioned_id: 0,
    iso_id: id,
    status,
    progress,
    message: englishText(text),
    text_key: text.key,
    text_params: text.params,
  };
}

/** IsoDelete: refused while a server's drive holds it; the stored file and the clusters' copies go too. */
export async function deleteIso(u: UserCtx, id: number): Promise<{ id: number }> {
  const { iso, copies } = await u.tenant(async (tx) => {
    const found = await repo.findIso(tx, id, true);
    if (!found) throw new AppError('ISO_NOT_FOUND', { details: `p_iso: ${id}` });
    const servers = await repo.attachedTo(tx, id);
    if (servers.length) throw new AppError('ISO_IN_USE', { details: `servers: ${servers.join(', ')}` });
    const list = await repo.copiesOf(tx, id);
    await repo.deleteIso(tx, id);
    await publishHubMessage(tx, {
      clientId: u.principal.clientId,
      kind: 'iso-delete',
      payload: isoNews(id, 'ok', 0, serverText('iso:delete.done', { name: found.file_name })),
    });
    return { iso: found, copies: list };
  });
  // The row is gone: what is left on disks is removed on a best-effort basis (an orphan copy harms nobody).
  if (iso.storage_key) await u.storage.delete(iso.storage_key).catch(() => {});
  for (const c of copies) {
    await u.hypervisors
      .forCluster(c.cluster_id)
      .then((d) => d.deleteIso(c.node, c.filename))
      .catch(() => {});
  }
  return { id };
}
