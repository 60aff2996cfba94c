import { describe, expect, it } from 'vitest';
import { authenticateToServer, ByteQueue, greetClient, RfbError, vncAuthResponse } from './rfb.js';

/** One end of a handshake under test: what it sent, and a queue to feed it. */
function end() {
  const sent: Buffer[] = [];
  const q = new ByteQueue();
  return { q, sent, send: (b: Buffer) => void sent.push(b), out: () => Buffer.concat(sent.splice(0)) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('vncAuthResponse', () => {
  it('is DES-ECB with the bit-reversed password as key (the FIPS 46 example key 133457799BBCDFF1)', () => {
    // Bit-reversed, the key's bytes are these password characters.
    const password = Buffer.from('c82cea9ed93dfb8f', 'hex').toString('latin1');
    const challenge = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
    expect(vncAuthResponse(password, challenge).toString('hex')).toBe('85e813540f0ab40585e813540f0ab405');
  });

  it('uses the first 8 characters and pads a shorter password with zeros', () => {
    const c = Buffer.alloc(16, 7);
    expect(vncAuthResponse('abcdefghXYZ', c)).toEqual(vncAuthResponse('abcdefgh', c));
    expect(vncAuthResponse('abc', c)).toEqual(vncAuthResponse('abc\0\0\0\0\0', c));
    expect(vncAuthResponse('abc', c)).not.toEqual(vncAuthResponse('abd', c));
  });
});

describe('ByteQueue', () => {
  it('reads exact counts across frames and keeps the rest', async () => {
    const q = new ByteQueue();
    q.push(Buffer.from('RFB 00'));
    const first = q.read(12);
    q.push(Buffer.from('3.008\nXY'));
    expect((await first).toString()).toBe('RFB 003.008\n');
    q.push(Buffer.from('Z'));
    expect(q.rest().toString()).toBe('XYZ');
  });

  it('fails a read the socket’s close leaves short', async () => {
    const q = new ByteQueue();
    q.push(Buffer.from('RFB'));
    const read = q.read(12);
    q.fail(new RfbError('closed'));
    await expect(read).rejects.toThrow('closed');
  });
});

describe('authenticateToServer', () => {
  it('answers 3.8, picks VNC authentication and answers the challenge', async () => {
    const e = end();
    const done = authenticateToServer(e.q, e.send, 'secret12');
    e.q.push(Buffer.from('RFB 003.008\n'));
    e.q.push(Buffer.from([2, 1, 2]));
    const challenge = Buffer.alloc(16, 0x5a);
    e.q.push(challenge);
    await tick();
    expect(e.out()).toEqual(
      Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.from([2]), vncAuthResponse('secret12', challenge)]),
    );
    e.q.push(Buffer.from([0, 0, 0, 0, 9, 9]));
    await done;
    expect(e.q.rest()).toEqual(Buffer.from([9, 9]));
  });

  it('throws with the server’s reason when the password is refused', async () => {
    const e = end();
    const done = authenticateToServer(e.q, e.send, 'wrong');
    e.q.push(
      Buffer.concat([
        Buffer.from('RFB 003.008\n'),
        Buffer.from([1, 2]),
        Buffer.alloc(16),
        Buffer.from([0, 0, 0, 1, 0, 0, 0, 4]),
        Buffer.from('nope'),
      ]),
    );
    await expect(done).rejects.toThrow('authentication failed: nope');
  });

  it('speaks 3.3 (the server names the type) and 3.7 (no result after None)', async () => {
    const old = end();
    const d33 = authenticateToServer(old.q, old.send, 'pw');
    old.q.push(
      Buffer.concat([Buffer.from('RFB 003.003\n'), Buffer.from([0, 0, 0, 2]), Buffer.alloc(16, 1), Buffer.from([0, 0, 0, 0])]),
    );
    await d33;
    expect(old.out().subarray(0, 12).toString()).toBe('RFB 003.003\n');

    const mid = end();
    const d37 = authenticateToServer(mid.q, mid.send, 'pw');
    mid.q.push(Buffer.concat([Buffer.from('RFB 003.007\n'), Buffer.from([1, 1])]));
    await d37;
    expect(mid.out()).toEqual(Buffer.concat([Buffer.from('RFB 003.007\n'), Buffer.from([1])]));
  });

  it('refuses what is not RFB, an empty type list and unsupported types', async () => {
    const a = end();
    const pa = authenticateToServer(a.q, a.send, 'pw');
    a.q.push(Buffer.from('HTTP/1.1 200'));
    await expect(pa).rejects.toBeInstanceOf(RfbError);

    const b = end();
    const pb = authenticateToServer(b.q, b.send, 'pw');
    b.q.push(Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.from([0, 0, 0, 0, 4]), Buffer.from('busy')]));
    await expect(pb).rejects.toThrow('server refused: busy');

    const c = end();
    const pc = authenticateToServer(c.q, c.send, 'pw');
    c.q.push(Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.from([1, 19])]));
    await expect(pc).rejects.toThrow('no supported security type');
  });
});

describe('greetClient', () => {
  it('offers None and reports success to a 3.8 viewer', async () => {
    const e = end();
    const done = greetClient(e.q, e.send);
    e.q.push(Buffer.from('RFB 003.008\n'));
    e.q.push(Buffer.from([1, 1]));
    await done;
    expect(e.out()).toEqual(Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.from([1, 1]), Buffer.from([0, 0, 0, 0])]));
    expect(e.q.rest()).toEqual(Buffer.from([1])); // the viewer's ClientInit, for the server
  });

  it('names the type to a 3.3 viewer and sends no result to a 3.7 one', async () => {
    const a = end();
    const pa = greetClient(a.q, a.send);
    a.q.push(Buffer.from('RFB 003.003\n'));
    await pa;
    expect(a.out()).toEqual(Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.from([0, 0, 0, 1])]));

    const b = end();
    const pb = greetClient(b.q, b.send);
    b.q.push(Buffer.concat([Buffer.from('RFB 003.007\n'), Buffer.from([1])]));
    await pb;
    expect(b.out()).toEqual(Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.from([1, 1])]));
  });

  it('refuses a viewer that picks another type', async () => {
    const e = end();
    const done = greetClient(e.q, e.send);
    e.q.push(Buffer.concat([Buffer.from('RFB 003.008\n'), Buffer.from([2])]));
    await expect(done).rejects.toThrow('viewer chose security type 2');
  });
});
