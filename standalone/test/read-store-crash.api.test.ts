/**
 * `npm start` killed with SIGKILL at random moments while bookings are written and while
 * its read store snapshot is being written, then started again: once settled, every
 * collection of its read store equals a rebuild from the same log (a fresh data directory
 * given only the events and the keys). Both read stores are read from the snapshot each
 * writes on a graceful stop.
 *
 * Ignored because they legitimately depend on when things ran: `updatedAt` of the
 * projections', reactors' and notary's checkpoints (the time of their last write);
 * `changedAt` of the projections' checkpoints (a hint for caches, which a projection
 * resuming at its checkpoint sets to that checkpoint: "anything up to here may have
 * changed", in either mode); and `createdAt` of each read model version in `read_model_versions` (when this data
 * directory first started it).
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { readSnapshotFile, SNAPSHOT_FILE, type Document } from '@stays/read-store';
import { signedInCustomer, signedInOwner } from './support/accounts.ts';
import { daysFromToday, newContact, verifyContact } from './support/booking.ts';
import { freePort } from './support/free-port.ts';
import { ApiClient } from './support/http-client.ts';
import { StaysProcess } from './support/stays-process.ts';
import { hotelWithRoom } from './support/stays.ts';

const TIME_DEPENDENT: Readonly<Record<string, readonly string[]>> = {
  projection_checkpoints: ['updatedAt', 'changedAt'],
  audit_notary: ['updatedAt'],
  reactor_checkpoints: ['updatedAt'],
  read_model_versions: ['createdAt'],
};

async function startStays(dataDir: string): Promise<StaysProcess> {
  // a snapshot every second, each written slowly: a kill often lands in the middle of one
  const env = { READ_STORE_SNAPSHOT_SECONDS: '1', STAYS_SNAPSHOT_CHUNK_DELAY_MS: '15' };
  return StaysProcess.start({ dataDir, port: await freePort(), env }, 60_000);
}

/** Waits until every follower is healthy and the log has stopped growing (the reactors have done their work). */
async function settled(stays: StaysProcess): Promise<void> {
  let last = '';
  let since = Date.now();
  for (const started = Date.now(); Date.now() - started < 60_000; await sleep(200)) {
    const response = await fetch(`${stays.baseUrl}/healthz`);
    // the reactors too: a rebuild's reactors may still be catching up once the read models have
    const body = (await response.json()) as { data: { projections: { position?: number }[]; reactors?: { position?: number }[] } };
    const positions = JSON.stringify([...body.data.projections, ...(body.data.reactors ?? [])].map((follower) => follower.position));
    if (response.status !== 200 || positions !== last) {
      last = positions;
      since = Date.now();
    } else if (Date.now() - since > 2000) return;
  }
  throw new Error(`not settled:\n${stays.output}`);
}

async function stopGracefully(stays: StaysProcess): Promise<void> {
  stays.child.kill('SIGTERM');
  expect(await stays.exited, stays.output).to.equal(0);
}

/** Every collection of the read store as its snapshot holds it, documents by _id, time-dependent fields left out. */
async function readModels(dataDir: string): Promise<Record<string, Document[]>> {
  const snapshot = await readSnapshotFile(path.join(dataDir, 'read-store', SNAPSHOT_FILE));
  const collections: Record<string, Document[]> = {};
  for (const { name, documents } of snapshot.collections) {
    const ignored = TIME_DEPENDENT[name] ?? [];
    collections[name] = documents.map((document) => without(document, ignored) as Document).sort((a, b) => String(a._id).localeCompare(String(b._id)));
  }
  return collections;
}

/** `value` without the fields named `ignored`, at any depth. */
function without(value: unknown, ignored: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((element) => without(element, ignored));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([field, inner]) => (ignored.includes(field) ? [] : [[field, without(inner, ignored)]])));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('read models after SIGKILL at random moments, against a rebuild from the same log', function () {
  this.timeout(600_000);
  let dataDir: string;
  let rebuildDir: string;
  let stays: StaysProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-crash-'));
    rebuildDir = await mkdtemp(path.join(os.tmpdir(), 'stays-rebuild-'));
  });
  afterEach(async () => {
    await stays?.kill();
    await rm(dataDir, { recursive: true, force: true });
    await rm(rebuildDir, { recursive: true, force: true });
  });

  it('start again into read models equal to the rebuild', async () => {
    stays = await startStays(dataDir);
    let api = new ApiClient(stays.baseUrl);
    const owner = await signedInOwner(api);
    const { hotelId } = await hotelWithRoom(api, owner);
    const guest = await signedInCustomer(api);
    let booked = 0;
    let killedWhileWriting = 0;

    for (let round = 0; round < 4; round++) {
      if (round > 0) {
        stays = await startStays(dataDir);
        api = new ApiClient(stays.baseUrl);
      }
      const contact = newContact();
      await verifyContact(api, dataDir, guest.token, contact);
      // bookings one after another until the kill
      const booking = (async () => {
        for (;;) {
          const placed = await api
            .post(
              '/hotel/booking/book/hotel',
              {
                hotelID: hotelId,
                customerID: guest.id,
                ...contact,
                roomStandard: 'Deluxe',
                roomType: 'Room',
                numberOfRooms: 1,
                numberOfGuests: 1,
                numberOfNights: 1,
                dateOfBooking: daysFromToday(0),
                dateOfCommencement: daysFromToday(7 + (booked % 40)),
                totalAmount: 1,
              },
              { token: guest.token },
            )
            .catch(() => null);
          if (placed === null) return;
          if (placed.status === 201) booked++;
        }
      })();
      if (round % 2 === 1) {
        // in the middle of a snapshot being written
        const temp = `${SNAPSHOT_FILE}.tmp`;
        for (const started = Date.now(); !(await readdir(path.join(dataDir, 'read-store')).catch((): string[] => [])).includes(temp); await sleep(2)) {
          if (Date.now() - started > 30_000) throw new Error(`no snapshot being written:\n${stays.output}`);
        }
        await sleep(Math.random() * 40);
      } else {
        await sleep(300 + Math.random() * 1500);
      }
      await stays.kill();
      await booking;
      if ((await readdir(path.join(dataDir, 'read-store')).catch((): string[] => [])).includes(`${SNAPSHOT_FILE}.tmp`)) killedWhileWriting++;
    }
    expect(booked, 'bookings placed before the kills').to.be.greaterThan(0);
    expect(killedWhileWriting, 'kills while a snapshot was being written').to.be.greaterThan(0);

    stays = await startStays(dataDir);
    expect(stays.output).to.not.match(/snapshot .* ignored/);
    await settled(stays);
    await stopGracefully(stays);

    // the rebuild: the same log and keys, nothing else
    await cp(path.join(dataDir, 'events'), path.join(rebuildDir, 'events'), { recursive: true });
    await cp(path.join(dataDir, 'keys'), path.join(rebuildDir, 'keys'), { recursive: true });
    await rm(path.join(rebuildDir, 'events', 'LOCK'), { force: true });
    stays = await startStays(rebuildDir);
    await settled(stays);
    await stopGracefully(stays);

    const restarted = await readModels(dataDir);
    const rebuilt = await readModels(rebuildDir);
    expect(Object.keys(restarted).sort()).to.deep.equal(Object.keys(rebuilt).sort());
    for (const name of Object.keys(rebuilt)) expect(restarted[name], name).to.deep.equal(rebuilt[name]);
  });
});
