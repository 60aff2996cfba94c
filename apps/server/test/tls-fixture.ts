import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made for this run with openssl, for fakes
 * served over HTTPS: without its PEM trusted a driver's TLS handshake fails, with it it succeeds.
 */
export function selfSignedCertificate(cn = 'device.test'): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portside-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
      ].concat(['-days', '2', '-subj', `/CN=${cn}`, '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost']),
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
