/** What a key change makes stale: every SSH key list, and the projects' key counts and lists. */
import type { QueryClient } from '@tanstack/react-query';
import { sshKeysKey } from '../api/get-ssh-keys';

export function invalidateKeys(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: sshKeysKey }),
    client.invalidateQueries({ queryKey: ['projects'] }),
  ]).then(() => undefined);
}
