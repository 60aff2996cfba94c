import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';
import { Readable } from 'node:stream';
import { newStorageKey, readAll, TooLargeError, type FileStorage } from './storage.js';

let dir: string;
let storage: FileStorage;

beforeAll(async () => {
  dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'portside-storage-')), 'uploads');
  storage = createLocalStorage(dir);
});
afterAll(async () => fs.rm(path.dirname(dir), { recursive: true, force: true }));

describe('the local storage driver', () => {
  it('stores, reads and deletes a blob under a random key, in a directory only the server can read', async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('hello'));
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(dir, key))).mode & 0o777).toBe(0o600);
    expect((await readAll((await storage.get(key))!)).toString()).toBe('hello');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting again is not an error (the purge job relies on it).
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('stores a stream, counting its bytes, and refuses one over the limit without leaving a file', async () => {
    const key = newStorageKey();
    const seen: number[] = [];
    const chunks = [Buffer.alloc(1000, 1), Buffer.alloc(2000, 2), Buffer.alloc(500, 3)];
    const size = await storage.putStream(key, Readable.from(chunks), { maxBytes: 3500, onBytes: (n) => seen.push(n) });
    expect(size).toBe(3500);
    expect(seen).toEqual([1000, 3000, 3500]);
    expect((await readAll((await storage.get(key))!)).length).toBe(3500);
    const big = newStorageKey();
    const refused = await storage.putStream(big, Readable.from(chunks), { maxBytes: 3499 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooLargeError);
    expect(await storage.get(big)).toBeNull();
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('makes keys that are URL-safe and never repeat', () => {
    const keys = new Set(Array.from({ length: 1000 }, newStorageKey));
    expect(keys.size).toBe(1000);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses keys that could leave the directory or are not its own', async () => {
    for (const key of ['../secrets.json', '..', 'a/b', '', 'short', '/etc/passwd', 'x'.repeat(200)]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
    }
  });
});
