import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createOutboxMailer, createOutboxSms, InvalidRecipientError } from '../src/messaging/index.ts';
import { readOutbox } from './support/read-outbox.ts';

const FROM = 'Stays <no-reply@stays.local>';
const NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.(eml|sms\.txt)$/;

/** Bytes a PDF might hold: every byte value, CR/LF pairs, a line that is a lone dot. */
function pdfBytes(): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\r\n%âãÏÓ\n.\r\n'),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    randomBytes(40_000),
    Buffer.from('\n%%EOF\n'),
  ]);
}

describe('messaging: outbox', () => {
  let dir: string;
  beforeEach(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'stays-outbox-')), 'outbox');
  });
  afterEach(() => rm(join(dir, '..'), { recursive: true, force: true }));

  it('writes an email with a PDF attachment as one .eml file and reads it back exactly', async () => {
    const pdf = pdfBytes();
    const text = 'नमस्ते Asha,\nआपकी बुकिंग पक्की है। Total: ₹12,500 for 2 nights.\n\n.a line starting with a dot\nFrom here on, a long line: ' + 'खूबसूरत '.repeat(30);
    const mailer = createOutboxMailer({ dir, from: FROM });
    const { messageId } = await mailer.send({
      to: 'asha@example.com',
      subject: 'Booking confirmed: ₹12,500 — होटल सूर्योदय, जयपुर (BK7Q2M)',
      text,
      html: '<p>नमस्ते <b>Asha</b>, ₹12,500</p>',
      attachments: [{ filename: 'Invoice_BK7Q2M.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(messageId).to.match(/^<.+@.+>$/);

    const files = await readdir(dir);
    expect(files).to.have.length(1);
    expect(files[0])
      .to.match(NAME)
      .and.match(/\.eml$/);
    const raw = await readFile(join(dir, files[0]!), 'latin1');
    expect(raw).to.match(/^Content-Type: multipart\/mixed/m);
    expect(raw).to.include('\r\n');

    const [mail] = await readOutbox(dir);
    expect(mail).to.deep.include({
      file: join(dir, files[0]!),
      kind: 'email',
      to: 'asha@example.com',
      subject: 'Booking confirmed: ₹12,500 — होटल सूर्योदय, जयपुर (BK7Q2M)',
      text,
    });
    expect(mail!.html).to.equal('<p>नमस्ते <b>Asha</b>, ₹12,500</p>');
    expect(mail!.attachments).to.have.length(1);
    expect(mail!.attachments[0]).to.deep.include({ filename: 'Invoice_BK7Q2M.pdf', contentType: 'application/pdf' });
    expect(mail!.attachments[0]!.content.equals(pdf)).to.equal(true);
  });

  it('reads back a text-only email, and attachments with non-ASCII names', async () => {
    const mailer = createOutboxMailer({ dir, from: FROM });
    await mailer.send({ to: 'guest@example.com', subject: 'Your OTP', text: 'Your OTP is 482913' });
    await mailer.send({ to: 'guest@example.com', subject: 'Your OTP', text: 'Your OTP is 482913\n' });
    await mailer.send({
      to: 'owner@example.com',
      subject: 'Photos',
      text: 'two files',
      attachments: [
        { filename: 'चालान ₹ बिल.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' },
        { filename: 'notes.txt', content: Buffer.from('line 1\r\nline 2\n'), contentType: 'text/plain' },
      ],
    });
    const [otp, otpWithBreak, photos] = await readOutbox(dir);
    expect(otp).to.deep.include({ kind: 'email', to: 'guest@example.com', subject: 'Your OTP', text: 'Your OTP is 482913', attachments: [] });
    expect(otpWithBreak!.text, 'one final line break is not kept').to.equal('Your OTP is 482913');
    expect(otp!.html).to.equal(undefined);
    expect(photos!.attachments.map((a) => [a.filename, a.contentType, a.content.toString('latin1')])).to.deep.equal([
      ['चालान ₹ बिल.pdf', 'application/pdf', '%PDF-1.4'],
      ['notes.txt', 'text/plain', 'line 1\r\nline 2\n'],
    ]);
  });

  it('writes an SMS as `To: <number>`, a blank line, then the text', async () => {
    await createOutboxSms({ dir }).send({ to: '+919876543210', text: 'Your Stays OTP is 482913. It expires in 5 minutes.' });
    const files = await readdir(dir);
    expect(files).to.have.length(1);
    expect(files[0])
      .to.match(NAME)
      .and.match(/\.sms\.txt$/);
    expect(await readFile(join(dir, files[0]!), 'utf8')).to.equal('To: +919876543210\n\nYour Stays OTP is 482913. It expires in 5 minutes.\n');
    expect(await readOutbox(dir)).to.deep.equal([
      { file: join(dir, files[0]!), kind: 'sms', to: '+919876543210', text: 'Your Stays OTP is 482913. It expires in 5 minutes.', attachments: [] },
    ]);
  });

  it('keeps multi-line SMS text, and one that ends in a line break, exactly', async () => {
    const sms = createOutboxSms({ dir });
    await sms.send({ to: '+919876543210', text: 'आपका OTP\n\n482913\n' });
    const [entry] = await readOutbox(dir);
    expect(entry!.text).to.equal('आपका OTP\n\n482913\n');
  });

  it('names files by time so that name order is send order, for emails and SMS together', async () => {
    const mailer = createOutboxMailer({ dir, from: FROM });
    const sms = createOutboxSms({ dir });
    for (let i = 0; i < 12; i++) {
      if (i % 3 === 0) await mailer.send({ to: `guest${i}@example.com`, subject: `message ${i}`, text: `message ${i}` });
      else await sms.send({ to: `+9198765432${String(i).padStart(2, '0')}`, text: `message ${i}` });
    }
    const entries = await readOutbox(dir);
    expect(entries.map((e) => e.text)).to.deep.equal(Array.from({ length: 12 }, (_, i) => `message ${i}`));
    expect(entries.map((e) => basename(e.file))).to.deep.equal([...(await readdir(dir))].sort());
  });

  it('writes concurrent messages atomically: every file complete, no temp files left', async () => {
    const mailer = createOutboxMailer({ dir, from: FROM });
    const attachment = randomBytes(100_000);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mailer.send({
          to: `g${i}@example.com`,
          subject: `s${i}`,
          text: `t${i}`,
          attachments: [{ filename: 'a.bin', content: attachment, contentType: 'application/octet-stream' }],
        }),
      ),
    );
    const files = await readdir(dir);
    expect(files).to.have.length(20);
    for (const file of files) expect(file).to.match(NAME);
    const entries = await readOutbox(dir);
    expect(new Set(entries.map((e) => e.to)).size).to.equal(20);
    for (const entry of entries) expect(entry.attachments[0]!.content.equals(attachment)).to.equal(true);
  });

  it('ignores temp files and other files when reading, and reads a missing outbox as empty', async () => {
    expect(await readOutbox(dir)).to.deep.equal([]);
    await createOutboxSms({ dir }).send({ to: '+911234567890', text: 'hi' });
    await writeFile(join(dir, '.2026-01-01T00-00-00-000Z-deadbeef.eml.1a2b3c4d.tmp'), 'From: half a mess');
    await writeFile(join(dir, 'README'), 'not a message');
    const entries = await readOutbox(dir);
    expect(entries.map((e) => e.text)).to.deep.equal(['hi']);
  });

  it('refuses recipients that are empty or carry line breaks', async () => {
    const sms = createOutboxSms({ dir });
    const mailer = createOutboxMailer({ dir, from: FROM });
    for (const to of ['', '  ', '+91123\nTo: +91999', 'a@example.com\r\nBcc: b@example.com']) {
      let error: unknown;
      try {
        await sms.send({ to, text: 'x' });
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(to)).to.be.instanceOf(InvalidRecipientError);
      error = undefined;
      try {
        await mailer.send({ to, subject: 'x', text: 'x' });
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(to)).to.be.instanceOf(InvalidRecipientError);
    }
    expect(await readOutbox(dir)).to.deep.equal([]);
  });
});
