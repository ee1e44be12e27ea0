/**
 * Events written at an older schema version, as a log written before that version holds
 * them: `OtpAttemptFailed` v1 without `failedAt` and without `metadata.schemaVersion`,
 * written raw into the embedded log file. The product reads them as v2, taking `failedAt`
 * from the time the try was recorded: ten wrong tries recorded an hour ago still close the
 * contact for the day, ten recorded 25 hours ago no longer do.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer } from './support/accounts.ts';
import { international, newContact, type Contact } from './support/booking.ts';
import { eventOf, readLogFile, writeLogFile } from './support/log-file.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const RECORD_MAGIC = 0x53545931;
const HOUR_MS = 60 * 60 * 1000;

describe('events stored at an older schema version, over HTTP', function () {
  this.timeout(120_000);
  let stays: TestSystem;

  after(async () => stays?.destroy());

  it('reads ten v1 wrong tries by the time each was recorded', async () => {
    stays = await startTestSystem();
    const api = new ApiClient(stays.baseUrl);
    const guest = await signedInCustomer(api);
    const [recent, stale] = [newContact(), newContact()];
    // named as the product names them, with the stream name key it keeps in the data directory
    const contactStream = (contact: Contact) => stays.system.streamNames.contact(contact.customerEmail, contact.customerPhoneNumber);
    await stays.stop();

    const records = await readLogFile(stays.dataDir);
    let position = eventOf(records.at(-1)!).position;
    const v1Tries = (contact: Contact, recordedAt: string) =>
      Array.from({ length: 10 }, (_, revision) => ({
        magic: RECORD_MAGIC,
        payload: Buffer.from(
          JSON.stringify({
            id: randomUUID(),
            streamId: contactStream(contact),
            type: 'OtpAttemptFailed',
            revision,
            position: ++position,
            data: { customerId: guest.id },
            metadata: { actor: guest.id },
            recordedAt,
          }),
        ),
      }));
    const now = Date.now();
    await writeLogFile(stays.dataDir, [
      ...records,
      ...v1Tries(recent, new Date(now - HOUR_MS).toISOString()),
      ...v1Tries(stale, new Date(now - 25 * HOUR_MS).toISOString()),
    ]);

    stays = await startTestSystem({ dataDir: stays.dataDir });
    const restarted = new ApiClient(stays.baseUrl);
    const sendOtp = (contact: Contact) =>
      restarted.post('/hotel/booking/send/email/mobile', { ...contact, customerPhoneNumber: international(contact) }, { token: guest.token });
    const refused = await sendOtp(recent);
    expect([refused.status, refused.body.message]).to.deep.equal([429, messages.server.otpTooManyTriesToday]);
    const sent = await sendOtp(stale);
    expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
  });
});
