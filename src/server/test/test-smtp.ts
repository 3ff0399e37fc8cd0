import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** the raw message as the server received it (headers and body) */
  data: string;
}

export interface TestSmtp {
  server: SMTPServer;
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A local SMTP server that accepts every mail and keeps it (for real SMTP round trips in tests). */
export function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        port: (server.server.address() as { port: number }).port,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    );
  });
}
