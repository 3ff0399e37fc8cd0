import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  /** extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notification mails */
  headers?: Record<string, string>;
}

/** Sends one rendered mail; throws when the server refuses it, so the outbox retries. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport(smtpUrl, {});
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({
      to: m.to,
      from: m.from,
      subject: m.subject,
      html: m.html,
      text: m.text,
      ...(m.headers ? { headers: m.headers } : {}),
    });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * Without SMTP_URL (the embedded default), mail is not sent anywhere: it stays in the outbox, marked sent, and is
 * readable on the development mailbox page (never available in production).
 */
export class DevMailer implements Mailer {
  readonly kind = 'dev' as const;
  constructor(private readonly log: (msg: string) => void = () => {}) {}

  async send(m: MailMessage): Promise<void> {
    this.log(`mail to ${m.to}: ${m.subject} (dev mailbox: /dev/mailbox)`);
  }

  close(): void {}
}
