/**
 * Saving text the page made as a file (a WireGuard configuration): through the browser's download,
 * from a blob URL, so nothing is sent anywhere. Shared by the dedicated servers' IPMI tunnel and
 * the VPN servers' peers.
 */
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
