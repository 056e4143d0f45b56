import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The action link of the message, printed in the log when there is no SMTP. */
  link?: string;
  /** Display name for the sender (the address stays MAIL_FROM's), e.g. the lawyer's name. */
  fromName?: string;
  /** Where replies go, e.g. the lawyer's own email. */
  replyTo?: string;
  /** Files sent along (a receipt PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** MAIL_FROM with the display name replaced when the message names its sender. */
function senderOf(from: string, message: MailMessage) {
  if (!message.fromName) return from;
  const address = from.match(/<([^>]+)>/)?.[1] ?? from.trim();
  return { name: message.fromName.replace(/[\r\n"<>]/g, ' ').trim(), address };
}

function envelope(from: string, message: MailMessage) {
  return {
    from: senderOf(from, message),
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    html: message.html,
    text: message.text,
    attachments: message.attachments,
  };
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set; 'outbox' writes .eml files into DATA_DIR/outbox. */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Checks that the transport can accept mail (SMTP handshake, or a writable outbox). */
  verify(): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail(envelope(from, message));
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP, mail is kept as .eml files a person can open, and its link is logged. */
function outboxMailer(options: { from: string; dataDir: string; logger: Logger }): Mailer {
  const outbox = path.join(options.dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'outbox',
    async send(message) {
      const info = await composer.sendMail(envelope(options.from, message));
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const recipient = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outbox, `${stamp}-${recipient}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger.info(
        `Correo para ${message.to} («${message.subject}») guardado en ${file}` + (message.link ? `\n  Enlace: ${message.link}` : ''),
      );
    },
    async verify() {
      await mkdir(outbox, { recursive: true });
    },
    close: () => composer.close(),
  };
}
