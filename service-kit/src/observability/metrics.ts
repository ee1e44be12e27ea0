/**
 * The process's Prometheus metrics (prom-client): one registry per process, served as text at
 * `GET /metrics` on the service's own port, outside the API prefix. Counters and histograms are
 * updated where things happen (a label lookup and an add: cheap on the hot path); gauges of
 * followers (projection position and lag, reactor backlog) are read at scrape time.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface ServiceMetrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly appends: Counter<'category'>;
  readonly appendConflicts: Counter<'category'>;
  readonly projectionPosition: Gauge<'read_model'>;
  readonly projectionLag: Gauge<'read_model'>;
  readonly reactorBacklog: Gauge<'reactor'>;
  readonly reactorRetries: Counter<'reactor'>;
  readonly invoiceRender: Histogram;
  readonly messagesSent: Counter<'channel'>;
  readonly messagesFailed: Counter<'channel'>;
  readonly otpCodesSent: Counter;
  readonly throttled: Counter<'throttle'>;
}

/** Followers whose gauges are read when Prometheus scrapes. */
export type GaugeSource = (metrics: ServiceMetrics) => Promise<void> | void;

export function createServiceMetrics(
  options: { readonly defaults?: boolean } = {},
): ServiceMetrics & { readonly addGaugeSource: (source: GaugeSource) => void } {
  const registry = new Registry();
  if (options.defaults !== false) collectDefaultMetrics({ register: registry });
  const sources: GaugeSource[] = [];
  let refreshing: Promise<void> | null = null;
  // one scrape reads every follower once, whichever of the gauges asks first
  const refresh = () =>
    (refreshing ??= Promise.all(sources.map((source) => source(metrics)))
      .then(() => undefined)
      .finally(() => (refreshing = null)));
  const registers = [registry];
  const metrics: ServiceMetrics = {
    registry,
    httpRequests: new Counter({
      name: 'stays_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'stays_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    appends: new Counter({ name: 'stays_event_appends_total', help: 'Appends to the event log, by stream category', labelNames: ['category'], registers }),
    appendConflicts: new Counter({
      name: 'stays_event_append_conflicts_total',
      help: 'Appends refused on their expected revision (retried, then 409), by stream category',
      labelNames: ['category'],
      registers,
    }),
    projectionPosition: new Gauge({
      name: 'stays_projection_position',
      help: 'Log position a read model version has applied',
      labelNames: ['read_model'],
      registers,
      collect: () => refresh(),
    }),
    projectionLag: new Gauge({
      name: 'stays_projection_lag_seconds',
      help: 'Age of the oldest event a read model version has not applied (0: caught up)',
      labelNames: ['read_model'],
      registers,
      collect: () => refresh(),
    }),
    reactorBacklog: new Gauge({
      name: 'stays_reactor_backlog_seconds',
      help: 'Age of the oldest event a reactor has not handled (0: caught up)',
      labelNames: ['reactor'],
      registers,
      collect: () => refresh(),
    }),
    reactorRetries: new Counter({
      name: 'stays_reactor_retries_total',
      help: 'Reactor steps that failed and will be tried again',
      labelNames: ['reactor'],
      registers,
    }),
    invoiceRender: new Histogram({
      name: 'stays_invoice_render_seconds',
      help: 'Time to render an invoice PDF',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    messagesSent: new Counter({
      name: 'stays_messages_sent_total',
      help: 'Emails and SMS handed to the mail server, SMS provider or outbox',
      labelNames: ['channel'],
      registers,
    }),
    messagesFailed: new Counter({
      name: 'stays_messages_failed_total',
      help: 'Emails and SMS the mail server, SMS provider or outbox refused',
      labelNames: ['channel'],
      registers,
    }),
    otpCodesSent: new Counter({ name: 'stays_otp_codes_sent_total', help: 'Verification codes sent (by email, SMS or both)', registers }),
    throttled: new Counter({
      name: 'stays_throttled_total',
      help: 'Account attempts refused by a throttle (sign-in, sign-up, reset request, reset try)',
      labelNames: ['throttle'],
      registers,
    }),
  };
  return { ...metrics, addGaugeSource: (source) => void sources.push(source) };
}

let shared: ReturnType<typeof createServiceMetrics> | undefined;

/** The process's metrics, made on first use. */
export function processMetrics(): ReturnType<typeof createServiceMetrics> {
  shared ??= createServiceMetrics();
  return shared;
}

/** The category of a stream named `category-id` (EventStoreDB's convention): the part before the first dash. */
export const streamCategory = (streamId: string): string => {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
};

/** A follower as its health reports it. */
export interface FollowerReading {
  readonly name: string;
  readonly position: number | undefined;
  /** null when it cannot be known (not subscribed): the gauge is then left out. */
  readonly lagMs: number | null;
}

/** Reads the followers' positions and lags into the gauges at each scrape. */
export function followerGauges(followers: {
  readonly projections: () => Promise<readonly FollowerReading[]>;
  readonly reactors: () => Promise<readonly FollowerReading[]>;
}): GaugeSource {
  return async (metrics) => {
    const [projections, reactors] = await Promise.all([followers.projections(), followers.reactors()]);
    metrics.projectionPosition.reset();
    metrics.projectionLag.reset();
    metrics.reactorBacklog.reset();
    for (const { name, position, lagMs } of projections) {
      if (position !== undefined) metrics.projectionPosition.set({ read_model: name }, position);
      if (lagMs !== null) metrics.projectionLag.set({ read_model: name }, lagMs / 1000);
    }
    for (const { name, lagMs } of reactors) if (lagMs !== null) metrics.reactorBacklog.set({ reactor: name }, lagMs / 1000);
  };
}
