/**
 * POST /api/rpc/<name> with a multipart/form-data body and the upload's progress: `onProgress`
 * gets the share sent so far (0 to 1). XMLHttpRequest, since fetch reports no upload progress; a
 * module of its own so that the first screens do not load it. Answered and refused as the api
 * client's calls are (catalogue-shaped {@link ApiError}, a refused session ends). No time-out: a
 * large file may take long; the caller's `signal` aborts it.
 */
import { COOKIES } from '@portside/contract/constants';
import {
  isErrorResponse,
  networkErrorText,
  normalizeErrorBody,
  catalogueTextsOf,
  CATALOGUE_TEXT_HEADER,
  resultForStatus,
  shouldLogout,
} from '@portside/contract/rules/error-presentation';
import { getCookie } from '../session/cookies';
import { API_BASE, ApiError, endSession } from './client';

export function uploadWithProgress<T>(
  name: string,
  form: FormData,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return sendWithProgress(`${API_BASE}/rpc/${encodeURIComponent(name)}`, form, onProgress, signal) as Promise<T>;
}

/** A multipart POST by XMLHttpRequest, answered and refused as {@link send} does. */
function sendWithProgress(
  url: string,
  form: FormData,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  const token = getCookie(COOKIES.token.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    const bare = (message: string) => ({ code: '', message, hint: null, details: null });
    xhr.onerror = () => reject(new ApiError(0, bare(networkErrorText('upload failed')), 'network'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null; // a proxy's HTML error page is not a body to show
      }
      if (isErrorResponse(xhr.status, data)) {
        const body = normalizeErrorBody(xhr.status, data);
        if (shouldLogout(xhr.status, `${body.code} ${body.message}`, { isLogin: false })) endSession(token);
        reject(
          new ApiError(xhr.status, body, 'http', undefined, catalogueTextsOf(xhr.getResponseHeader(CATALOGUE_TEXT_HEADER), data)),
        );
        return;
      }
      onProgress(1);
      resolve(data ?? resultForStatus(xhr.status) ?? null);
    };
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
