import nodemailer from 'nodemailer';

/** One rendered message on its way out. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail leaves the store: SMTP in production, nothing in the offline demo (the outbox keeps it). */
export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** An SMTP relay given as `smtp://user:pass@host:port` or `smtps://…` (nodemailer's connection URL). */
export function createSmtpTransport(url: string, from: string): MailTransport {
  // A hung relay must not hold a claimed message for ever: its lease would run out under a live send.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async deliver(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close() {
      transporter.close();
    },
  };
}
