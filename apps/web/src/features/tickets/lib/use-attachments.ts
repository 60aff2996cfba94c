/**
 * The attachments of a new ticket or a reply: each picked image is checked by its bytes in the
 * browser (jpg or png under 2 MB), then uploaded with FileUpload at once; its id goes with the
 * ticket or comment. At most three (LIMITS.ticketAttachments). An image removed and picked again
 * reuses its upload (the server would refuse the same bytes as 'file already uploaded'); the same
 * image twice in one list is refused with that message.
 */
import { useCallback, useRef, useState } from 'react';
import { LIMITS } from '@portside/contract/constants';
import type { AttachmentItem } from '@portside/contract/schemas/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { uploadTicketFile } from '../api/upload-ticket-file';
import { checkTicketImage, sha256Hex, toDataUrl } from './ticket-image';
import { uploadErrorText, type UploadErrorText } from './upload-error';

export type AttachmentState = 'uploading' | 'ready' | 'failed';

export interface PickedAttachment {
  /** A local id for the list (not the server's file id). */
  key: number;
  name: string;
  state: AttachmentState;
  /** The uploaded file, once ready. */
  uploaded?: AttachmentItem;
  error?: UploadErrorText;
  /** A data: URL of the picked image, for its thumbnail. */
  preview?: string;
}

export interface Attachments {
  items: PickedAttachment[];
  /** Checks and uploads the picked files (those over the limit are refused). */
  add: (files: readonly File[]) => void;
  remove: (key: number) => void;
  /** Empties the list after sending: its files are attached now, none can be used again. */
  clear: () => void;
  /**
   * Empties the list without sending (a cancelled dialog): the uploads stay known, so picking one
   * of these images again reuses its file instead of being refused as 'file already uploaded'.
   */
  discard: () => void;
  /** The ids of the uploaded files, for p_files. */
  fileIds: number[];
  /** An upload is still under way: sending waits for it. */
  busy: boolean;
  /** Three attachments are picked: no more can be added. */
  full: boolean;
}

export function useAttachments(): Attachments {
  const { t } = useTranslation(['validation', 'errors']);
  const [items, setItems] = useState<PickedAttachment[]>([]);
  const nextKey = useRef(1);
  // Uploads of this form by content hash: picking a removed image again reuses its file.
  const byHash = useRef(new Map<string, AttachmentItem>());
  const hashes = useRef(new Map<number, string | null>());
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const update = useCallback((key: number, change: Partial<PickedAttachment>) => {
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));
  }, []);

  const take = useCallback(
    async (key: number, file: File) => {
      const fail = (text: string) => update(key, { state: 'failed', error: { text, html: false } });
      const refused = await checkTicketImage(file);
      if (refused) return fail(t(`validation:${refused}`));
      const [hash, preview] = await Promise.all([sha256Hex(file), toDataUrl(file).catch(() => undefined)]);
      const twice = hash !== null && [...hashes.current.entries()].some(([k, h]) => k !== key && h === hash);
      if (twice) return fail(t('validation:upload_already_uploaded'));
      hashes.current.set(key, hash);
      const earlier = hash ? byHash.current.get(hash) : undefined;
      if (earlier) return update(key, { state: 'ready', uploaded: earlier, preview });
      update(key, { preview });
      try {
        const uploaded = await uploadTicketFile(file);
        if (hash) byHash.current.set(hash, uploaded);
        update(key, { state: 'ready', uploaded });
      } catch (e) {
        hashes.current.delete(key);
        update(key, { state: 'failed', error: uploadErrorText(e, t) });
      }
    },
    [t, update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      // A new pick clears the refusals of the last one.
      const kept = itemsRef.current.filter((a) => a.state !== 'failed');
      const room = LIMITS.ticketAttachments - kept.length;
      const added: PickedAttachment[] = files.map((f, i) => {
        const key = nextKey.current++;
        if (i >= room)
          return { key, name: f.name, state: 'failed', error: { text: t('validation:ticket_too_many_files'), html: false } };
        return { key, name: f.name, state: 'uploading' };
      });
      setItems([...kept, ...added]);
      added.forEach((a, i) => {
        if (a.state === 'uploading') void take(a.key, files[i]!);
      });
    },
    [t, take],
  );

  const remove = useCallback((key: number) => {
    hashes.current.delete(key);
    setItems((list) => list.filter((a) => a.key !== key));
  }, []);

  const clear = useCallback(() => {
    // Sent files are attached now: the same image again is a new upload (or the server's refusal).
    byHash.current.clear();
    hashes.current.clear();
    setItems([]);
  }, []);

  const discard = useCallback(() => {
    hashes.current.clear();
    setItems([]);
  }, []);

  const live = items.filter((a) => a.state !== 'failed');
  return {
    items,
    add,
    remove,
    clear,
    discard,
    fileIds: live.flatMap((a) => (a.uploaded ? [a.uploaded.file] : [])),
    busy: live.some((a) => a.state === 'uploading'),
    full: live.length >= LIMITS.ticketAttachments,
  };
}
