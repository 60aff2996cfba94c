/**
 * The simulator's serial console (DESIGN §4 'a text console'): what a Linux guest's getty shows on
 * ttyS0, played by the portal. It asks for a login and a password (not echoed) and checks them with
 * the `checkLogin` it is given (the cluster driver's: the password the guest agent set through
 * Reset Root Password, else the one of the server's creation). A wrong one gets 'Login incorrect'
 * and the spec's hint (spec 2 §8 'Servers'); a right one a minimal shell (`root@host:~# `) that
 * echoes what is typed, knows echo, whoami, hostname and clear, and goes back to the login on
 * `exit`, `logout` or Ctrl-D. A stopped server says it is not running. Pure: input in, terminal
 * output (CR LF line ends) out, so it is tested without a socket; the password is never shown nor
 * kept beyond its check.
 */

/** The spec's message after a refused console login (spec 2 §8 'Servers'). */
export const WRONG_CONSOLE_PASSWORD = 'Wrong password for console: use Reset Root Password, then log in as root';

/** The longest line the console keeps; more is ignored, as a terminal's line buffer would. */
const MAX_LINE = 256;

/** Whether `password` logs `user` in; a failing check counts as a wrong password. */
export type ConsoleLoginCheck = (user: string, password: string) => Promise<boolean>;

/** What one step of the console gives: output to show, and whether the console has ended. */
export interface SerialStep {
  output: string;
  end: boolean;
}

export interface SerialConsole {
  /** The first output after connecting. */
  start(): SerialStep;
  /**
   * The output for keyboard input (any number of characters, as a terminal sends them). Calls must
   * not overlap: the next waits for this one (a password check takes a moment).
   */
  input(data: string): Promise<SerialStep>;
}

/**
 * A console for the VM `name`; `running` false gives the not-running notice and ends. Without
 * `checkLogin` every password is refused.
 */
export function createSerialConsole(
  vm: { name: string; running: boolean },
  checkLogin: ConsoleLoginCheck | null = null,
): SerialConsole {
  const host = vm.name.split('.')[0] || vm.name;
  const loginPrompt = `${host} login: `;
  let phase: 'login' | 'password' | 'shell' = 'login';
  let user = '';
  let line = '';
  let ended = false;

  const banner = () => `\r\nPortside serial console of ${vm.name} (ttyS0)\r\n\r\n${loginPrompt}`;
  const shellPrompt = () => `${user}@${host}:~${user === 'root' ? '#' : '$'} `;
  /** Whether typed characters are shown: not while the password is typed. */
  const echoes = () => phase !== 'password';
  const logout = () => {
    phase = 'login';
    user = '';
    return `logout\r\n\r\n${loginPrompt}`;
  };

  async function login(password: string): Promise<string> {
    phase = 'login';
    const ok = checkLogin ? await checkLogin(user, password).catch(() => false) : false;
    if (!ok) {
      user = '';
      return `\r\n\r\nLogin incorrect\r\n${WRONG_CONSOLE_PASSWORD}\r\n\r\n${loginPrompt}`;
    }
    phase = 'shell';
    return `\r\nLinux ${host} (Portside simulated guest)\r\n\r\n${shellPrompt()}`;
  }

  /** A shell command line's output and the next prompt. */
  function run(typed: string): string {
    const [cmd = '', ...args] = typed.trim().split(/\s+/);
    switch (cmd) {
      case '':
        return `\r\n${shellPrompt()}`;
      case 'exit':
      case 'logout':
        return `\r\n${logout()}`;
      case 'echo':
        return `\r\n${args.join(' ')}\r\n${shellPrompt()}`;
      case 'whoami':
        return `\r\n${user}\r\n${shellPrompt()}`;
      case 'hostname':
        return `\r\n${host}\r\n${shellPrompt()}`;
      case 'clear':
        return `\x1b[H\x1b[2J${shellPrompt()}`;
      default:
        return `\r\n-bash: ${cmd}: command not found\r\n${shellPrompt()}`;
    }
  }

  async function enter(): Promise<string> {
    const typed = line;
    line = '';
    if (phase === 'shell') return run(typed);
    if (phase === 'login') {
      if (typed.trim() === '') return `\r\n${loginPrompt}`;
      user = typed.trim();
      phase = 'password';
      return '\r\nPassword: ';
    }
    return login(typed);
  }

  async function key(ch: string): Promise<string> {
    switch (ch) {
      case '\r':
      case '\n':
        return enter();
      case '\x7f':
      case '\b':
        if (line === '') return '';
        line = [...line].slice(0, -1).join('');
        return echoes() ? '\b \b' : '';
      case '\x03': // Ctrl-C: the typed line is dropped; the login starts over, the shell prompts again
        line = '';
        if (phase === 'shell') return `^C\r\n${shellPrompt()}`;
        phase = 'login';
        user = '';
        return `^C\r\n\r\n${loginPrompt}`;
      case '\x04': // Ctrl-D on an empty line: the shell logs out, the login ends the session (EOF)
        if (line !== '') return '';
        if (phase === 'shell') return logout();
        ended = true;
        return '\r\n\r\nConsole session ended.\r\n';
      case '\x15': {
        // Ctrl-U: erase the line
        const erase = echoes() ? '\b \b'.repeat([...line].length) : '';
        line = '';
        return erase;
      }
      default:
        if (ch < ' ' || ch === '\x7f' || line.length >= MAX_LINE) return '';
        line += ch;
        return echoes() ? ch : '';
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
    async input(data) {
      let out = '';
      // Escape sequences (arrow and function keys) are not line input.
      const keys = data.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1bO.|\x1b./g, '');
      for (const ch of keys) {
        if (ended) break;
        out += await key(ch);
      }
      return { output: out, end: ended };
    },
  };
}
