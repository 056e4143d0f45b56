import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@bufete/shared';
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
  /**
   * The same Message-ID every time this message is sent (`mailer.messageId`):
   * sending is at-least-once (a crash between the server's "accepted" and our
   * record of it sends it again), and a repeat is then recognisably the same.
   */
  messageId?: string;
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
    messageId: message.messageId,
  };
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set; 'outbox' writes .eml files into DATA_DIR/outbox. */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** A Message-ID made from `key` (a reminder's id…) on the sender's domain. */
  messageId(key: string): string;
  /** Checks that the transport can accept mail (SMTP handshake, or a writable outbox). */
  verify(): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger; timeoutMs: number }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from, options.timeoutMs) : outboxMailer(options);
}

const domainOf = (from: string) =>
  (from.match(/<([^>]+)>/)?.[1] ?? from)
    .split('@')[1]
    ?.trim()
    .replace(/[^a-zA-Z0-9.-]/g, '') || 'bufete.local';
const messageIdOn = (from: string) => (key: string) => `<${key.replace(/[^a-zA-Z0-9._-]/g, '.')}@${domainOf(from)}>`;

/**
 * Every wait on the mail server is bounded by `timeoutMs`: connecting
 * (DNS and the greeting included) and each answer after that. Nodemailer's
 * own defaults are two minutes to connect and ten of silence.
 */
function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail(envelope(from, message));
    },
    messageId: messageIdOn(from),
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
      options.logger.info(`Correo para ${message.to} («${message.subject}») guardado en ${file}` + (message.link ? `\n  Enlace: ${message.link}` : ''));
    },
    messageId: messageIdOn(options.from),
    async verify() {
      await mkdir(outbox, { recursive: true });
    },
    close: () => composer.close(),
  };
}

/** nodemailer's reading of the server's answer, when there was one. */
const responseCodeOf = (error: unknown): number | undefined => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
};

/**
 * A refusal no retry will change: the server's 5xx answer (no such mailbox,
 * message refused, credentials refused). Timeouts, refused connections and
 * 4xx answers ("try later") are retried.
 */
export function isPermanentMailError(error: unknown): boolean {
  const code = responseCodeOf(error);
  return code !== undefined && code >= 500 && code < 600;
}

/** What the lawyer reads about an email that did not go out: Spanish, with the server's code, never the library's English. */
export function describeMailError(error: unknown): string {
  const code = responseCodeOf(error);
  const kind = (error as { code?: unknown } | null)?.code;
  if (kind === 'EAUTH') return MSG.mail.credenciales;
  if (code !== undefined) {
    if (code === 550 || code === 551 || code === 553) return MSG.mail.direccionDesconocida(code);
    if (code === 452 || code === 552) return MSG.mail.buzonLleno(code);
    if (code >= 500) return MSG.mail.rechazado(code);
    if (code >= 400) return MSG.mail.rechazoTemporal(code);
  }
  if (kind === 'ETIMEDOUT') return MSG.mail.sinRespuesta;
  if (kind === 'ECONNECTION' || kind === 'EDNS' || kind === 'ESOCKET') return MSG.mail.sinConexion;
  return MSG.mail.otro;
}
