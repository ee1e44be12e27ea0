/**
 * The image attack of issue #26: four owners each create a hotel at the same moment with
 * ten 39.7-megapixel 16-bit interlaced PNGs of about 360 kB (an interlaced PNG cannot be
 * decoded a strip at a time, so each one is decoded whole: 7000 × 5670 × 6 bytes, 238 MB).
 * The product runs as `npm start` does, in a process of its own, so its peak memory
 * (VmHWM) is the server's alone. Then the same four requests with five of the largest
 * images taken (49.9 MP at 8 bits, interlaced: decoded whole too), which the image line
 * decodes one at a time, and with ten ordinary phone photos each (12 MP JPEGs).
 *
 * Figures: wall time of the four requests, the server's resident memory before and its
 * peak after, and how many requests were answered with each status.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { API_PREFIX_DEFAULT } from '@stays/contracts';
import { freePort } from '../standalone/test/support/free-port.ts';
import { npmStartNodeFlags } from '../standalone/test/support/npm-start-flags.ts';
import type { Report } from './report.ts';

const REQUESTS = 4;
/** A hotel takes 5 to 10 images. */
const [MIN_IMAGES, MAX_IMAGES] = [5, 10];
const PASSWORD = 'bench-password-1';

export default async function benchImageUploads(report: Report): Promise<void> {
  const attack = await sharp({ create: { width: 7000, height: 5670, channels: 3, background: '#3a7d5c' } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9, progressive: true })
    .toBuffer();
  // the largest image taken: just under 50 MP at 8 bits, interlaced, so it too is decoded whole
  const largest = await sharp({ create: { width: 8160, height: 6120, channels: 3, background: '#3a7d5c' } })
    .png({ compressionLevel: 9, progressive: true })
    .toBuffer();
  const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const cases = [
    ['39.7 MP 16-bit PNGs', attack, MAX_IMAGES],
    ['49.9 MP 8-bit PNGs', largest, MIN_IMAGES],
    ['12 MP phone JPEGs', photo, MAX_IMAGES],
  ] as const;
  for (const [label, image, perRequest] of cases) {
    const server = await startServer();
    try {
      const owners = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => signedInOwner(server.base, i)));
      const before = await memoryOf(server.child);
      const started = performance.now();
      const statuses = await Promise.all(owners.map((token) => createHotel(server.base, token, image, perRequest)));
      const seconds = (performance.now() - started) / 1000;
      const after = await memoryOf(server.child);
      report(`${label} (${Math.round(image.length / 1024)} kB each): ${REQUESTS} × ${perRequest} at once`, seconds, 's');
      report(`${label}: server resident memory before`, before.rssMb, 'MB');
      report(`${label}: server peak resident memory`, after.peakMb, 'MB');
      const counts = new Map<number, number>();
      for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
      for (const [status, count] of [...counts].sort()) report(`${label}: answered ${status}`, count, 'requests');
    } finally {
      await server.stop();
    }
  }
}

interface Server {
  readonly base: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-images-'));
  const port = await freePort();
  const main = path.resolve(import.meta.dirname, '../standalone/src/main.ts');
  // node itself with npm start's flags, not the tsx launcher, so the child's pid is the server's
  const child = spawn(process.execPath, [...npmStartNodeFlags(), '--import', 'tsx', main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) resolve();
    });
  });
  child.stdout!.resume();
  return {
    base: `http://127.0.0.1:${port}${API_PREFIX_DEFAULT}`,
    child,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory now and its high-water mark since the process started (Linux /proc). */
async function memoryOf(child: ChildProcess): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

async function signedInOwner(base: string, i: number): Promise<string> {
  const email = `bench.owner.${Date.now().toString(36)}.${i}@example.in`;
  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${base}/hotel/owner/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Bench Owner', email, password: PASSWORD }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const login = await fetch(`${base}/hotel/owner/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: PASSWORD }) });
  const { data } = (await login.json()) as { data: { accessToken: string } };
  return data.accessToken;
}

async function createHotel(base: string, token: string, image: Buffer, count: number): Promise<number> {
  const form = new FormData();
  const fields: Record<string, string> = {
    hotelName: 'Hotel Sahyadri Residency',
    description: 'A calm family hotel near the old city, with a rooftop restaurant and easy access to the station.',
    address: '14 Jangli Maharaj Road, Deccan',
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    pinCode: '411004',
    phoneNumber: '9822012345',
    amenities: 'Free WiFi, AC',
    startingPrice: '3200',
    checkInTime: '12:00',
    checkOutTime: '11:00',
    restaurants: '[]',
    famousTouristPlaces: '[]',
    cinemaHalls: '[]',
    transportationFacilities: '[]',
    range: '3.25',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const type = image[0] === 0xff ? 'image/jpeg' : 'image/png';
  for (let i = 0; i < count; i++) form.append('imageURLs', new Blob([new Uint8Array(image)], { type }), `photo-${i}`);
  const response = await fetch(`${base}/hotel/data/create/hotel`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await response.text();
  return response.status;
}
