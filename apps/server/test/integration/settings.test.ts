import { accountApi, diagnosticsApi, MSG, profileApi } from '@bufete/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionOf, signUpConfirmed } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#3b82f6' } })
    .toFormat(format)
    .toBuffer();

describe('configuración: foto, contraseña y sistema', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.stop();
  });

  it('stores the photo as a square JPEG re-encoded on the server, versioned and private', async () => {
    const { client } = await signUpConfirmed(ts);
    const anonymous = await ts.client().upload(profileApi.uploadAvatar, { name: 'a.png', bytes: await image(200, 200) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.message).toBe('No hay usuario logueado');

    const res = await client.upload(profileApi.uploadAvatar, { name: 'yo.png', bytes: await image(300, 300) });
    expect(res.status, res.text).toBe(200);
    const url = res.json.profile.avatar_url as string;
    expect(url).toMatch(/^\/api\/profile\/avatar\?v=\d+$/);
    expect((await sessionOf(client)).profile.avatar_url).toBe(url);

    const file = await client.download(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(file.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    expect((await ts.client().download(url, false)).status).toBe(401);

    // A wide photo becomes a centred square, large ones are scaled down to 1024 px.
    const wide = await client.upload(profileApi.uploadAvatar, { name: 'grande.webp', bytes: await image(2400, 1600, 'webp') });
    expect(wide.json.profile.avatar_url).not.toBe(url);
    const big = await sharp((await client.download(wide.json.profile.avatar_url)).bytes).metadata();
    expect(big).toMatchObject({ format: 'jpeg', width: 1024, height: 1024 });
  });

  it('refuses other types, photos over 5 MB and photos under 100×100 px', async () => {
    const { client } = await signUpConfirmed(ts);
    const gif = await client.upload(profileApi.uploadAvatar, { name: 'a.gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') });
    expect(gif.status).toBe(415);
    expect(gif.json.error.message).toBe('❌ Solo se permiten archivos de imagen (PNG, JPG, JPEG, WebP)');
    const fake = await client.upload(profileApi.uploadAvatar, { name: 'foto.jpg', bytes: Buffer.from('no es una imagen') });
    expect(fake.status).toBe(415);
    const huge = Buffer.concat([await image(200, 200), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await client.upload(profileApi.uploadAvatar, { name: 'enorme.png', bytes: huge });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error.message).toBe(MSG.settings.avatarGrande);
    const small = await client.upload(profileApi.uploadAvatar, { name: 'mini.png', bytes: await image(80, 80) });
    expect(small.status).toBe(400);
    expect(small.json.error.message).toBe(MSG.settings.avatarPequeno);
    expect((await sessionOf(client)).profile.avatar_url).toBeNull();
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const { client, email } = await signUpConfirmed(ts);
    const otherDevice = ts.client();
    expect((await otherDevice.call(accountApi.signIn, { body: { email, password: PASSWORD } })).status).toBe(200);

    const mismatch = await client.call(accountApi.changePassword, {
      body: { currentPassword: PASSWORD, newPassword: 'nueva-clave-del-despacho', confirmPassword: 'otra-clave-del-despacho' },
    });
    expect(mismatch.json.error).toMatchObject({ field: 'confirmPassword', message: 'Las contraseñas no coinciden' });
    const short = await client.call(accountApi.changePassword, { body: { currentPassword: PASSWORD, newPassword: '123', confirmPassword: '123' } });
    expect(short.json.error.message).toBe('La nueva contraseña debe tener al menos 12 caracteres');
    const common = await client.call(accountApi.changePassword, { body: { currentPassword: PASSWORD, newPassword: 'qwertyuiop12', confirmPassword: 'qwertyuiop12' } });
    expect(common.json.error).toMatchObject({ field: 'newPassword', message: MSG.validation.passwordComun });
    const wrong = await client.call(accountApi.changePassword, {
      body: { currentPassword: 'no-es-la-mia', newPassword: 'nueva-clave-del-despacho', confirmPassword: 'nueva-clave-del-despacho' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ field: 'currentPassword', message: MSG.settings.contrasenaActualIncorrecta });
    expect(await sessionOf(otherDevice)).not.toBeNull();

    const ok = await client.call(accountApi.changePassword, {
      body: { currentPassword: PASSWORD, newPassword: 'nueva-clave-del-despacho', confirmPassword: 'nueva-clave-del-despacho' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe('Contraseña actualizada correctamente');
    expect(await sessionOf(client)).not.toBeNull();
    expect(await sessionOf(otherDevice)).toBeNull();
    expect((await ts.client().call(accountApi.signIn, { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await ts.client().call(accountApi.signIn, { body: { email, password: 'nueva-clave-del-despacho' } })).status).toBe(200);
  });

  it("'Configurar Sistema' checks the file store and the profile table, and repairs a missing profile", async () => {
    const { client, email } = await signUpConfirmed(ts);
    const { sql } = await import('drizzle-orm');
    await ts.server.database.db.execute(sql`delete from profiles where id = (select id from users where email = ${email})`);
    const res = await client.call(profileApi.systemCheck);
    expect(res.status).toBe(200);
    const byCheck = Object.fromEntries(res.json.checks.map((c: { check: string; status: string }) => [c.check, c.status]));
    expect(byCheck).toEqual({ 'Almacenamiento de fotos': 'ok', 'Datos de tu perfil': 'ok', 'Tu perfil': 'repaired' });
    // What a lawyer reads names no table, column, folder or setting.
    for (const check of res.json.checks as { check: string; message: string }[])
      expect(`${check.check} ${check.message}`).not.toMatch(/profiles|avatar_url|DATA_DIR|S3_|tabla|columna|bucket/i);
    expect((await client.call(profileApi.systemCheck)).json.checks.find((c: { check: string }) => c.check === 'Tu perfil').status).toBe('ok');
  });
});

describe('páginas de diagnóstico', () => {
  it('run every check and send the test emails, nothing created for the address', async () => {
    const ts = await startTestServer({ smtp: true, env: { DIAGNOSTICS_ENABLED: 'true' } });
    try {
      const client = ts.client();
      expect((await client.call(diagnosticsApi.status)).json).toEqual({ enabled: true });
      const res = await client.call(diagnosticsApi.auth, { body: { email: 'diagnostico@example.com' } });
      expect(res.status).toBe(200);
      expect(res.json.checks.map((c: { check: string; status: string }) => [c.check, c.status])).toEqual([
        ['Conexión con la API', 'success'],
        ['Base de datos', 'success'],
        ['Registro', 'success'],
        ['Transporte de correo', 'success'],
        ['Correos sin entregar', 'success'],
        ['Email de confirmación', 'success'],
        ['Email de recuperación', 'success'],
      ]);
      const mails = (await ts.mail.all()).map((m) => m.subject);
      expect(mails).toEqual(['[Prueba] Confirma tu cuenta de Bufete', '[Prueba] Restablece tu contraseña de Bufete']);
      expect((await client.call(accountApi.signIn, { body: { email: 'diagnostico@example.com', password: 'Prueba123!' } })).status).toBe(401);
      const email = await client.call(diagnosticsApi.email, { body: { email: 'diagnostico@example.com' } });
      expect(email.json.checks.every((c: { status: string }) => c.status === 'success')).toBe(true);
      expect((await client.call(diagnosticsApi.email, { body: { email: 'no-es-email' } })).json.error.message).toBe('Email inválido');
      // At most five runs per address every ten minutes.
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await client.call(diagnosticsApi.email, { body: { email: 'diagnostico@example.com' } })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await ts.stop();
    }
  });

  it('are off unless the operator sets DIAGNOSTICS_ENABLED=true, in any environment: no mail for anonymous visitors', async () => {
    const environments: Record<string, string>[] = [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'development' }, { DIAGNOSTICS_ENABLED: 'false' }];
    for (const env of environments) {
      const ts = await startTestServer({ env, smtp: true });
      try {
        expect((await ts.client().call(diagnosticsApi.status)).json).toEqual({ enabled: false });
        for (const check of ['auth', 'email']) {
          const res = await ts.client().post(`/api/diagnostics/${check}`, { email: 'desconocido@example.com' });
          expect(res.status).toBe(404);
          expect(res.json.error.message).toBe(MSG.settings.diagnosticoDesactivado);
        }
        expect(await ts.mail.all()).toEqual([]);
      } finally {
        await ts.stop();
      }
    }
  });
});
