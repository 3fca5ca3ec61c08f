// A small SMTP server for tests (the outside world, speaking the protocol nodemailer speaks): it
// records each message it accepts; while `slow`, it never answers a message's data (a mail server
// that hangs), so a test can kill the sender in the middle of a send; `held` are the connections
// left waiting (their remote port tells which process is sending).
import { createServer, type Server, type Socket } from 'node:net';

export function smtpServer() {
  const accepted: string[] = [];
  const state = { slow: false, delayMs: 0, received: 0 };
  const held: Socket[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          state.received += 1;
          if (state.slow) {
            held.push(socket); // never answered: the sender waits
            return;
          }
          const accept = () => {
            accepted.push(/^To: (.*)$/m.exec(message)?.[1] ?? '');
            socket.write('250 queued\r\n');
          };
          if (state.delayMs) setTimeout(accept, state.delayMs);
          else accept();
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise<{ url: string; accepted: string[]; state: typeof state; held: Socket[]; close: () => void }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        resolve({
          url: `smtp://127.0.0.1:${port}`,
          accepted,
          state,
          held,
          close: () => {
            for (const socket of held) socket.destroy();
            server.close();
          },
        });
      }),
  );
}
