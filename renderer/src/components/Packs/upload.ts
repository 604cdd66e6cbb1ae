// How a pack file chosen or dropped in the page reaches the host. In the browser it goes to
// the web host as raw bytes (PACK_UPLOAD_PATH): as base64 inside a JSON call it would meet the
// host's 64 MB cap on calls at about 48 MB. The desktop app sends it over the bridge as
// packs.stage; IPC has no such cap.
import { unwrap } from '../../../../shared/host/client.js';
import { PACK_UPLOAD_PATH } from '../../../../shared/host/channels/packs.js';
import { detectHost, host, HostError, type PackPreview } from '../../host/index.js';
import { webKeyHeaders } from '../../host/http.js';
import { fileToBase64 } from '../../ui/download.js';

export async function stagePackFile(file: File): Promise<PackPreview> {
  const fileName = file.name.slice(0, 260);
  if (detectHost() === 'electron') return host.packs.stage({ fileName, base64: await fileToBase64(file) });
  const url = new URL(PACK_UPLOAD_PATH, window.location.origin);
  url.searchParams.set('fileName', fileName);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', ...webKeyHeaders() }, body: file, credentials: 'same-origin' });
  } catch (err) {
    throw new HostError({ code: 'unavailable', message: `The host did not take the pack: ${err instanceof Error ? err.message : String(err)}` }, 'packs.stage');
  }
  // Refusals (403/413/415) still carry an envelope; anything else is a broken host.
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
    throw new HostError({ code: 'unavailable', message: `The host answered the pack upload with HTTP ${response.status}` }, 'packs.stage');
  }
  return unwrap<PackPreview>(await response.json(), 'packs.stage');
}
