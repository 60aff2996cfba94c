/** Saves text as a file through the browser's download (nothing is sent anywhere). */
export function downloadText(filename: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has started the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name made of the hostname (anything but letters, digits, dot and hyphen becomes '-'). */
export function configFileName(hostname: string): string {
  const base = hostname.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '') || 'server';
  return `${base}-ipmi.conf`;
}
