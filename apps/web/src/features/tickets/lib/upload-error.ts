/**
 * The sentence an attachment shows for a failed upload: the spec's upload messages ('file already
 * uploaded', 'upload must be an image under 2 MB', jpg or png only) in the interface language where
 * the server said one of them, otherwise the client's error presentation (HTML).
 */
import { isMessageKey } from '@portside/contract/messages';
import { ApiError, errorHtml, type Translate } from '../../../shared/api/client';

export interface UploadErrorText {
  text: string;
  /** The text is HTML (the generic presentation, sanitised when shown). */
  html: boolean;
}

export function uploadErrorText(e: unknown, t: Translate): UploadErrorText {
  if (e instanceof ApiError) {
    if (e.body.code === 'UPLOAD_DUPLICATE') return { text: t('validation:upload_already_uploaded'), html: false };
    if (e.body.code === 'ATTACHMENT_TYPE') return { text: t('validation:ticket_attachment_type'), html: false };
    const key = /^file:\s*([a-z0-9_]+)$/m.exec(e.body.details ?? '')?.[1];
    if (e.body.code === 'VALIDATION_FAILED' && key && isMessageKey(key)) return { text: t(`validation:${key}`), html: false };
  }
  return { text: errorHtml(e, t), html: true };
}
