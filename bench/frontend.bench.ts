/// <reference lib="dom" />
/**
 * The web client in Debian's Chromium on localhost, against the product seeded with the
 * demo hotels: gzipped size of the JavaScript the home page loads, and the time from
 * navigation until the home page shows its hotels (the slider's first photo), cold and warm.
 * Then a mid-range phone: largest contentful paint and total blocking time of the home,
 * search and hotel pages at 390 px with the CPU slowed 4× (CDP), each a first visit.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { messages } from '@stays/contracts';
import { startE2eSystem } from '../frontend/test/e2e/support/system.ts';
import { atMost, below, median, type Report } from './report.ts';

const DIST = fileURLToPath(new URL('../frontend/dist', import.meta.url));
const RUNS = 5;
const PHONE_RUNS = 7;
const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;

export default async function benchFrontend(report: Report): Promise<void> {
  const system = await startE2eSystem();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  try {
    const firstHotel = ((await (await fetch(`${system.baseUrl}/sharma/resident/stays/hotel/data/get/all/hotels`)).json()) as { data: { hotelName: string }[] })
      .data[0]!.hotelName;
    const timings: { cold: number[]; warm: number[] } = { cold: [], warm: [] };
    let scriptBytes = 0;
    let scriptCount = 0;
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: system.baseUrl });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.url().endsWith('.js')) scripts.add(new URL(response.url()).pathname);
      });
      for (const kind of ['cold', 'warm'] as const) {
        const started = performance.now();
        await page.goto('/');
        await page
          .getByRole('img', { name: messages.ui.hotelPhoto(firstHotel) })
          .first()
          .waitFor();
        timings[kind].push(performance.now() - started);
      }
      if (run === 0) {
        for (const script of scripts) scriptBytes += gzipSync(await readFile(path.join(DIST, script))).length;
        scriptCount = scripts.size;
      }
      await context.close();
    }
    report(`home page JavaScript, gzipped (${scriptCount} files)`, scriptBytes / 1024, 'KB', below(300));
    report(`home page shows its hotels, first visit (median of ${RUNS})`, median(timings.cold), 'ms', below(1500));
    report(`home page shows its hotels, repeat visit (median of ${RUNS})`, median(timings.warm), 'ms');

    const hotels = (
      (await (await fetch(`${system.baseUrl}/sharma/resident/stays/hotel/data/get/all/hotels`)).json()) as { data: { _id: string; hotelName: string }[] }
    ).data;
    const phonePages = [
      { name: 'home', path: '/' },
      { name: 'search', path: `/search-hotel?searchTerm=${encodeURIComponent('Jaipur')}` },
      { name: 'hotel', path: `/hotel/${hotels[0]!._id}` },
    ];
    for (const { name, path: address } of phonePages) {
      const lcp: number[] = [];
      const tbt: number[] = [];
      for (let run = 0; run < PHONE_RUNS; run++) {
        const figures = await phoneFirstVisit(browser, system.baseUrl, address);
        lcp.push(figures.lcp);
        tbt.push(figures.tbt);
      }
      report(`${name} LCP, 390 px, CPU 4× (median of ${PHONE_RUNS}; ${range(lcp)})`, median(lcp), 'ms', atMost(1500));
      report(`${name} total blocking time, same runs (${range(tbt)})`, median(tbt), 'ms', atMost(200));
    }
  } finally {
    await browser.close();
    await system.destroy();
  }
}

/**
 * One first visit (fresh context, empty cache) of `address` on a 390 × 844 phone (3× pixels,
 * touch) with the renderer's CPU slowed 4×. LCP: the last largest-contentful-paint entry
 * once the page is quiet. Total blocking time: the part over 50 ms of every long task after
 * the first contentful paint, until 2 s after the network went idle (Lighthouse counts up
 * to the time to interactive, which comes earlier on these pages).
 */
export async function phoneFirstVisit(browser: Browser, baseUrl: string, address: string): Promise<{ lcp: number; tbt: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, baseURL: baseUrl });
  await context.addInitScript(() => {
    const seen = { lcp: 0, longTasks: [] as { start: number; duration: number }[] };
    (window as unknown as { __vitals: typeof seen }).__vitals = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await page.goto(address, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    return await page.evaluate(() => {
      const seen = (window as unknown as { __vitals: { lcp: number; longTasks: { start: number; duration: number }[] } }).__vitals;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const tbt = seen.longTasks
        .filter((task) => task.start + task.duration > fcp)
        .reduce((sum, task) => sum + Math.max(0, task.start + task.duration - Math.max(task.start, fcp) - 50), 0);
      return { lcp: seen.lcp, tbt };
    });
  } finally {
    await context.close();
  }
}
