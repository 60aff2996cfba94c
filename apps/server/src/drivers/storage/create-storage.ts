import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import type { FileStorage } from './storage.js';

/** The configured storage driver: a local directory under DATA_DIR/uploads (S3-compatible later). */
export function createStorage(config: Pick<Config, 'dataDir'>): FileStorage {
  return createLocalStorage(path.join(config.dataDir, 'uploads'));
}
