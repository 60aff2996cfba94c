/**
 * The IsoDownload job (issue 13): fetches an ISO image from the URL a customer gave into the
 * portal's storage. Every hop (the URL and each redirect, at most five) is checked to be http or
 * https to a public address, and the connection goes to the address that was checked (no second DNS
 * answer can lead it elsewhere). The content must be an ISO image and at most ISO_MAX_MB; progress
 * goes to the image's row and the iso-download hub about once a second. A refusal (not an ISO, too
 * large, an HTTP error, a private address) fails the image for good; a broken connection or a 5xx
 * fails this run, and the queue's retry starts the download again. An image deleted meanwhile
 * stops it.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { serverText, englishText, type ServerText } from '@portside/contract/server-texts';
import { JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import { newStorageKey, TooLargeError } from '../../drivers/storage/storage.js';
import { publishHubMessage } from '../../hubs/publish.js';
import { isoCheck, NotIsoError } from './iso-file.js';
import { checkDownloadUrl, UrlRefused, type CheckedUrl } from './iso-url.js';
import { isoNews } from './iso.service.js';
import * as repo from './iso.repository.js';

const MAX_REDIRECTS = 5;
const CONNECT_TIMEOUT_MS = 30_000;
const PROGRESS_EVERY_MS = 1000;

/** The download ended for good with this text. */
class DownloadRefused extends Error {
  constructor(readonly text: ServerText) {
    super(englishText(text));
  }
}

/** Gets `checked` on its checked address; follows redirects (each one checked again). */
async function open(
  checked: CheckedUrl,
  allowPrivate: boolean,
  hops = 0,
): Promise<{ res: http.IncomingMessage; req: http.ClientRequest }> {
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all)
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: checked.address, family: checked.family },
      ]);
    else cb(null, checked.address, checked.family);
  };
  const get = checked.url.protocol === 'https:' ? https.get : http.get;
  const { req, res } = await new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
    const r = get(
      checked.url,
      { lookup, timeout: CONNECT_TIMEOUT_MS, headers: { 'user-agent': 'Portside ISO download' } },
      (response) => resolve({ req: r, res: response }),
    );
    r.on('timeout', () => r.destroy(new Error('no answer within 30 s')));
    r.on('error', reject);
  });
  const status = res.statusCode ?? 0;
  if (status >= 300 && status < 400 && res.headers.location) {
    res.resume();
    if (hops >= MAX_REDIRECTS) throw new DownloadRefused(serverText('iso:failed.http', { status }));
    const next = new URL(res.headers.location, checked.url).toString();
    return open(await checkDownloadUrl(next, allowPrivate), allowPrivate, hops + 1);
  }
  if (status < 200 || status >= 300) {
    res.resume();
    if (status >= 500) throw new Error(`HTTP ${status}`);
    throw new DownloadRefused(serverText('iso:failed.http', { status }));
  }
  return { req, res };
}

export async function runIsoDownload(deps: JobDeps, isoId: number): Promise<JobResult> {
  const iso = await deps.db.system((tx) => repo.findIso(tx, isoId));
  if (!iso) return { status: JobStatus.Skipped, detail: `image ${isoId} deleted` };
  if (iso.status === 'ready' || !iso.source_url) return { status: JobStatus.Skipped, detail: `image ${isoId} ready` };
  if (iso.status === 'failed') await deps.db.system((tx) => repo.restartDownload(tx, isoId));
  const name = iso.file_name;
  const news = (status: string, progress: number, text: ServerText) =>
    deps.db.system((tx) =>
      publishHubMessage(tx, { clientId: iso.client_id, kind: 'iso-download', payload: isoNews(isoId, status, progress, text) }),
    );

  const key = newStorageKey();
  let request: http.ClientRequest | null = null;
  try {
    const checked = await checkDownloadUrl(iso.source_url, deps.config.iso.allowPrivateUrls);
    const { req, res } = await open(checked, deps.config.iso.allowPrivateUrls);
    request = req;
    const length = Number(res.headers['content-length'] ?? NaN);
    const max = deps.config.iso.maxBytes;
    if (Number.isFinite(length) && length > max) throw new TooLargeError(max);
    let last = Date.now();
    let gone = false;
    const checkedBody = isoCheck();
    res.on('error', (e) => checkedBody.destroy(e));
    (res as Readable).pipe(checkedBody);
    const size = await deps.storage.putStream(key, checkedBody, {
      maxBytes: max,
      onBytes: (total) => {
        if (gone || Date.now() - last < PROGRESS_EVERY_MS) return;
        last = Date.now();
        const percent = Number.isFinite(length) && length > 0 ? Math.min(99, Math.floor((total / length) * 100)) : 0;
        void deps.db
          .system(async (tx) => {
            if (!(await repo.findIso(tx, isoId))) {
              gone = true;
              req.destroy(new Error('image deleted'));
              return;
            }
            await repo.setProgress(tx, isoId, percent, null);
            await publishHubMessage(tx, {
              clientId: iso.client_id,
              kind: 'iso-download',
              payload: isoNews(isoId, 'running', percent, serverText('iso:download.progress', { name, percent })),
            });
          })
          .catch(() => {});
      },
    });
    const stored = await deps.db.system(async (tx) => {
      if (!(await repo.findIso(tx, isoId, true))) return false;
      await repo.markReady(tx, isoId, key, size);
      await publishHubMessage(tx, {
        clientId: iso.client_id,
        kind: 'iso-download',
        payload: isoNews(isoId, 'ok', 100, serverText('iso:download.done', { name })),
      });
      return true;
    });
    if (!stored) {
      await deps.storage.delete(key);
      return { status: JobStatus.Skipped, detail: `image ${isoId} deleted during the download` };
    }
    return { status: JobStatus.Success, detail: `image ${isoId}: ${size} bytes` };
  } catch (e) {
    request?.destroy();
    await deps.storage.delete(key).catch(() => {});
    const refused = refusalOf(e, deps.config.iso.maxBytes);
    const reason = refused ?? serverText('iso:failed.network', { reason: e instanceof Error ? e.message : String(e) });
    const text = serverText('iso:download.failed', { name, reason: englishText(reason) });
    await deps.db.system((tx) => repo.markFailed(tx, isoId, englishText(reason), reason)).catch(() => {});
    await news('error', 0, text).catch(() => {});
    // A refusal is final; a passing trouble fails this run so the queue tries again.
    return refused
      ? { status: JobStatus.Success, detail: `image ${isoId} refused: ${englishText(reason)}` }
      : { status: JobStatus.Failed, detail: `image ${isoId}: ${englishText(reason)}` };
  }
}

/** The final reason of a refused download, or null for a passing trouble. */
function refusalOf(e: unknown, maxBytes: number): ServerText | null {
  if (e instanceof DownloadRefused) return e.text;
  if (e instanceof TooLargeError) return serverText('iso:failed.too_large', { max: Math.floor(maxBytes / 1024 / 1024) });
  if (e instanceof NotIsoError) return serverText('iso:failed.not_iso');
  if (e instanceof UrlRefused) return serverText('iso:failed.address', { host: e.host });
  return null;
}
