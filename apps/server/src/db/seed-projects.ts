import type pg from 'pg';
import { defaultKeyName, parseSshPublicKey } from '@portside/contract/rules/ssh-key';
import { fingerprintOf } from '../modules/ssh-keys/ssh-keys.service.js';

/** The demo account's SSH key (made with ssh-keygen -t ed25519; the private half was thrown away). */
export const DEMO_SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIBAPBh0IvROX+DhV3DiRwPEZNyxBpuHIzq4WtCNgC7V dana@demo-laptop';
/** The second project of the demo account. */
export const DEMO_SECOND_PROJECT = 'staging';

/** Idempotent: the demo account gets a 'staging' project and one ed25519 key in its default project. */
export async function seedDemoProjects(c: pg.PoolClient, clientId: string): Promise<void> {
  await c.query(
    `INSERT INTO projects (client_id, name, is_default) SELECT $1, $2, false
      WHERE NOT EXISTS (SELECT 1 FROM projects WHERE client_id = $1 AND lower(name) = lower($2))`,
    [clientId, DEMO_SECOND_PROJECT],
  );
  const parsed = parseSshPublicKey(DEMO_SSH_KEY);
  if (!parsed.ok) throw new Error(`demo SSH key: ${parsed.error}`);
  const { key } = parsed;
  const fingerprint = fingerprintOf(key.blob);
  await c.query(
    `INSERT INTO ssh_keys (client_id, project_id, name, public_key, key_type, bits, fingerprint, comment)
     SELECT $1, p.id, $2, $3, $4, $5, $6, $7 FROM projects p WHERE p.client_id = $1 AND p.is_default
     ON CONFLICT (project_id, fingerprint) DO NOTHING`,
    [clientId, defaultKeyName(key, fingerprint), key.text, key.type, key.bits, fingerprint, key.comment],
  );
}
