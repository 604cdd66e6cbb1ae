// DNS-rebinding and cross-site guard for the web host. The server listens on 127.0.0.1
// only, but a page on another site could still reach it through the browser: either by
// pointing its own domain at 127.0.0.1 (the Host header then names that domain) or by
// posting from its own origin (the Origin header names it). Both are refused.

export interface RequestHeaders {
  host?: string | undefined;
  origin?: string | undefined;
  'sec-fetch-site'?: string | undefined;
}

/** The Host header values this server answers to. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Why a request must be refused, or null when it comes from our own page (or a local tool). */
export function refusal(headers: RequestHeaders, port: number): string | null {
  const hosts = allowedHosts(port);
  const host = headers.host?.toLowerCase();
  if (!host || !hosts.has(host)) return `Host ${JSON.stringify(headers.host ?? '')} is not this server's loopback address`;
  if (headers.origin !== undefined) {
    let originHost: string;
    try {
      const url = new URL(headers.origin);
      if (url.protocol !== 'http:') return `Origin ${headers.origin} is not this server`;
      originHost = url.host.toLowerCase();
    } catch {
      return `Origin ${JSON.stringify(headers.origin)} is not a valid origin`;
    }
    if (!hosts.has(originHost)) return `Origin ${headers.origin} is not this server`;
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Cross-site request (${site}) refused`;
  return null;
}
