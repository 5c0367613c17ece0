import { createTransport } from 'nodemailer';
import type { Mailer } from './channel-senders.js';

/**
 * The e-mail channel's sender over the operator's SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example.com).
 * One pooled transport per process; each message is bounded by the delivery timeout like the HTTP channels.
 */
export function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs },
    { from },
  );
  return async (to, subject, text) => {
    await transport.sendMail({ to, subject, text, headers: { 'Auto-Submitted': 'auto-generated' } });
  };
}
