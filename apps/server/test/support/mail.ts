import { readdir, readFile } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number; content: Buffer }[];
  /** The Message-ID header, the same on every send of one message. */
  messageId: string;
}

export interface MailBox {
  /** Every message received so far, oldest first. */
  all(): Promise<CapturedMail[]>;
  /** Waits for the newest message to `to` whose subject matches, received after `since` messages. */
  waitFor(to: string, subject: RegExp, options?: { after?: number; timeoutMs?: number }): Promise<CapturedMail>;
  count(to: string): Promise<number>;
}

async function toCaptured(raw: Buffer | string): Promise<CapturedMail> {
  const parsed = await simpleParser(raw);
  const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
  return {
    to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    attachments: parsed.attachments.map((file) => ({ filename: file.filename ?? '', contentType: file.contentType, size: file.size, content: file.content })),
    messageId: parsed.messageId ?? '',
  };
}

function mailBox(read: () => Promise<CapturedMail[]>): MailBox {
  return {
    all: read,
    async count(to) {
      return (await read()).filter((m) => m.to.includes(to)).length;
    },
    async waitFor(to, subject, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      for (;;) {
        const matching = (await read()).filter((m) => m.to.includes(to) && subject.test(m.subject));
        if (matching.length > (options.after ?? 0)) return matching[matching.length - 1]!;
        if (Date.now() > deadline) throw new Error(`No llegó ningún correo «${subject}» para ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** Reads the .eml files the server writes into DATA_DIR/outbox when there is no SMTP. */
export function outboxMailBox(dataDir: string): MailBox {
  const dir = path.join(dataDir, 'outbox');
  return mailBox(async () => {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(files.map(async (file) => toCaptured(await readFile(path.join(dir, file)))));
  });
}

export interface SmtpCatcher extends MailBox {
  url: string;
  port: number;
  received: number;
  /**
   * From now on, messages are read to their end and then left without an
   * answer (a server that stalls after DATA): `stalled()` lists them,
   * `release()` accepts them all and goes back to answering at once.
   */
  hold(): void;
  stalled(): CapturedMail[];
  release(): void;
  /** Forgets the stalled messages without accepting them (their sender hung up before the answer). */
  discard(): void;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on a local port (random unless given), recording what
 * it receives. `failWith` refuses the messages for `failFor` (every one
 * without it) with `failCode` (451, "try later", unless given).
 */
export async function startSmtpCatcher(options: { failWith?: string; failFor?: RegExp; failCode?: number; port?: number } = {}): Promise<SmtpCatcher> {
  const messages: CapturedMail[] = [];
  let holding = false;
  const stalled: { mail: CapturedMail; accept: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        if (options.failWith && (!options.failFor || recipients.some((address) => options.failFor!.test(address)))) {
          callback(Object.assign(new Error(options.failWith), { responseCode: options.failCode ?? 451 }));
          return;
        }
        toCaptured(Buffer.concat(chunks)).then(
          (mail) => {
            if (holding) {
              stalled.push({ mail, accept: () => (messages.push(mail), callback()) });
              return;
            }
            messages.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  const box = mailBox(async () => [...messages]);
  return {
    ...box,
    url: `smtp://127.0.0.1:${port}`,
    port,
    get received() {
      return messages.length;
    },
    hold() {
      holding = true;
    },
    stalled: () => stalled.map((entry) => entry.mail),
    release() {
      holding = false;
      for (const entry of stalled.splice(0)) entry.accept();
    },
    discard() {
      holding = false;
      stalled.splice(0);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const entry of stalled.splice(0)) entry.accept();
        server.close(() => resolve());
      }),
  };
}

/**
 * A mail server that misbehaves on demand, in front of a real one: 'ok'
 * passes every connection through, 'silent' accepts and never says a word
 * (no greeting), 'down' hangs up at once (the server is not there).
 */
export async function startFaultySmtp(target: { port: number }): Promise<{ url: string; mode: 'ok' | 'silent' | 'down'; connections: number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const state = { mode: 'ok' as 'ok' | 'silent' | 'down', connections: 0 };
  const server = createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    if (state.mode === 'down') return void socket.destroy();
    if (state.mode === 'silent') return;
    const upstream = createConnection(target.port, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('error', () => socket.destroy());
    upstream.on('close', () => (sockets.delete(upstream), socket.end()));
    socket.on('close', () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    get connections() {
      return state.connections;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The first link of an email's text that points at `pathname`. */
export function linkIn(mail: CapturedMail, pathname: string): URL {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pathname.replace('/', '\\/')}[^\\s]*`));
  if (!match) throw new Error(`El correo «${mail.subject}» no tiene un enlace a ${pathname}`);
  return new URL(match[0]);
}
