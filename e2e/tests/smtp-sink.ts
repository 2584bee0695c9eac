import { SMTPServer } from 'smtp-server';

/** Undoes quoted-printable (soft line breaks and =XX bytes) so a link can be read from the message. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP server on loopback that keeps what the store sends it. */
export async function startSmtpSink(port: number) {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    /** Waits for the first message to `to` that matches `pattern`; returns the pattern's first group. */
    async waitFor(to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        for (const m of received) {
          const match = m.to.includes(to) ? pattern.exec(m.raw) : null;
          if (match) return match[1] ?? match[0];
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no message to ${to} matching ${pattern} within ${timeoutMs} ms`);
    },
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
