/**
 * `GET /metrics` in Prometheus text format, on the service's own port and outside the API
 * prefix (the gateway does not route it). With METRICS_TOKEN set, a scrape must carry it as a
 * bearer token; without it, the port is meant to be reachable only from the monitoring network.
 */
import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

export interface MetricsEndpointOptions {
  readonly registry: Registry;
  /** Required bearer token; null serves anyone who reaches the port. */
  readonly token: string | null;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Answers a request for /metrics and returns true; returns false for any other path. */
export function serveMetrics(options: MetricsEndpointOptions, req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const path = (req.url ?? '').split('?')[0];
  if (path !== METRICS_PATH) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return true;
  }
  if (options.token !== null && !sameText(req.headers.authorization ?? '', `Bearer ${options.token}`)) {
    res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    return true;
  }
  options.registry.metrics().then(
    (text) => res.writeHead(200, { 'content-type': options.registry.contentType, 'cache-control': 'no-store' }).end(text),
    () => res.writeHead(500).end(),
  );
  return true;
}

/** A listener that answers /metrics itself and passes anything else on (404 when there is nothing to pass to). */
export function withMetrics(options: MetricsEndpointOptions, other?: http.RequestListener): http.RequestListener {
  return (req, res) => {
    if (serveMetrics(options, req, res)) return;
    if (other !== undefined) other(req, res);
    else res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false }));
  };
}
