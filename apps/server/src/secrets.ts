import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/** Secrets from the environment, or generated once and kept (mode 600) in DATA_DIR. */
export interface Secrets {
  jwtKey: Uint8Array;
  /** Key for the reset-link message (AES-256-GCM) and code hashing. */
  dataKey: Buffer;
  appDbPassword: string;
}

interface Stored {
  jwtSecret: string;
  dataSecret: string;
  appDbPassword: string;
}

export async function loadSecrets(dataDir: string, jwtSecretEnv: string | null): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Stored | null;
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8')) as Stored;
  } catch {
    stored = null;
  }
  if (!stored) {
    const r = () => crypto.randomBytes(32).toString('base64url');
    stored = { jwtSecret: r(), dataSecret: r(), appDbPassword: r() };
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return fromStrings(jwtSecretEnv ?? stored.jwtSecret, stored.dataSecret, stored.appDbPassword);
}

export function fromStrings(jwt: string, data: string, appDbPassword: string): Secrets {
  return {
    jwtKey: new TextEncoder().encode(jwt),
    dataKey: crypto.createHash('sha256').update(data).digest(),
    appDbPassword,
  };
}
