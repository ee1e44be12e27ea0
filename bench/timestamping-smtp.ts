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
    let commands = '';
    // a message's text: its start (for the subject) and its byte count; the end is looked for in the last bytes only, so a large attachment costs one pass
    let data: { head: string; tail: string; bytes: number } | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') reply('250-bench-smtp\r\n250 8BITMIME');
      else if (verb === 'DATA') {
        data = { head: '', tail: '\r\n', bytes: 0 };
        reply('354 end with .');
      } else if (verb === 'QUIT') {
        reply('221 bye');
        socket.end();
      } else reply('250 ok');
    };
    reply('220 bench-smtp ready');
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      let rest = chunk;
      while (rest.length > 0) {
        if (data === null) {
          commands += rest;
          rest = '';
          for (let end = commands.indexOf('\r\n'); end >= 0 && data === null; end = commands.indexOf('\r\n')) {
            const line = commands.slice(0, end);
            commands = commands.slice(end + 2);
            command(line);
          }
          if (data !== null) [rest, commands] = [commands, ''];
          continue;
        }
        const message: { head: string; tail: string; bytes: number } = data;
        const window = message.tail + rest;
        const end = window.indexOf('\r\n.\r\n');
        if (end < 0) {
          if (message.head.length < 8192) message.head += rest.slice(0, 8192);
          message.bytes += rest.length;
          message.tail = window.slice(-4);
          rest = '';
          continue;
        }
        const taken = end + 2 - message.tail.length; // chars of `rest` before the final dot line
        if (message.head.length < 8192) message.head += rest.slice(0, Math.max(0, taken));
        received.push({
          receivedAt: Date.now(),
          subject: /^Subject: (.*)$/im.exec(message.head)?.[1]?.trim() ?? '',
          bytes: message.bytes + Math.max(0, taken),
        });
        data = null;
        reply('250 queued');
        rest = rest.slice(end + 5 - message.tail.length);
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
