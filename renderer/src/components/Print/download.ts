// Offering bytes the web host sent back as a browser download.
import type { PrintFileResult } from '../../../../shared/host/channels/print.js';
import { base64ToBytes } from './text.js';

export function download(result: Extract<PrintFileResult, { kind: 'data' }>): void {
  const url = URL.createObjectURL(new Blob([base64ToBytes(result.base64)], { type: result.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = result.fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click hands the file to the browser; the URL is kept a while in case it reads late.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
