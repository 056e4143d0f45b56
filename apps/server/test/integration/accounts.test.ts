import { accountApi, calendarioApi, healthApi, MSG, profileApi } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionOf, signUpConfirmed, uniqueEmail } from '../support/accounts';
import { linkIn } from '../support/mail';
import { backendsToTest, startTestServer, type TestServer } from '../support/server';

const backends = await backendsToTest({ pglite: 'PGlite + buzón .eml', postgres: 'PostgreSQL + SMTP' });

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`cuentas (${label})`, () => {
    let ts: TestServer;
    beforeAll(async () => {
      ts = await startTestServer({ backend });
    });
    afterAll(async () => {
      await ts?.stop();
    });

    it('answers /api/health when the database answers', async () => {
      const res = await ts.client().call(healthApi.check);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 'ok', database: backend, avisos: [] });
    });

    it('rejects invalid registrations with the spec messages, on the field', async () => {
      const client = ts.client();
      const base = { nombre: 'Ana', apellido: 'Ruiz', email: uniqueEmail(), password: PASSWORD, confirmPassword: PASSWORD };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ nombre: 'A' }, 'nombre', MSG.validation.nombreMin],
        [{ apellido: ' R ' }, 'apellido', MSG.validation.apellidoMin],
        [{ email: 'no-es-un-email' }, 'email', MSG.validation.emailInvalid],
        [{ password: '12345', confirmPassword: '12345' }, 'password', MSG.validation.passwordNuevaMin],
        [{ confirmPassword: 'otra-cosa' }, 'confirmPassword', MSG.validation.passwordsMismatch],
      ];
      for (const [patch, field, message] of cases) {
        const res = await client.call(accountApi.signUp, { body: { ...base, ...patch } });
        expect(res.status, JSON.stringify(patch)).toBe(400);
        expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
      }
      const notJson = await client.request('/api/account/sign-up', { method: 'POST', headers: { 'content-type': 'application/json' } });
      expect(notJson.status).toBe(400);
      expect(notJson.json.error.message).toBe(MSG.validation.badRequest);
    });

    it('registers, emails an escaped Spanish confirmation, and refuses sign-in until confirmed', async () => {
      const client = ts.client();
      const email = uniqueEmail('nuevo');
      const res = await client.call(accountApi.signUp, {
        body: {
          nombre: '<script>alert(1)</script>',
          apellido: 'Pérez',
          especialidad: 'Derecho Penal',
          email: email.toUpperCase(),
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({ email });
      expect(client.hasSessionCookie()).toBe(false);

      const mail = await ts.mail.waitFor(email, /Confirma tu cuenta/);
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script>');
      expect(mail.text).toContain('Gracias por registrarte en Bufete');
      const link = linkIn(mail, '/confirm-email');
      expect(link.searchParams.get('type')).toBe('signup');

      const before = await ts.mail.count(email);
      const signIn = await client.call(accountApi.signIn, { body: { email, password: PASSWORD } });
      expect(signIn.status).toBe(403);
      expect(signIn.json.error.message).toBe(MSG.login.emailNotConfirmed);
      expect(await sessionOf(client)).toBeNull();
      // Refusing an unconfirmed sign-in sends a fresh link.
      await ts.mail.waitFor(email, /Confirma tu cuenta/, { after: before });

      const again = await ts.client().call(accountApi.signUp, {
        body: {
          nombre: 'Otra',
          apellido: 'Persona',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      });
      expect(again.status).toBe(409);
      expect(again.json.error).toMatchObject({ field: 'email', message: MSG.register.alreadyRegistered });
    });

    it('confirms from the emailed link, signs in once, and creates the profile from the sign-up data', async () => {
      const email = uniqueEmail('confirma');
      const client = ts.client();
      await client.call(accountApi.signUp, {
        body: {
          nombre: 'Lucía',
          apellido: 'Fernández Soto',
          especialidad: 'Derecho Laboral',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          zona_horaria: 'America/Cancun',
        },
      });
      const token = linkIn(await ts.mail.waitFor(email, /Confirma/), '/confirm-email').searchParams.get('token');

      const bad = await client.call(accountApi.confirmEmail, { body: { token: 'no-es-un-token' } });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toBe(MSG.confirm.failed);

      const ok = await client.call(accountApi.confirmEmail, { body: { token } });
      expect(ok.json).toEqual({ signed_in: true });
      const session = await sessionOf(client);
      expect(session.user).toMatchObject({ email, email_verified: true });
      expect(session.profile).toMatchObject({
        nombre: 'Lucía',
        apellido: 'Fernández Soto',
        especialidad: 'Derecho Laboral',
        telefono: null,
        // The browser's clock, sent by the form.
        zona_horaria: 'America/Cancun',
      });
      // A zone the server does not know (or none) keeps Mexico City's.
      for (const zona_horaria of ['Luna/Base_Tranquilidad', undefined]) {
        const { client: other } = await signUpConfirmed(ts, zona_horaria ? { zona_horaria } : {});
        expect((await sessionOf(other)).profile.zona_horaria).toBe('America/Mexico_City');
      }

      // Following the link again does not open another session.
      const other = ts.client();
      const second = await other.call(accountApi.confirmEmail, { body: { token } });
      expect(second.json).toEqual({ signed_in: false });
      expect(await sessionOf(other)).toBeNull();
    });

    it('signs in with an httpOnly session cookie and signs out', async () => {
      const { email } = await signUpConfirmed(ts);
      const client = ts.client();

      const wrong = await client.call(accountApi.signIn, { body: { email, password: 'incorrecta' } });
      expect(wrong.status).toBe(401);
      expect(wrong.json.error.message).toBe(MSG.login.invalidCredentials);
      const unknown = await client.call(accountApi.signIn, { body: { email: uniqueEmail('nadie'), password: PASSWORD } });
      expect(unknown.status).toBe(401);
      expect(unknown.json.error.message).toBe(MSG.login.invalidCredentials);
      const invalid = await client.call(accountApi.signIn, { body: { email: 'x', password: '1' } });
      expect(invalid.status).toBe(400);
      expect(invalid.json.error.message).toBe(MSG.validation.emailInvalid);

      const ok = await client.call(accountApi.signIn, { body: { email, password: PASSWORD } });
      expect(ok.status).toBe(200);
      const cookie = ok.headers.getSetCookie().find((c) => c.includes('session_token'));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect((await sessionOf(client)).user.email).toBe(email);

      const out = await client.call(accountApi.signOut);
      expect(out.status).toBe(200);
      expect(await sessionOf(client)).toBeNull();
    });

    it('resets a forgotten password with a one-hour, single-use link and ends other sessions', async () => {
      const { client: firstBrowser, email } = await signUpConfirmed(ts);
      const visitor = ts.client();
      const feed = ((await firstBrowser.call(calendarioApi.feed)).json.url as string).replace(/^https?:\/\/[^/]+/, ts.url);
      expect((await fetch(feed)).status).toBe(200);

      const unknown = await visitor.call(accountApi.forgotPassword, { body: { email: uniqueEmail('nadie') } });
      expect(unknown.status).toBe(404);
      expect(unknown.json.error.message).toBe(MSG.forgot.userNotFound);

      const res = await visitor.call(accountApi.forgotPassword, { body: { email } });
      expect(res.status).toBe(200);
      const mail = await ts.mail.waitFor(email, /Restablece tu contraseña/);
      expect(mail.text).toContain('expira en 1 hora');
      const token = linkIn(mail, '/reset-password').searchParams.get('token')!;

      // The token expires one hour after it was issued.
      const rows = await ts.server.database.db.execute(
        sql`select extract(epoch from (expires_at - created_at))::int as seconds from verifications where identifier = ${`reset-password:${token}`}`,
      );
      const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { seconds: number }[];
      expect(Number(row!.seconds)).toBe(3600);

      expect((await visitor.call(accountApi.checkResetToken, { body: { token } })).json).toEqual({ state: 'valid' });
      expect((await visitor.call(accountApi.checkResetToken, { body: { token: 'inventado' } })).json).toEqual({ state: 'invalid' });

      const mismatch = await visitor.call(accountApi.resetPassword, { body: { token, password: 'nueva-clave-segura', confirmPassword: 'otra' } });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.error).toMatchObject({ field: 'confirmPassword', message: MSG.validation.passwordsMismatch });

      const short = await visitor.call(accountApi.resetPassword, { body: { token, password: 'nueva-clave', confirmPassword: 'nueva-clave' } });
      expect(short.json.error).toMatchObject({ field: 'password', message: MSG.validation.passwordNuevaMin });
      const reset = await visitor.call(accountApi.resetPassword, { body: { token, password: 'nueva-clave-segura', confirmPassword: 'nueva-clave-segura' } });
      expect(reset.status).toBe(200);
      // Whoever read the calendar with the old link does not any more.
      expect((await fetch(feed)).status).toBe(404);
      expect((await sessionOf(visitor)).user.email).toBe(email);
      expect(await sessionOf(firstBrowser)).toBeNull();

      const reused = await ts.client().call(accountApi.resetPassword, { body: { token, password: 'otra-clave-segura', confirmPassword: 'otra-clave-segura' } });
      expect(reused.status).toBe(400);
      expect(reused.json.error.message).toBe(MSG.reset.invalidSession);

      const oldPassword = await ts.client().call(accountApi.signIn, { body: { email, password: PASSWORD } });
      expect(oldPassword.status).toBe(401);
      const newPassword = await ts.client().call(accountApi.signIn, { body: { email, password: 'nueva-clave-segura' } });
      expect(newPassword.status).toBe(200);
    });

    it('tells an expired reset link apart from an unknown one', async () => {
      const { email } = await signUpConfirmed(ts);
      const before = await ts.mail.count(email);
      await ts.client().call(accountApi.forgotPassword, { body: { email } });
      const token = linkIn(await ts.mail.waitFor(email, /Restablece/, { after: before - 1 }), '/reset-password').searchParams.get('token')!;
      await ts.server.database.db.execute(sql`update verifications set expires_at = now() - interval '1 minute' where identifier = ${`reset-password:${token}`}`);
      const client = ts.client();
      expect((await client.call(accountApi.checkResetToken, { body: { token } })).json).toEqual({ state: 'expired' });
      const res = await client.call(accountApi.resetPassword, { body: { token, password: 'nueva-clave-segura', confirmPassword: 'nueva-clave-segura' } });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe(MSG.reset.sessionExpired);
    });

    it('resends the confirmation email', async () => {
      const email = uniqueEmail('reenvio');
      await ts.client().call(accountApi.signUp, { body: { nombre: 'Pablo', apellido: 'Núñez', email, password: PASSWORD, confirmPassword: PASSWORD } });
      await ts.mail.waitFor(email, /Confirma/);
      const res = await ts.client().call(accountApi.resendConfirmation, { body: { email } });
      expect(res.status).toBe(200);
      await ts.mail.waitFor(email, /Confirma/, { after: 1 });
      const invalid = await ts.client().call(accountApi.resendConfirmation, { body: { email: 'x@' } });
      expect(invalid.status).toBe(400);
      expect(invalid.json.error.message).toBe(MSG.validation.emailInvalid);
    });

    it('reads and updates the profile of the signed-in user only', async () => {
      const anonymous = await ts.client().call(profileApi.get);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.error.message).toBe(MSG.profile.noUser);

      const { client } = await signUpConfirmed(ts, { nombre: 'Elena', apellido: 'Mora' });
      const { client: other } = await signUpConfirmed(ts, { nombre: 'Jorge', apellido: 'Vidal' });

      const invalid = await client.call(profileApi.update, { body: { nombre: 'E' } });
      expect(invalid.status).toBe(400);
      expect(invalid.json.error.message).toBe(MSG.validation.nombreMin);
      const sneaky = await client.call(profileApi.update, { body: { id: 'otro-usuario', nombre: 'Elena' } });
      expect(sneaky.status).toBe(400);

      const updated = await client.call(profileApi.update, { body: { especialidad: 'Derecho Mercantil', telefono: ' +52 55 1234 5678 ' } });
      expect(updated.status).toBe(200);
      expect(updated.json.profile).toMatchObject({ nombre: 'Elena', especialidad: 'Derecho Mercantil', telefono: '+52 55 1234 5678' });
      const cleared = await client.call(profileApi.update, { body: { especialidad: '' } });
      expect(cleared.json.profile.especialidad).toBeNull();

      expect((await other.call(profileApi.get)).json.profile).toMatchObject({ nombre: 'Jorge', apellido: 'Vidal', especialidad: 'Derecho Civil' });
    });

    it('creates a missing profile on first read with the spec fallbacks', async () => {
      const { client, email } = await signUpConfirmed(ts, { nombre: 'Ramón', apellido: 'de la Cruz' });
      await ts.server.database.db.execute(sql`delete from profiles where id = (select id from users where email = ${email})`);
      const profile = (await client.call(profileApi.get)).json.profile;
      expect(profile).toMatchObject({ nombre: 'Ramón', apellido: 'de la Cruz', especialidad: null, telefono: null });
    });
  });
}
