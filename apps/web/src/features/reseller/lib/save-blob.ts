/** Saves a downloaded file under a name through a short-lived blob URL (no page change). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Give the browser time to start the download before the URL goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}
