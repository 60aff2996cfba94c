/**
 * WireGuard inside a simulated guest (issue 17): `wg` and `wg-quick` as far as the portal and its
 * tests use them, answering like the real tools (their words, exit codes and output formats).
 * The configuration file format is wg(8)'s, plus wg-quick(8)'s own keys (Address, DNS, …), which
 * `wg` itself refuses. Used by the simulator (state in PostgreSQL) and the fake PVE (in memory)
 * through guest-programs.ts; an interface's private key is never echoed in an error.
 */
import { isIP } from 'node:net';
import type { GuestExecResult } from './hypervisor.js';
import { generateWgKeyPair, wgKeyBytes, wgPublicKeyOf } from './wireguard-keys.js';

/** A peer of an interface that is up. */
export interface WgPeerState {
  publicKey: string;
  allowedIps: string[];
  endpoint: string | null;
}

/** An interface that is up: its key, port and peers, and the guest's boot it came up in. */
export interface WgInterfaceState {
  privateKey: string;
  listenPort: number;
  peers: WgPeerState[];
  boot: string;
}

/** What the WireGuard programs see of the guest: its files and interfaces (changed in place). */
export interface WgGuest {
  files: Record<string, { content: string; mode: number }>;
  interfaces: Record<string, WgInterfaceState>;
  /** The current boot's id: interfaces brought up now carry it. */
  boot: string;
}

/** A parsed configuration. */
interface WgConf {
  privateKey: string | null;
  listenPort: number;
  peers: WgPeerState[];
}

const QUICK_KEYS = new Set(['address', 'dns', 'mtu', 'table', 'preup', 'postup', 'predown', 'postdown', 'saveconfig']);
const INTERFACE_KEYS = new Set(['privatekey', 'listenport', 'fwmark']);
const PEER_KEYS = new Set(['publickey', 'presharedkey', 'allowedips', 'endpoint', 'persistentkeepalive']);

/** A program's answer when it succeeded (exit 0). */
export const ok = (stdout = '', stderr = ''): GuestExecResult => ({ exitcode: 0, stdout, stderr });
/** A program's answer when it refused: its complaint on stderr, exit 1 unless said. */
export const failed = (stderr: string, exitcode = 1): GuestExecResult => ({ exitcode, stdout: '', stderr: `${stderr}\n` });

/** The path wg-quick reads an interface's configuration from. */
export const wgQuickPath = (iface: string) => `/etc/wireguard/${iface}.conf`;

function validCidr(text: string): boolean {
  const [addr, prefix, extra] = text.split('/');
  const family = isIP(addr ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const n = Number(prefix);
  return /^\d+$/.test(prefix) && n <= (family === 4 ? 32 : 128);
}

/**
 * Parses a configuration as wg (`quick` false) or wg-quick (true) reads it; answers the error
 * text wg prints when it refuses one. Comments and blank lines are skipped.
 */
export function parseWgConf(text: string, quick: boolean): WgConf | string {
  const conf: WgConf = { privateKey: null, listenPort: 0, peers: [] };
  let section: 'interface' | 'peer' | null = null;
  let peer: (WgPeerState & { hasKey: boolean }) | null = null;
  const closePeer = (): string | null => {
    if (peer && !peer.hasKey) return 'A peer is missing a public key';
    if (peer) conf.peers.push({ publicKey: peer.publicKey, allowedIps: peer.allowedIps, endpoint: peer.endpoint });
    peer = null;
    return null;
  };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const unrecognized = `Line unrecognized: \`${line.replace(/\s+/g, '')}'\nConfiguration parsing error`;
    if (/^\[interface\]$/i.test(line) || /^\[peer\]$/i.test(line)) {
      const problem = closePeer();
      if (problem) return problem;
      section = /^\[interface\]$/i.test(line) ? 'interface' : 'peer';
      if (section === 'peer') peer = { publicKey: '', allowedIps: [], endpoint: null, hasKey: false };
      continue;
    }
    const m = /^([A-Za-z]+)\s*=\s*(.*)$/.exec(line);
    if (!m || !section) return unrecognized;
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (section === 'interface') {
      if (QUICK_KEYS.has(key)) {
        if (!quick) return unrecognized;
      } else if (!INTERFACE_KEYS.has(key)) return unrecognized;
      else if (key === 'privatekey') {
        if (!wgKeyBytes(value)) return 'Key is not the correct length or format\nConfiguration parsing error';
        conf.privateKey = value;
      } else if (key === 'listenport') {
        const port = Number(value);
        if (!/^\d+$/.test(value) || port > 65535) return `Unable to parse port: \`${value}'\nConfiguration parsing error`;
        conf.listenPort = port;
      }
      continue;
    }
    if (!PEER_KEYS.has(key) || !peer) return unrecognized;
    const p: WgPeerState & { hasKey: boolean } = peer;
    if (key === 'publickey') {
      if (!wgKeyBytes(value)) return `Key is not the correct length or format: \`${value}'\nConfiguration parsing error`;
      p.publicKey = value;
      p.hasKey = true;
    } else if (key === 'allowedips') {
      for (const entry of value
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        if (!validCidr(entry)) return `Unable to parse IP address: \`${entry}'\nConfiguration parsing error`;
        p.allowedIps.push(entry.includes('/') ? entry : `${entry}/${isIP(entry) === 4 ? 32 : 128}`);
      }
    } else if (key === 'endpoint') p.endpoint = value;
  }
  return closePeer() ?? conf;
}

/** wg-quick's `strip`: the file without wg-quick's own keys and without comments. */
function stripped(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l && !QUICK_KEYS.has((/^([A-Za-z]+)\s*=/.exec(l)?.[1] ?? '').toLowerCase()))
    .map((l) => (l.startsWith('[') ? l : l.replace(/\s*=\s*/, ' = ')))
    .join('\n')
    .concat('\n');
}

