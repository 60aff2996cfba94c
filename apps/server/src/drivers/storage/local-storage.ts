import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, TooLargeError, type FileStorage } from './storage.js';

/**
 * Storage in a local directory (the default; DATA_DIR/uploads). The directory is created with mode
 * 700 and files with mode 600, so only the server's user can read ID documents. Writes go to a
 * temporary file first and are renamed into place, so a crash never leaves half a file under a key.
 */
export function createLocalStorage(dir: string): FileStorage {
  let ready: Promise<void> | null = null;
  const ensureDir = () => {
    ready ??= (async () => {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // mkdir leaves an existing directory's mode alone: tighten it anyway.
      await fs.chmod(dir, 0o700);
    })().catch((e: unknown) => {
      ready = null;
      throw e;
    });
    return ready;
  };
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(dir, key);
  };

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await ensureDir();
      const tmp = path.join(dir, `.tmp-${crypto.randomBytes(8).toString('hex')}`);
      try {
        await fs.writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
        await fs.rename(tmp, file);
      } catch (e) {
        await fs.rm(tmp, { force: true });
        throw e;
      }
    },
    async putStream(key, stream, opts) {
      const file = fileOf(key);
      await ensureDir();
      const tmp = path.join(dir, `.tmp-${crypto.randomBytes(8).toString('hex')}`);
      let total = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          total += chunk.length;
          if (total > opts.maxBytes) return done(new TooLargeError(opts.maxBytes));
          opts.onBytes?.(total);
          done(null, chunk);
        },
      });
      try {
        await pipeline(stream, counter, createWriteStream(tmp, { mode: 0o600, flags: 'wx' }));
        await fs.rename(tmp, file);
        return total;
      } catch (e) {
        await fs.rm(tmp, { force: true });
        throw e;
      }
    },
    async get(key): Promise<Readable | null> {
      const file = fileOf(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
      return handle.createReadStream();
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
