/**
 * A local SMTP server for benchmarks: accepts every message (no TLS, no authentication)
 * and records when each was received in full, with its subject. Enough of RFC 5321 for
 * nodemailer: EHLO/HELO, MAIL, RCPT, DATA (dot-stuffed, ending in CRLF.CRLF), RSET, NOOP, QUIT.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  /** Milliseconds since the epoch when the message's final dot arrived. */
  readonly receivedAt: number;
  readonly subject: string;
  readonly bytes: number;
}

export interface TimestampingSmtp {
  readonly url: string;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startTimestampingSmtp(): Promise<TimestampingSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 bench-smtp ready');
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line !== '.') {
            data.push(line);
            continue;
          }
          inData = false;
          const subject = /^Subject: (.*)$/im.exec(data.slice(0, 60).join('\n'))?.[1] ?? '';
          received.push({ receivedAt: Date.now(), subject, bytes: data.reduce((sum, text) => sum + text.length + 2, 0) });
          data = [];
          reply('250 queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-bench-smtp\r\n250 8BITMIME');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 end with .');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
