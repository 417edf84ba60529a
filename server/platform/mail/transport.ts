import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../../config.ts';

/** What the worker needs of a mail transport (nodemailer's SMTP transport in production). */
export type MailTransport = {
  send: (message: SendMailOptions) => Promise<unknown>;
  close: () => void;
};

/** The SMTP transport SMTP_URL names (smtp://user:pass@host:587, smtps://host:465), or null when unset. */
export function createSmtpTransport(config: Pick<Config, 'smtpUrl'>): MailTransport | null {
  if (!config.smtpUrl) return null;
  const transporter = nodemailer.createTransport(config.smtpUrl);
  return { send: (message) => transporter.sendMail(message), close: () => transporter.close() };
}

/** The domain of the MAIL_FROM address, for Message-IDs. */
export function senderDomain(mailFrom: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(mailFrom);
  return match?.[1] ?? 'localhost';
}
