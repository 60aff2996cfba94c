import net from 'node:net';

/**
 * True when a socket's remote address is the machine itself: 127.0.0.0/8, ::1, or an IPv4
 * loopback address mapped into IPv6 (::ffff:127.x.y.z). Undefined (a closed socket) is not.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  if (net.isIPv4(a)) return a.startsWith('127.');
  return a === '::1' || a === '0:0:0:0:0:0:0:1';
}
