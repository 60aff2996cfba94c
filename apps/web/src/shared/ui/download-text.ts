/**
 * Saving a file through the browser's download, from a blob URL: text the page made (a WireGuard
 * configuration, shared by the dedicated servers' IPMI tunnel and the VPN servers' peers), or a
 * file the API sent (an invoice PDF, finance's CSV).
 */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function downloadText(filename: string, text: string, type = 'text/plain'): void {
  downloadBlob(filename, new Blob([text], { type: `${type};charset=utf-8` }));
}
