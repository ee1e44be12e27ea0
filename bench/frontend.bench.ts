/**
 * The web client in Debian's Chromium on localhost, against the product seeded with the
 * demo hotels: gzipped size of the JavaScript the home page loads, and the time from
 * navigation until the home page shows its hotels (the slider's first photo), cold and warm.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { messages } from '@stays/contracts';
import { startE2eSystem } from '../frontend/test/e2e/support/system.ts';
import { below, type Report } from './report.ts';

const DIST = fileURLToPath(new URL('../frontend/dist', import.meta.url));
const RUNS = 5;

export default async function benchFrontend(report: Report): Promise<void> {
  const system = await startE2eSystem();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
  try {
    const firstHotel = ((await (await fetch(`${system.baseUrl}/sharma/resident/stays/hotel/data/get/all/hotels`)).json()) as { data: { hotelName: string }[] }).data[0]!.hotelName;
    const timings: { cold: number[]; warm: number[] } = { cold: [], warm: [] };
    let scriptBytes = 0;
    let scriptCount = 0;
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: system.baseUrl });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => { if (response.url().endsWith('.js')) scripts.add(new URL(response.url()).pathname); });
      for (const kind of ['cold', 'warm'] as const) {
        const started = performance.now();
        await page.goto('/');
        await page.getByRole('img', { name: messages.ui.hotelPhoto(firstHotel) }).first().waitFor();
        timings[kind].push(performance.now() - started);
      }
      if (run === 0) {
        for (const script of scripts) scriptBytes += gzipSync(await readFile(path.join(DIST, script))).length;
        scriptCount = scripts.size;
      }
      await context.close();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    report(`home page JavaScript, gzipped (${scriptCount} files)`, scriptBytes / 1024, 'KB', below(300));
    report(`home page shows its hotels, first visit (median of ${RUNS})`, median(timings.cold), 'ms', below(1500));
    report(`home page shows its hotels, repeat visit (median of ${RUNS})`, median(timings.warm), 'ms');
  } finally {
    await browser.close();
    await system.destroy();
  }
}
