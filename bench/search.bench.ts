/**
 * Search at 10,000 hotels on the embedded stores, under a real query mix: 10,000 distinct
 * queries (hotel searches by city or name, price ranges, sorts, pages 1 to 5; a third room
 * searches by type, bed, kitchen, furnished and price; a fifth for a stay with dates, rooms
 * and guests), generated from a seed and asked with Zipf frequencies (s = 1: the most asked
 * query k times as often as the k-th) by 64 clients in another process. Measured: the
 * rebuild of the read models from the log; the notary's and the reactors' catch-up after it;
 * uncached searches of each kind, one at a time
 * (queries the mix never asks, so no answer is kept); then the mix for 10 s after a 10 s
 * warm-up of the same mix drawn afresh (the cache fills as a server's that has been up a
 * while), with p50, p90 and p99 overall and p50 and p99 by kind, the response cache's hit ratio and what it
 * keeps; then the mix arriving at a steady 300 searches a second from another process, sent
 * whatever the answers (open loop: the latency guests see at that traffic, not at the process's
 * limit); then the floor of one process: the same 64 clients asking only answers already
 * cached, so that what serving a kept answer costs shows beside the goal, in alternating runs
 * with the query strings' checks remembered and checked every time; then the mix again once
 * each of its queries has been asked (a server up long enough to have met them all).
 * Hotels are written as events straight into the log (the commands' own cost is measured
 * elsewhere); everything after that is the product as it runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, queryMemory } from '@stays/service-kit';
import { responseCacheCounts } from '../query-service/src/hotels/response-cache.ts';
import { composeSystem } from '../standalone/src/compose.ts';
import { runLoad, type LoadResult, type PlannedRequest } from './load.ts';
import { runPacedLoad } from './paced-load-client.ts';
import { atMost, below, median, percentile, type Report } from './report.ts';
import { searchMix, seededRandom, writeSearchWorld, zipfSampler, type MixQuery, type QueryKind } from './search-mix.ts';

const HOTELS = 10_000;
const DISTINCT_QUERIES = 10_000;
const ZIPF_S = 1;
const CLIENTS = 64;
const REQUESTS_PER_CLIENT = 1_500;
const WARM_UP_MS = 10_000;
const DURATION_MS = 10_000;
/** Uncached searches of each kind, sent one at a time. */
const UNCACHED = 200;
/** The floor: the mix's most asked queries, every answer already kept, asked for this long after one pass that fills the cache. */
const CACHED_QUERIES = 500;
const CACHED_MS = 5_000;
const FLOOR_ROUNDS = 3;
/** The mix also arrives at this steady rate for PACED_MS, whatever the answers (open loop): about 26 million searches a day. */
const PACED_RATE = 300;
const PACED_MS = 10_000;
const SEED = 2026;
const KINDS: readonly QueryKind[] = ['hotels', 'rooms', 'stay'];
/** What a browser sends with every request: it accepts compressed answers. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** Each client's requests: queries of the mix drawn with Zipf frequencies, from its own seed. */
function zipfClients(mix: readonly MixQuery[], prefix: string, seed: number): PlannedRequest[][] {
  return Array.from({ length: CLIENTS }, (_, client) => {
    const draw = zipfSampler(mix.length, ZIPF_S, seededRandom(seed + client));
    return Array.from({ length: REQUESTS_PER_CLIENT }, () => {
      const query = mix[draw()]!;
      return { method: 'GET' as const, path: prefix + query.path, headers: BROWSER_HEADERS, label: query.kind };
    });
  });
}

/** Asks each query once, one at a time, so its answer is kept. */
async function askEachOnce(target: string, prefix: string, queries: readonly MixQuery[]): Promise<void> {
  const requests = queries.map((query) => ({ method: 'GET' as const, path: prefix + query.path, headers: BROWSER_HEADERS }));
  await runLoad({ target, durationMs: 600_000, clients: [requests], rounds: 1 });
}

