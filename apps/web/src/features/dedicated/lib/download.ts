/** A file name made of the hostname (anything but letters, digits, dot and hyphen becomes '-'). */
export function configFileName(hostname: string): string {
  const base = hostname.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '') || 'server';
  return `${base}-ipmi.conf`;
}
