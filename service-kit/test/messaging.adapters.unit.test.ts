import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSmtpMailer, createWebhookSms, SmsDeliveryError } from '../src/messaging/index.ts';
import { simpleParser } from 'mailparser';
import { startSmtpServer, type TestSmtpServer } from './fixtures/smtp-server.ts';

describe('messaging: SMTP mailer', () => {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(() => smtp.close());

  it('delivers the whole message, attachment included, to an SMTP server', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n.\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'Stays <no-reply@stays.local>' });
    const { messageId } = await mailer.send({
      to: 'asha@example.com',
      subject: 'बुकिंग ₹12,500',
      text: 'नमस्ते\n.\nline after a lone dot',
      attachments: [{ filename: 'Invoice_BK7Q2M.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(smtp.received).to.have.length(1);
    const [mail] = smtp.received;
    expect(mail!.from).to.equal('no-reply@stays.local');
    expect(mail!.to).to.deep.equal(['asha@example.com']);
    const parsed = await simpleParser(mail!.data);
    expect(parsed.messageId).to.equal(messageId);
    expect(parsed.subject).to.equal('बुकिंग ₹12,500');
    expect(parsed.text).to.equal('नमस्ते\n.\nline after a lone dot');
    expect(parsed.attachments[0]!.content.equals(pdf)).to.equal(true);
  });
});

describe('messaging: webhook SMS', () => {
  let server: Server;
  let url: string;
  let status: number;
  const requests: Array<{ method?: string; contentType?: string; authorization?: string; body: string }> = [];

  beforeEach(async () => {
    requests.length = 0;
    status = 202;
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        requests.push({
          method: req.method,
          contentType: req.headers['content-type'],
          authorization: req.headers.authorization,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.statusCode = status;
        res.end(status < 300 ? '{"queued":true}' : 'provider down');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs {to, text} as JSON', async () => {
    await createWebhookSms({ url, headers: { authorization: 'Bearer t0ken' } }).send({ to: '+919876543210', text: 'OTP 482913 ₹' });
    expect(requests).to.deep.equal([
      { method: 'POST', contentType: 'application/json', authorization: 'Bearer t0ken', body: JSON.stringify({ to: '+919876543210', text: 'OTP 482913 ₹' }) },
    ]);
  });

  it('throws SmsDeliveryError on a non-2xx answer', async () => {
    status = 500;
    let error: unknown;
    try {
      await createWebhookSms({ url }).send({ to: '+919876543210', text: 'OTP' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(SmsDeliveryError);
    expect((error as SmsDeliveryError).status).to.equal(500);
  });

  it('throws SmsDeliveryError when nothing answers', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server = createServer(); // for afterEach
    server.listen(0, '127.0.0.1');
    let error: unknown;
    try {
      await createWebhookSms({ url }).send({ to: '+919876543210', text: 'OTP' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(SmsDeliveryError);
    expect((error as SmsDeliveryError).status).to.equal(undefined);
  });
});
