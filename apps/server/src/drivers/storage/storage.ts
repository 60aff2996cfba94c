import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * The storage driver (DESIGN §4): uploads, ISO images, ID documents and attachments, kept as
 * opaque byte blobs under keys. Keys are random ids made by {@link newStorageKey}, never names a
 * user supplied, so a key can neither collide with another nor point outside the store.
 */
export interface FileStorage {
  /** Stores `bytes` under `key` (replacing nothing: keys are unique). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes as a stream, or null when nothing is stored under `key`. */
  get(key: string): Promise<Readable | null>;
  /**
   * Stores a stream under `key` and answers its size in bytes. Refuses (rejects with
   * {@link TooLargeError}, storing nothing) once more than `maxBytes` arrive; `onBytes` hears the
   * running count. Nothing is stored when the stream fails.
   */
  putStream(key: string, stream: Readable, opts: { maxBytes: number; onBytes?: (total: number) => void }): Promise<number>;
  /** Removes the blob; removing a key that holds nothing is not an error (idempotent). */
  delete(key: string): Promise<void>;
}

/** A stream passed the size limit of {@link FileStorage.putStream}. */
export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.name = 'TooLargeError';
  }
}

/** What a storage key may look like: URL-safe base64 characters, 16 to 128 of them. */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** A new random key (192 bits, URL-safe). */
export function newStorageKey(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** Throws unless `key` is a well-formed storage key (a guard against path tricks). */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('invalid storage key');
}

/** Reads a whole stream into one buffer (for small blobs and tests). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
