/**
 * Requests Node's HTTP parser refuses before Express sees them (a request line or header block over
 * the 16 KiB limit, a malformed request line) get an answer in the error envelope instead of Node's
 * bare status line with an empty body.
 */
import { maxHeaderSize, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { newId } from '../ids.js';

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };

export function answerClientErrors(server: Server) {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify({
      ok: false,
      error: tooLarge
        ? {
            code: 'payload_too_large',
            message: `The request line and headers exceed the limit of ${maxHeaderSize} bytes; send long inputs in the body`,
          }
        : { code: 'validation_error', message: 'Malformed HTTP request' },
      meta: { requestId: newId('req') },
    });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  });
}