/** The mix for DURATION_MS: p50 and p99 against the goals, p90, throughput, cache hits; by kind when asked. */
async function measureMix(report: Report, target: string, clients: PlannedRequest[][], label: string, byKind: boolean): Promise<void> {
  const before = { ...responseCacheCounts };
  const { latencies, latenciesByLabel, failures, seconds } = await runLoad({ target, durationMs: DURATION_MS, clients });
  const hits = responseCacheCounts.hits - before.hits;
  const misses = responseCacheCounts.misses - before.misses;
  const ordered = sorted(latencies);
  report(`${label}: p50`, percentile(ordered, 50), 'ms', atMost(5));
  // where the answers computed in the run begin to show (they wait for their turns, docs/decisions/0051)
  report(`${label}: p90`, percentile(ordered, 90), 'ms');
  report(`${label}: p99`, percentile(ordered, 99), 'ms', atMost(20));
  report(`${label}: throughput`, latencies.length / seconds, `searches/s (${failures} failed)`);
  report(`${label}: cache hit ratio`, (100 * hits) / Math.max(1, hits + misses), `% (${misses} answers computed)`);
  report(`${label}: answers kept`, responseCacheCounts.kept, `(${(responseCacheCounts.keptBytes / 1e6).toFixed(1)} MB of the cache's bound)`);
  if (!byKind) return;
  for (const kind of KINDS) {
    const ofKind = sorted(latenciesByLabel[kind] ?? []);
    report(`  ${kind} searches (${ofKind.length}): p50`, percentile(ofKind, 50), 'ms');
    report(`  ${kind} searches: p99`, percentile(ofKind, 99), 'ms');
  }
}

/**
 * The mix arriving at PACED_RATE from another process, each search sent at its time whatever
 * the answers: what guests see at that traffic, where the 64 clients above ask as fast as they
 * are answered and so measure the one process at its limit. Run after that mix, so the cache
 * holds what a server up for 20 s of it would.
 */
async function measurePacedMix(report: Report, server: http.Server, target: string, prefix: string, mix: readonly MixQuery[]): Promise<void> {
  const draw = zipfSampler(mix.length, ZIPF_S, seededRandom(SEED + 4000));
  const requests = Array.from({ length: (PACED_RATE * PACED_MS) / 1000 }, () => ({
    method: 'GET' as const,
    path: prefix + mix[draw()]!.path,
    headers: BROWSER_HEADERS,
  }));
  const before = { ...responseCacheCounts };
  // the same answers timed in the server too, from the request's arrival to its last byte written: what the client's own cost adds
  const inServer: number[] = [];
  const time = (_request: http.IncomingMessage, response: http.ServerResponse) => {
    const arrived = performance.now();
    response.on('finish', () => inServer.push(performance.now() - arrived));
  };
  server.on('request', time);
  const { answers, seconds } = await runPacedLoad({ target, ratePerSecond: PACED_RATE, requests }).finally(() => server.off('request', time));
  const hits = responseCacheCounts.hits - before.hits;
  const misses = responseCacheCounts.misses - before.misses;
  const ordered = sorted(answers.map((answer) => answer.latencyMs));
  const failed = answers.filter((answer) => answer.status !== 200).length;
  const label = `Zipf mix arriving at ${PACED_RATE} searches/s (open loop)`;
  report(`${label}: p50`, percentile(ordered, 50), 'ms');
  report(`${label}: p90`, percentile(ordered, 90), 'ms');
  report(`${label}: p99`, percentile(ordered, 99), 'ms');
  const inServerOrdered = sorted(inServer);
  report(`${label}, timed in the server: p50`, percentile(inServerOrdered, 50), 'ms');
  report(`${label}, timed in the server: p99`, percentile(inServerOrdered, 99), 'ms');
  report(`${label}: answered`, answers.length / seconds, `searches/s (${failed} failed)`);
  report(`${label}: cache hit ratio`, (100 * hits) / Math.max(1, hits + misses), `% (${misses} answers computed)`);
}

