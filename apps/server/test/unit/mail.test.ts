import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, type Logger } from '../../src/logger';
import { MSG } from '@bufete/shared';
import { createMailer, describeMailError, isPermanentMailError } from '../../src/mail/mailer';
import { confirmationEmail, escapeHtml, passwordResetEmail, portalMessageEmail } from '../../src/mail/templates';
import { startSmtpCatcher } from '../support/mail';

const quietLogger: Logger = { ...createLogger({ silent: true }), error: () => {} };
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

describe('plantillas de correo', () => {
  it('escapes every user value in the HTML and keeps subjects on one line', () => {
    const mail = confirmationEmail({ nombre: '"><img src=x onerror=alert(1)>\r\nBcc: x@y.z', link: 'https://bufete.example/confirm-email?token=a&b=<c>' });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('token=a&amp;b=&lt;c&gt;');
    expect(mail.text).not.toContain('\r\nBcc');
    expect(mail.subject).toBe('Confirma tu cuenta de Bufete');
    expect(escapeHtml(`<'&">`)).toBe('&lt;&#39;&amp;&quot;&gt;');
  });

  it('says in Spanish that the reset link lasts one hour', () => {
    const mail = passwordResetEmail({ nombre: 'Ana', link: 'https://bufete.example/reset-password?token=t' });
    expect(mail.subject).toBe('Restablece tu contraseña de Bufete');
    expect(mail.text).toContain('expira en 1 hora');
    expect(mail.html).toContain('expira en 1 hora');
  });
});

describe('envío de correo', () => {
  it('without SMTP writes an .eml file into DATA_DIR/outbox and logs the link', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-mail-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const lines: string[] = [];
    const mailer = createMailer({ from: 'Bufete <no-responder@bufete.local>', dataDir, logger: { ...quietLogger, info: (m) => lines.push(m) }, timeoutMs: 10_000 });
    await mailer.send({ to: 'ana@example.com', subject: 'Prueba', html: '<p>Hola</p>', text: 'Hola', link: 'http://localhost:3000/x' });
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Subject: Prueba');
    expect(eml).toContain('text/html');
    expect(lines.join('\n')).toContain('Enlace: http://localhost:3000/x');
  });

  it('with SMTP_URL delivers through a real SMTP exchange', async () => {
    const smtp = await startSmtpCatcher();
    cleanup.push(() => smtp.stop());
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Bufete <no-responder@bufete.local>', dataDir: tmpdir(), logger: quietLogger, timeoutMs: 10_000 });
    cleanup.push(async () => mailer.close());
    await mailer.verify();
    const mail = confirmationEmail({ nombre: 'Ana', link: 'http://localhost:3000/confirm-email?type=signup&token=t' });
    await mailer.send({ to: 'ana@example.com', ...mail });
    const received = await smtp.waitFor('ana@example.com', /Confirma/);
    expect(received.html).toContain('Confirmar mi email');
    expect(received.text).toContain('/confirm-email?type=signup&token=t');
  });

  it('reports an SMTP refusal to the caller', async () => {
    const smtp = await startSmtpCatcher({ failWith: 'Buzón no disponible' });
    cleanup.push(() => smtp.stop());
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Bufete <no-responder@bufete.local>', dataDir: tmpdir(), logger: quietLogger, timeoutMs: 10_000 });
    cleanup.push(async () => mailer.close());
    await expect(mailer.send({ to: 'ana@example.com', subject: 'x', html: 'x', text: 'x' })).rejects.toThrow(/Buzón no disponible/);
  });
});

describe('por qué no salió un correo', () => {
  const smtpError = (responseCode: number, code = 'EENVELOPE') => Object.assign(new Error(`${responseCode} Mailbox unavailable`), { responseCode, code });

  it("reads the server's answer in Spanish, with its code, and never passes the English on", () => {
    expect(describeMailError(smtpError(550))).toBe(MSG.mail.direccionDesconocida(550));
    expect(describeMailError(smtpError(552, 'EMESSAGE'))).toBe(MSG.mail.buzonLleno(552));
    expect(describeMailError(smtpError(554, 'EMESSAGE'))).toBe(MSG.mail.rechazado(554));
    expect(describeMailError(smtpError(451, 'EMESSAGE'))).toBe(MSG.mail.rechazoTemporal(451));
    expect(describeMailError(smtpError(535, 'EAUTH'))).toBe(MSG.mail.credenciales);
    expect(describeMailError(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }))).toBe(MSG.mail.sinRespuesta);
    expect(describeMailError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' }))).toBe(MSG.mail.sinConexion);
    expect(describeMailError(new Error('Something else'))).toBe(MSG.mail.otro);
  });

  it('gives up only on a 5xx: timeouts, refused connections and 4xx are tried again', () => {
    expect(isPermanentMailError(smtpError(550))).toBe(true);
    expect(isPermanentMailError(smtpError(535, 'EAUTH'))).toBe(true);
    expect(isPermanentMailError(smtpError(451))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))).toBe(false);
    expect(isPermanentMailError(null)).toBe(false);
  });

  it("stamps a stable Message-ID on the sender's domain", () => {
    const mailer = createMailer({ from: 'Despacho <avisos@midespacho.mx>', dataDir: tmpdir(), logger: quietLogger, timeoutMs: 10_000 });
    expect(mailer.messageId('recordatorio.8f2c')).toBe('<recordatorio.8f2c@midespacho.mx>');
    expect(mailer.messageId('cita.a b<c>')).toBe('<cita.a.b.c.@midespacho.mx>');
  });
});

describe('el aviso de un mensaje del portal', () => {
  it('names the lawyer as their profile does: «Tu abogada» when she says so, «Tu abogado» otherwise', () => {
    const base = { para: 'cliente' as const, de: 'Mariana Ochoa Ruiz', caso: 'Pensión alimenticia', link: 'https://bufete.example/portal' };
    expect(portalMessageEmail({ ...base, tratamiento: 'abogada' }).subject).toBe('Tu abogada te escribió en el portal');
    expect(portalMessageEmail({ ...base, tratamiento: null }).subject).toBe('Tu abogado te escribió en el portal');
    expect(portalMessageEmail(base).html).not.toContain('undefined');
  });
});
