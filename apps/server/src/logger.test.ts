/** The process's logger writes structured JSON lines and never a secret, wherever a caller put it. */
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

describe('the pino logger', () => {
  it('keeps structured fields and redacts passwords, tokens, keys, connection strings and auth headers', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line)).child({ job: 'invoice.mail', jobId: 'j-1' });
    logger.info(
      {
        status: 'success',
        password: 'hunter2-pw',
        token: 'eyJ-token',
        config: { databaseUrl: 'postgres://u:db-pass@h/d', smtpUrl: 'smtp://u:smtp-pass@h' },
        secrets: { dataKey: 'data-key-bytes' },
        req: { headers: { authorization: 'Bearer abc.def', cookie: 'token=xyz' } },
      },
      'job done',
    );
    logger.debug({ detail: 'below the level' }, 'not written');
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(record).toMatchObject({ msg: 'job done', job: 'invoice.mail', jobId: 'j-1', status: 'success', level: 30 });
    for (const secret of ['hunter2-pw', 'eyJ-token', 'db-pass', 'smtp-pass', 'data-key-bytes', 'abc.def', 'xyz'])
      expect(lines[0], secret).not.toContain(secret);
    expect(record.password).toBe('[redacted]');
  });
});
