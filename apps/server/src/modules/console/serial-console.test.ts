import { describe, expect, it } from 'vitest';
import { WRONG_CONSOLE_PASSWORD, createSerialConsole, type ConsoleLoginCheck } from './serial-console.js';

/** A login check that knows one user and password, and records what it was asked. */
function checker(user: string, password: string) {
  const asked: Array<[string, string]> = [];
  const check: ConsoleLoginCheck = async (u, p) => {
    asked.push([u, p]);
    return u === user && p === password;
  };
  return { check, asked };
}

/** Types each of `lines` followed by Enter and answers the output of the last. */
async function typeLines(c: ReturnType<typeof createSerialConsole>, ...lines: string[]): Promise<string> {
  let out = '';
  for (const l of lines) out = (await c.input(`${l}\r`)).output;
  return out;
}

describe('the simulated serial console', () => {
  it('echoes the login, hides the password and refuses a wrong one with the spec’s hint', async () => {
    const { check, asked } = checker('root', 'right-one');
    const c = createSerialConsole({ name: 'web-1.demo.example', running: true }, check);
    expect(c.start()).toEqual({
      output: '\r\nPortside serial console of web-1.demo.example (ttyS0)\r\n\r\nweb-1 login: ',
      end: false,
    });
    expect((await c.input('root')).output).toBe('root');
    expect((await c.input('\r')).output).toBe('\r\nPassword: ');
    expect((await c.input('hunter2')).output).toBe('');
    expect(await c.input('\r')).toEqual({
      output: `\r\n\r\nLogin incorrect\r\n${WRONG_CONSOLE_PASSWORD}\r\n\r\nweb-1 login: `,
      end: false,
    });
    expect(asked).toEqual([['root', 'hunter2']]);
  });

  it('refuses every password when it has no login check, and when the check fails', async () => {
    const c = createSerialConsole({ name: 'db', running: true });
    c.start();
    expect(await typeLines(c, 'root', 'anything')).toContain('Login incorrect');
    const broken = createSerialConsole({ name: 'db', running: true }, async () => {
      throw new Error('cluster unreachable');
    });
    broken.start();
    expect(await typeLines(broken, 'root', 'anything')).toContain(WRONG_CONSOLE_PASSWORD);
  });

  it('logs a right password in to a shell that echoes what is typed and knows a few commands', async () => {
    const { check } = checker('root', 'right-one');
    const c = createSerialConsole({ name: 'web-1.demo.example', running: true }, check);
    c.start();
    expect(await typeLines(c, 'root', 'right-one')).toBe('\r\nLinux web-1 (Portside simulated guest)\r\n\r\nroot@web-1:~# ');
    expect((await c.input('echo  hello   world')).output).toBe('echo  hello   world');
    expect((await c.input('\r')).output).toBe('\r\nhello world\r\nroot@web-1:~# ');
    expect(await typeLines(c, 'whoami')).toBe('whoami\r\nroot\r\nroot@web-1:~# ');
    expect(await typeLines(c, 'hostname')).toBe('hostname\r\nweb-1\r\nroot@web-1:~# ');
    expect(await typeLines(c, 'rm -rf /')).toBe('rm -rf /\r\n-bash: rm: command not found\r\nroot@web-1:~# ');
    expect(await typeLines(c, '')).toBe('\r\nroot@web-1:~# ');
    expect((await c.input('ls\x7f\x7fx')).output).toBe('ls\b \b\b \bx');
    expect((await c.input('\x03')).output).toBe('^C\r\nroot@web-1:~# ');
    expect((await c.input('who\x15')).output).toBe('who' + '\b \b'.repeat(3));
    expect(await typeLines(c, 'exit')).toBe('exit\r\nlogout\r\n\r\nweb-1 login: ');
    // Logged out: the next password is checked again.
    expect(await typeLines(c, 'root', 'wrong')).toContain('Login incorrect');
  });

  it('logs out on Ctrl-D at an empty shell line, and a user other than root gets a $ prompt', async () => {
    const { check } = checker('admin', 'admin-pass');
    const c = createSerialConsole({ name: 'db', running: true }, check);
    c.start();
    expect(await typeLines(c, 'admin', 'admin-pass')).toMatch(/admin@db:~\$ $/);
    expect((await c.input('x\x04')).output).toBe('x');
    expect(await c.input('\x15\x04')).toEqual({ output: '\b \blogout\r\n\r\ndb login: ', end: false });
    expect((await c.input('\x04')).end).toBe(true);
  });

  it('plays input typed behind the password in order, after the check', async () => {
    let release: (ok: boolean) => void = () => undefined;
    let asked: () => void = () => undefined;
    const checking = new Promise<void>((r) => (asked = r));
    const c = createSerialConsole({ name: 'db', running: true }, () => {
      asked();
      return new Promise<boolean>((r) => (release = r));
    });
    c.start();
    await typeLines(c, 'root');
    const pending = c.input('secret\rwhoami\r');
    await checking;
    release(true);
    expect((await pending).output).toBe(
      '\r\nLinux db (Portside simulated guest)\r\n\r\nroot@db:~# whoami\r\nroot\r\nroot@db:~# ',
    );
  });

  it('edits the line with backspace and Ctrl-U, ignores arrow keys, re-prompts on an empty login', async () => {
    const c = createSerialConsole({ name: 'db', running: true });
    c.start();
    expect((await c.input('ab\x7f')).output).toBe('ab\b \b');
    expect((await c.input('\x1b[A\x1b[D')).output).toBe('');
    expect((await c.input('cd\x15')).output).toBe('cd' + '\b \b'.repeat(3));
    expect((await c.input('\r')).output).toBe('\r\ndb login: ');
  });

  it('starts over on Ctrl-C and ends on Ctrl-D at an empty login line only', async () => {
    const c = createSerialConsole({ name: 'db', running: true });
    c.start();
    expect((await c.input('x\x03')).output).toBe('x^C\r\n\r\ndb login: ');
    expect((await c.input('y\x04')).output).toBe('y');
    expect((await c.input('\x15\x04')).end).toBe(true);
  });

  it('says a stopped server is not running and ends', () => {
    const s = createSerialConsole({ name: 'db', running: false }).start();
    expect(s.end).toBe(true);
    expect(s.output).toContain('db is not running');
  });
});
