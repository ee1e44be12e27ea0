/**
 * Requests Node's HTTP parser refuses before any middleware sees them (an address and headers
 * over its 16 KB limit, bytes that are not HTTP, a request not sent in full within the time-out)
 * are answered in the API's envelope, as every other refusal is, instead of Node's bare status
 * line: a client reading `message` gets one. The status is Node's own for each case.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { messages } from '@stays/contracts';

const refusalOf = (code: string | undefined): { statusCode: number; message: string } => {
  if (code === 'HPE_HEADER_OVERFLOW') return { statusCode: 431, message: messages.server.requestHeadersTooLarge };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { statusCode: 413, message: messages.server.payloadTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { statusCode: 408, message: messages.server.requestTimedOut };
  return { statusCode: 400, message: messages.server.unreadableRequest };
};

export function answerUnreadableRequests<T extends http.Server>(server: T): T {
  // `_httpMessage` is the answer in flight on the socket (Node's own handler checks it the same way)
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent?: boolean } | null }) => {
    // as Node's own handler: an answer goes out unless one already started on this socket (a keep-alive one may have served others)
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent === true) {
      socket.destroy();
      return;
    }
    const { statusCode, message } = refusalOf(error.code);
    const body = JSON.stringify({ success: false, message, statusCode });
    socket.end(
      [
        `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
  return server;
}
