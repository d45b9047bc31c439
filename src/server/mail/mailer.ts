import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through an SMTP server (nodemailer), e.g. `smtp://user:pass@smtp.example.org:587`. The address comes only
 * from the environment (`SMTP_URL`), set by the operator, who may well point it at a relay on the private network:
 * it is trusted and exempt from the outbound address policy (ADR 038). Were it ever made a setting an
 * administrator types, its host must pass `outboundUrlRefusal` when saved and every resolved address must pass
 * `addressRefusal` before each connection, as the geolocation service's do.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * With no SMTP server configured, mails go to the outbox table for the demo admin to read. The log names the
 * recipient and subject only: reset links and codes never reach the logs.
 */
export function createOutboxMailer(db: Db, logger: Logger): Mailer {
  return {
    send: async (message) => {
      await db.insert(mailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      logger.info(
        { to: message.to, subject: message.subject },
        'no SMTP configured: mail kept in the outbox',
      );
    },
  };
}
