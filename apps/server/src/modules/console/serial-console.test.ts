import { describe, expect, it } from 'vitest';
import { WRONG_CONSOLE_PASSWORD, createSerialConsole } from './serial-console.js';

describe('the simulated serial console', () => {
  it('echoes the login, hides the password and refuses it with the spec’s hint', () => {
    const c = createSerialConsole({ name: 'web-1.demo.example', running: true });
    expect(c.start()).toEqual({
      output: '\r\nPortside serial console of web-1.demo.example (ttyS0)\r\n\r\nweb-1 login: ',
      end: false,
    });
    expect(c.input('root').output).toBe('root');
    expect(c.input('\r').output).toBe('\r\nPassword: ');
    expect(c.input('hunter2').output).toBe('');
    expect(c.input('\r')).toEqual({
      output: `\r\n\r\nLogin incorrect\r\n${WRONG_CONSOLE_PASSWORD}\r\n\r\nweb-1 login: `,
      end: false,
    });
  });

  it('edits the line with backspace and Ctrl-U, ignores arrow keys, re-prompts on an empty login', () => {
    const c = createSerialConsole({ name: 'db', running: true });
    c.start();
    expect(c.input('ab\x7f').output).toBe('ab\b \b');
    expect(c.input('\x1b[A\x1b[D').output).toBe('');
    expect(c.input('cd\x15').output).toBe('cd' + '\b \b'.repeat(3));
    expect(c.input('\r').output).toBe('\r\ndb login: ');
  });

  it('starts over on Ctrl-C and ends on Ctrl-D at an empty line only', () => {
    const c = createSerialConsole({ name: 'db', running: true });
    c.start();
    expect(c.input('x\x03').output).toBe('x^C\r\n\r\ndb login: ');
    expect(c.input('y\x04').output).toBe('y');
    expect(c.input('\x15\x04').end).toBe(true);
  });

  it('says a stopped server is not running and ends', () => {
    const s = createSerialConsole({ name: 'db', running: false }).start();
    expect(s.end).toBe(true);
    expect(s.output).toContain('db is not running');
  });
});
