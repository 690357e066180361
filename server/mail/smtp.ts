import { createTransport } from 'nodemailer';
import type { Mailer } from './outbox.ts';

/**
 * Sends the stack's mails through an SMTP server (SMTP_URL, e.g.
 * smtps://user:password@smtp.example.org:465), from SMTP_FROM. Nodemailer speaks the protocol:
 * STARTTLS, authentication and pooling are its job, not ours.
 */
export function createSmtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close() {
      transport.close();
    },
  };
}
