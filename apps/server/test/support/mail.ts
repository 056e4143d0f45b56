import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
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
    attachments: parsed.attachments.map((file) => ({ filename: file.filename ?? '', contentType: file.contentType, size: file.size })),
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

/** A real SMTP server on a random local port, recording what it receives. */
export async function startSmtpCatcher(options: { failWith?: string; failFor?: RegExp } = {}): Promise<MailBox & { url: string; stop(): Promise<void>; received: number }> {
  const messages: CapturedMail[] = [];
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
          callback(Object.assign(new Error(options.failWith), { responseCode: 451 }));
          return;
        }
        toCaptured(Buffer.concat(chunks)).then(
          (mail) => {
            messages.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  const box = mailBox(async () => [...messages]);
  return {
    ...box,
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return messages.length;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link of an email's text that points at `pathname`. */
export function linkIn(mail: CapturedMail, pathname: string): URL {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pathname.replace('/', '\\/')}[^\\s]*`));
  if (!match) throw new Error(`El correo «${mail.subject}» no tiene un enlace a ${pathname}`);
  return new URL(match[0]);
}
