/**
 * The simulator's serial console (DESIGN §4 'a text console'): what a Linux guest's getty shows on
 * ttyS0, played by the portal. It asks for a login and a password (not echoed) and refuses every
 * password with 'Login incorrect' and the spec's hint (spec 2 §8 'Servers'), because the portal
 * never knows a guest's root password; a stopped server says it is not running. Pure: input in,
 * terminal output (CR LF line ends) out, so it is tested without a socket.
 */

/** The spec's message after a refused console login (spec 2 §8 'Servers'). */
export const WRONG_CONSOLE_PASSWORD = 'Wrong password for console: use Reset Root Password, then log in as root';

/** The longest line the console keeps; more is ignored, as a terminal's line buffer would. */
const MAX_LINE = 256;

/** What one step of the console gives: output to show, and whether the console has ended. */
export interface SerialStep {
  output: string;
  end: boolean;
}

export interface SerialConsole {
  /** The first output after connecting. */
  start(): SerialStep;
  /** The output for keyboard input (any number of characters, as a terminal sends them). */
  input(data: string): SerialStep;
}

/** A console for the VM `name`; `running` false gives the not-running notice and ends. */
export function createSerialConsole(vm: { name: string; running: boolean }): SerialConsole {
  const host = vm.name.split('.')[0] || vm.name;
  const prompt = `${host} login: `;
  let phase: 'login' | 'password' = 'login';
  let line = '';
  let ended = false;

  const banner = () => `\r\nPortside serial console of ${vm.name} (ttyS0)\r\n\r\n${prompt}`;

  function enter(): string {
    const typed = line;
    line = '';
    if (phase === 'login') {
      if (typed.trim() === '') return `\r\n${prompt}`;
      phase = 'password';
      return '\r\nPassword: ';
    }
    phase = 'login';
    return `\r\n\r\nLogin incorrect\r\n${WRONG_CONSOLE_PASSWORD}\r\n\r\n${prompt}`;
  }

  function key(ch: string): string {
    switch (ch) {
      case '\r':
      case '\n':
        return enter();
      case '\x7f':
      case '\b':
        if (line === '') return '';
        line = [...line].slice(0, -1).join('');
        return phase === 'login' ? '\b \b' : '';
      case '\x03': // Ctrl-C: the typed line is dropped and the login starts over
        line = '';
        phase = 'login';
        return `^C\r\n\r\n${prompt}`;
      case '\x04': // Ctrl-D: on an empty line it ends the session (EOF), otherwise nothing
        if (line !== '') return '';
        ended = true;
        return '\r\n\r\nConsole session ended.\r\n';
      case '\x15': // Ctrl-U: erase the line
        if (phase === 'login' && line) {
          const erase = '\b \b'.repeat([...line].length);
          line = '';
          return erase;
        }
        line = '';
        return '';
      default:
        if (ch < ' ' || ch === '\x7f' || line.length >= MAX_LINE) return '';
        line += ch;
        return phase === 'login' ? ch : '';
    }
  }

  return {
    start() {
      if (!vm.running) {
        ended = true;
        return {
          output: `\r\nThe server ${vm.name} is not running: there is no console to show. Start the server, then open the console again.\r\n`,
          end: true,
        };
      }
      return { output: banner(), end: false };
    },
    input(data) {
      let out = '';
      // Escape sequences (arrow and function keys) are not line input.
      const keys = data.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1bO.|\x1b./g, '');
      for (const ch of keys) {
        if (ended) break;
        out += key(ch);
      }
      return { output: out, end: ended };
    },
  };
}