/** Brings `iface` up from its wg-quick file; answers the error text when the file is missing or wrong. */
export function wgQuickUp(g: WgGuest, iface: string): string | null {
  const file = g.files[wgQuickPath(iface)];
  if (!file) return `wg-quick: \`${wgQuickPath(iface)}' does not exist`;
  const conf = parseWgConf(file.content, true);
  if (typeof conf === 'string') return conf;
  g.interfaces[iface] = {
    privateKey: conf.privateKey ?? '',
    listenPort: conf.listenPort || 51820,
    peers: conf.peers,
    boot: g.boot,
  };
  return null;
}

/** `wg syncconf`: the interface's key, port and peers become the configuration's. */
function syncconf(g: WgGuest, iface: string, text: string): GuestExecResult {
  const up = g.interfaces[iface];
  if (!up) return failed('Unable to modify interface: No such device');
  const conf = parseWgConf(text, false);
  if (typeof conf === 'string') return failed(conf);
  g.interfaces[iface] = {
    ...up,
    privateKey: conf.privateKey ?? up.privateKey,
    listenPort: conf.listenPort || up.listenPort,
    peers: conf.peers,
  };
  return ok();
}

/** One field of `wg show <iface> <field>`, in wg's output format. */
function showField(i: WgInterfaceState, field: string): string | null {
  const pub = wgPublicKeyOf(i.privateKey) ?? '(none)';
  const lines = (f: (p: WgPeerState) => string) => i.peers.map((p) => `${p.publicKey}\t${f(p)}\n`).join('');
  switch (field) {
    case 'public-key':
      return `${pub}\n`;
    case 'private-key':
      return `${i.privateKey}\n`;
    case 'listen-port':
      return `${i.listenPort}\n`;
    case 'peers':
      return i.peers.map((p) => `${p.publicKey}\n`).join('');
    case 'allowed-ips':
      return lines((p) => p.allowedIps.join(' ') || '(none)');
    case 'endpoints':
      return lines((p) => p.endpoint ?? '(none)');
    case 'dump':
      return (
        `${i.privateKey}\t${pub}\t${i.listenPort}\toff\n` +
        lines((p) => `(none)\t${p.endpoint ?? '(none)'}\t${p.allowedIps.join(',') || '(none)'}\t0\t0\t0\toff`)
      );
    default:
      return null;
  }
}

/** `wg show <iface>` without a field: wg's human-readable form. */
function showPretty(name: string, i: WgInterfaceState): string {
  const head = `interface: ${name}\n  public key: ${wgPublicKeyOf(i.privateKey) ?? '(none)'}\n  private key: (hidden)\n  listening port: ${i.listenPort}\n`;
  return head + i.peers.map((p) => `\npeer: ${p.publicKey}\n  allowed ips: ${p.allowedIps.join(', ') || '(none)'}\n`).join('');
}

/** Runs `wg …` (show, pubkey, genkey, syncconf, setconf). */
export function runWg(g: WgGuest, args: readonly string[], input: string): GuestExecResult {
  const [sub, iface, arg] = args;
  if (sub === 'pubkey') {
    const pub = wgPublicKeyOf(input.trim());
    return pub ? ok(`${pub}\n`) : failed('wg: Key is not the correct length or format');
  }
  if (sub === 'genkey') return ok(`${generateWgKeyPair().privateKey}\n`);
  if (sub === 'syncconf' || sub === 'setconf') {
    if (!iface || !arg || args.length !== 3) return failed(`Usage: wg ${sub} <interface> <configuration filename>`);
    const text = arg === '/dev/stdin' ? input : g.files[arg]?.content;
    if (text === undefined) return failed('fopen: No such file or directory');
    return syncconf(g, iface, text);
  }
  if (sub === undefined || sub === 'show') {
    const names = Object.keys(g.interfaces).sort();
    if (iface === 'interfaces') return ok(names.length ? `${names.join(' ')}\n` : '');
    if (iface === undefined || iface === 'all') return ok(names.map((n) => showPretty(n, g.interfaces[n]!)).join('\n'));
    const i = g.interfaces[iface];
    if (!i) return failed(`Unable to access interface: No such device`);
    if (arg === undefined) return ok(showPretty(iface, i));
    const out = showField(i, arg);
    return out === null ? failed(`Invalid parameter: \`${arg}'`) : ok(out);
  }
  return failed(`Invalid subcommand: \`${sub}'`);
}

/** Runs `wg-quick up|down|strip <iface>`. */
export function runWgQuick(g: WgGuest, args: readonly string[]): GuestExecResult {
  const [cmd, iface] = args;
  if (!iface || !['up', 'down', 'strip'].includes(cmd ?? '') || args.length !== 2)
    return failed('Usage: wg-quick [ up | down | save | strip ] [ CONFIG_FILE | INTERFACE ]');
  if (cmd === 'strip') {
    const file = g.files[wgQuickPath(iface)];
    if (!file) return failed(`wg-quick: \`${wgQuickPath(iface)}' does not exist`);
    const conf = parseWgConf(file.content, true);
    return typeof conf === 'string' ? failed(conf) : ok(stripped(file.content));
  }
  if (cmd === 'down') {
    if (!g.interfaces[iface]) return failed(`wg-quick: \`${iface}' is not a WireGuard interface`);
    delete g.interfaces[iface];
    return ok('', `[#] ip link delete dev ${iface}\n`);
  }
  if (g.interfaces[iface]) return failed(`wg-quick: \`${iface}' already exists`);
  const problem = wgQuickUp(g, iface);
  return problem ? failed(problem) : ok('', `[#] ip link add ${iface} type wireguard\n[#] wg setconf ${iface} /dev/fd/63\n`);
}
