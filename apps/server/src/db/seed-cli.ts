import { loadConfig } from '../config.js';
import { bootDatabase } from './boot.js';
import { seed } from './seed.js';

/** `npm run seed`: migrates and (re-)applies the idempotent demo seed. */
const config = { ...loadConfig(), seedOnFirstStart: false };
const booted = await bootDatabase(config);
try {
  await seed(booted.db.owner);
  console.log('[portside] seed applied');
} finally {
  await booted.stop();
}