export default async function benchSearch(report: Report): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-search-'));
  try {
    const world = await writeSearchWorld(dataDir, HOTELS, SEED);
    const started = performance.now();
    // the world's reservations stand for bookings: the reconciler's grace outlasts the run, or after its default 2 minutes it
    // would give them all back, moving the availability model and with it every cached stay search's key (a slower machine got there)
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', ORPHANED_UNITS_GRACE_SECONDS: '86400' });
    const system = await composeSystem(config, { log: () => undefined });
    await system.runner.whenCaughtUp();
    report(`rebuild read models from the log (${HOTELS} hotels, ${world.rooms} rooms, ${world.events} events)`, performance.now() - started, 'ms', below(2000));
    // the notary and the reactors catch up after the read side (docs/decisions/0056), on the same event loop: the searches
    // below are measured once they have, so that they measure a search, not a search beside a first start's catch-up
    const readSideReady = performance.now();
    const { notary, reactor, reconciler, calendarImport, erasure } = system;
    await Promise.all([notary, reactor, reconciler, calendarImport, erasure].map((follower) => follower.whenCaughtUp()));
    report('the notary and the reactors caught up with the log after the read side', performance.now() - readSideReady, 'ms');

    const server = http.createServer(system.host.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const prefix = '/sharma/resident/stays';
    const mix = searchMix(DISTINCT_QUERIES, SEED);
    const asked = new Set(mix.map((query) => query.path));

    // queries of another seed that the mix never asks: each answer is computed, none is kept yet
    const unasked = searchMix(DISTINCT_QUERIES, SEED + 1).filter((query) => !asked.has(query.path));
    for (const kind of KINDS) {
      const requests = unasked
        .filter((query) => query.kind === kind)
        .slice(0, UNCACHED)
        .map((query) => ({ method: 'GET' as const, path: prefix + query.path, headers: BROWSER_HEADERS }));
      const { latencies, failures } = await runLoad({ target, durationMs: 60_000, clients: [requests], rounds: 1 });
      const ordered = sorted(latencies);
      const label = `uncached ${kind} search, one client (${failures} failed)`;
      report(`${label}: p50`, percentile(ordered, 50), 'ms', kind === 'rooms' ? atMost(5) : undefined);
      report(`${label}: p99`, percentile(ordered, 99), 'ms');
    }

    await runLoad({ target, durationMs: WARM_UP_MS, clients: zipfClients(mix, prefix, SEED + 1000) });
    await measureMix(report, target, zipfClients(mix, prefix, SEED), `Zipf mix, ${CLIENTS} clients, ${DISTINCT_QUERIES} distinct queries`, true);

    await measurePacedMix(report, server, target, prefix, mix);

    // the floor of one process: the same clients when every answer is kept, so only serving it costs;
    // alternated with every query string checked again (the plain path beside the remembered checks)
    const kept = mix.slice(0, CACHED_QUERIES);
    await askEachOnce(target, prefix, kept);
    const floor: Record<'remembered' | 'checked', LoadResult[]> = { remembered: [], checked: [] };
    for (let round = 0; round < FLOOR_ROUNDS; round++) {
      for (const way of ['remembered', 'checked'] as const) {
        queryMemory.enabled = way === 'remembered';
        floor[way].push(await runLoad({ target, durationMs: CACHED_MS, clients: zipfClients(kept, prefix, SEED + 2000 + round) }));
      }
    }
    queryMemory.enabled = true;
    for (const way of ['remembered', 'checked'] as const) {
      const runs = floor[way];
      const label = `all answers cached, ${CLIENTS} clients, ${CACHED_QUERIES} queries, query strings ${way === 'remembered' ? 'remembered once checked' : 'checked every time'} (median of ${runs.length} alternating runs)`;
      const goals = way === 'remembered';
      report(`${label}: p50`, median(runs.map((run) => percentile(sorted(run.latencies), 50))), 'ms', goals ? atMost(5) : undefined);
      report(`${label}: p99`, median(runs.map((run) => percentile(sorted(run.latencies), 99))), 'ms', goals ? atMost(20) : undefined);
      report(
        `${label}: throughput`,
        median(runs.map((run) => run.latencies.length / run.seconds)),
        `searches/s (${runs.reduce((sum, run) => sum + run.failures, 0)} failed)`,
      );
    }

    // the mix once the server has been asked each of its queries: no first asks are left (there are no writes here to change an answer)
    await askEachOnce(target, prefix, mix);
    await measureMix(report, target, zipfClients(mix, prefix, SEED + 3000), `Zipf mix once each query was asked (steady state), ${CLIENTS} clients`, false);
    server.closeAllConnections();
    server.close();
    await system.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
