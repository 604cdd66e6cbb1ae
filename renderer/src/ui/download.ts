// Files handed to the person as a download (in the browser, and in the desktop app, where the
// page's downloads go through the system's save dialog), and the base64 the host API moves
// bytes in (the desktop bridge, the web host's answers). The one place that does either.

/** Offers `blob` as a download called `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  downloadUrl(URL.createObjectURL(blob), fileName, true);
}

/** Offers what `url` points at (an object or data URL) as a download called `fileName`. */
export function downloadUrl(url: string, fileName: string, revoke = false): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click hands the file over; some browsers read the URL a little later, so it is kept a while.
  if (revoke) setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file the host made and sent back as base64 (a print PDF, an exported image), offered as a download. */
export function downloadHostFile(file: { base64: string; mime: string; fileName: string }): void {
  downloadBlob(base64ToBlob(file.base64, file.mime), file.fileName);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export const base64ToBlob = (base64: string, type: string): Blob => new Blob([base64ToBytes(base64)], { type });

/** Base64 of a file's bytes, built in slices so a large file does not overflow the call stack. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const SLICE = 0x8000;
  for (let i = 0; i < bytes.length; i += SLICE) binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  return btoa(binary);
}
