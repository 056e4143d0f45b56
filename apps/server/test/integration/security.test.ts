import { accountApi, calendarioApi, casosApi, clientesApi, documentosApi, MSG, notasApi, profileApi, securityApi, tiempoApi } from '@bufete/shared';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { PASSWORD, sessionOf, signUpConfirmed } from '../support/accounts';
import type { HttpClient } from '../support/http-client';
import { linkIn } from '../support/mail';
import { backendsToTest } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends = await backendsToTest();

/** The code an authenticator app shows now for the secret behind the QR (otpauth, as Google Authenticator computes it). */
const codeFor = (secret: string, offset = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });
/** A note's text as the editor sends it. */
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`Seguridad: verificación en dos pasos y sesiones (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    async function signIn(email: string, headers: Record<string, string> = {}) {
      const client = suite.ts.client();
      const res = await client.call(accountApi.signIn, { body: { email, password: PASSWORD }, headers });
      expect(res.status, res.text).toBe(200);
      return { client, dosFactores: res.json.dos_factores as boolean };
    }

    /** Turns two-factor sign-in on through Seguridad: the password, the QR's secret, a first code. */
    async function turnOn(client: HttpClient) {
      const enabled = await client.call(securityApi.enableTwoFactor, { body: { password: PASSWORD } });
      expect(enabled.status, enabled.text).toBe(200);
      const { uri, secreto, codigos } = enabled.json as { uri: string; secreto: string; codigos: string[] };
      expect(new URL(uri).searchParams.get('secret')).toBe(secreto);
      const confirmed = await client.call(securityApi.confirmTwoFactor, { body: { codigo: codeFor(secreto) } });
      expect(confirmed.status, confirmed.text).toBe(200);
      return { secreto, codigos };
    }

    it('asks for a code after the password once it is on; a wrong code is refused; the right one (or a recovery code, once) signs in', async () => {
      const { client, email } = await signUpConfirmed(suite.ts);
      expect((await client.call(securityApi.twoFactor)).json).toEqual({ activo: false, codigos_restantes: null });
      const wrongPassword = await client.call(securityApi.enableTwoFactor, { body: { password: 'otra-contraseña-cualquiera' } });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.json.error).toMatchObject({ message: MSG.settings.contrasenaActualIncorrecta, field: 'password' });

      const enabled = (await client.call(securityApi.enableTwoFactor, { body: { password: PASSWORD } })).json;
      expect(enabled.uri).toMatch(new RegExp(`^otpauth://totp/Bufete:${encodeURIComponent(email)}\\?`));
      expect(enabled.codigos).toHaveLength(10);
      // Not on until a first code proves the app has the secret.
      expect((await signIn(email)).dosFactores).toBe(false);
      const wrong = await client.call(securityApi.confirmTwoFactor, { body: { codigo: '000000' } });
      expect(wrong.json.error).toMatchObject({ message: MSG.dosFactores.codigoInvalido, field: 'codigo' });
      expect((await client.call(securityApi.confirmTwoFactor, { body: { codigo: codeFor(enabled.secreto) } })).status).toBe(200);
      expect(await sessionOf(client)).not.toBeNull();
      expect((await client.call(securityApi.twoFactor)).json).toEqual({ activo: true, codigos_restantes: 10 });

      // The password alone opens nothing.
      const second = await signIn(email);
      expect(second.dosFactores).toBe(true);
      expect(await sessionOf(second.client)).toBeNull();
      expect((await second.client.call(securityApi.twoFactor)).status).toBe(401);
      const bad = await second.client.call(securityApi.verifyTwoFactor, { body: { codigo: '123 456' } });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toBe(MSG.dosFactores.codigoInvalido);
      expect((await second.client.call(securityApi.verifyTwoFactor, { body: { codigo: codeFor(enabled.secreto) } })).status).toBe(200);
      expect((await sessionOf(second.client)).user.email).toBe(email);

      // A recovery code works once.
      const third = await signIn(email);
      expect((await third.client.call(securityApi.verifyTwoFactor, { body: { codigo: enabled.codigos[0] } })).status).toBe(200);
      expect((await client.call(securityApi.twoFactor)).json.codigos_restantes).toBe(9);
      const fourth = await signIn(email);
      const reused = await fourth.client.call(securityApi.verifyTwoFactor, { body: { codigo: enabled.codigos[0] } });
      expect(reused.json.error.message).toBe(MSG.dosFactores.recuperacionInvalida);
      // Codes read off paper: capitals and digits that cannot be mistaken (no 0/O, 1/I/L), taken in any case, with or without the hyphen.
      for (const codigo of enabled.codigos) expect(codigo).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
      const typedByHand = await signIn(email);
      expect((await typedByHand.client.call(securityApi.verifyTwoFactor, { body: { codigo: ` ${enabled.codigos[1]!.replace('-', '').toLowerCase()} ` } })).status).toBe(200);
      expect((await client.call(securityApi.twoFactor)).json.codigos_restantes).toBe(8);
      // Without a challenge (no password first), a code opens nothing.
      expect((await suite.ts.client().call(securityApi.verifyTwoFactor, { body: { codigo: codeFor(enabled.secreto) } })).json.error.code).toBe('TWO_FACTOR_EXPIRED');
    });

    it('remembers a device for 30 days when asked; a password reset never skips the code; turning it off asks for the password and a code', async () => {
      const { client, email } = await signUpConfirmed(suite.ts);
      const { secreto } = await turnOn(client);
      const laptop = await signIn(email);
      expect((await laptop.client.call(securityApi.verifyTwoFactor, { body: { codigo: codeFor(secreto), recordar: true } })).status).toBe(200);
      await laptop.client.call(accountApi.signOut);
      const again = await laptop.client.call(accountApi.signIn, { body: { email, password: PASSWORD } });
      expect(again.json.dos_factores).toBe(false);
      expect(await sessionOf(laptop.client)).not.toBeNull();

      // A new password through the emailed link: the code is still asked.
      const visitor = suite.ts.client();
      await visitor.call(accountApi.forgotPassword, { body: { email } });
      const token = linkIn(await suite.ts.mail.waitFor(email, /Restablece/), '/reset-password').searchParams.get('token')!;
      const reset = await visitor.call(accountApi.resetPassword, { body: { token, password: `${PASSWORD}-nueva`, confirmPassword: `${PASSWORD}-nueva` } });
      expect(reset.status, reset.text).toBe(200);
      expect(reset.json.dos_factores).toBe(true);
      expect(await sessionOf(visitor)).toBeNull();
      expect((await visitor.call(securityApi.verifyTwoFactor, { body: { codigo: codeFor(secreto) } })).status).toBe(200);
      expect(await sessionOf(visitor)).not.toBeNull();

      // Off: the password and a current code, both checked.
      const noCode = await visitor.call(securityApi.disableTwoFactor, { body: { password: `${PASSWORD}-nueva`, codigo: '000000' } });
      expect(noCode.json.error.message).toBe(MSG.dosFactores.codigoInvalido);
      const noPassword = await visitor.call(securityApi.disableTwoFactor, { body: { password: PASSWORD, codigo: codeFor(secreto) } });
      expect(noPassword.json.error.field).toBe('password');
      expect((await visitor.call(securityApi.disableTwoFactor, { body: { password: `${PASSWORD}-nueva`, codigo: codeFor(secreto) } })).status).toBe(200);
      expect((await visitor.call(securityApi.twoFactor)).json.activo).toBe(false);
      const plain = await suite.ts.client().call(accountApi.signIn, { body: { email, password: `${PASSWORD}-nueva` } });
      expect(plain.json.dos_factores).toBe(false);
    });

    it('limits codes per sign-in and per account: five wrong end the attempt, ten in a row lock the account for a while', async () => {
      const { client, email } = await signUpConfirmed(suite.ts);
      const { secreto } = await turnOn(client);
      const first = await signIn(email);
      for (let n = 0; n < 5; n++)
        expect((await first.client.call(securityApi.verifyTwoFactor, { body: { codigo: '000000' } })).json.error.message).toBe(MSG.dosFactores.codigoInvalido);
      const ended = await first.client.call(securityApi.verifyTwoFactor, { body: { codigo: codeFor(secreto) } });
      expect(ended.json.error).toMatchObject({ code: 'TWO_FACTOR_EXPIRED', message: MSG.dosFactores.demasiadosIntentos });
      const second = await signIn(email);
      for (let n = 0; n < 5; n++) await second.client.call(securityApi.verifyTwoFactor, { body: { codigo: '000000' } });
      // Ten wrong in a row: even the right code waits.
      const third = await signIn(email);
      const locked = await third.client.call(securityApi.verifyTwoFactor, { body: { codigo: codeFor(secreto) } });
      expect(locked.status).toBe(429);
      expect(locked.json.error.message).toBe(MSG.dosFactores.cuentaBloqueada);
    });

    it('lists the open sessions with browser, system and address, this one marked; ends one, or all the others; never another lawyer’s', async () => {
      const { client: laptop, email } = await signUpConfirmed(suite.ts);
      // The browser that confirmed the sign-up signs in again: a device the account knows, no mail.
      await laptop.call(accountApi.signOut);
      expect((await laptop.call(accountApi.signIn, { body: { email, password: PASSWORD } })).status).toBe(200);
      const phone = (await signIn(email, { 'user-agent': FIREFOX_ANDROID })).client;
      // A device the account had not used: the lawyer is told where and when, with the way to Seguridad.
      const notice = await suite.ts.mail.waitFor(email, /Nuevo inicio de sesión/);
      expect(notice.text).toContain('desde un dispositivo nuevo: Firefox en Android, desde la dirección 127.0.0.1');
      expect(notice.text).toContain('/configuracion?tab=seguridad');
      expect((await suite.ts.mail.all()).filter((mail) => mail.to.includes(email) && /Nuevo inicio de sesión/.test(mail.subject))).toHaveLength(1);
      const third = (await signIn(email)).client;
      const listed = (await laptop.call(securityApi.sessions)).json.items as { id: string; navegador: string; sistema: string; ip: string | null; actual: boolean }[];
      expect(listed).toHaveLength(3);
      expect(listed.filter((item) => item.actual)).toHaveLength(1);
      const phoneSession = listed.find((item) => item.navegador === 'Firefox' && item.sistema === 'Android')!;
      expect(phoneSession.ip).toBe('127.0.0.1');

      // Another lawyer can neither see nor end it.
      expect((await suite.bob.call(securityApi.sessions)).json.items.map((item: { id: string }) => item.id)).not.toContain(phoneSession.id);
      expect((await suite.bob.call(securityApi.endSession, { params: { id: phoneSession.id } })).status).toBe(404);
      expect(await sessionOf(phone)).not.toBeNull();

      expect((await laptop.call(securityApi.endSession, { params: { id: phoneSession.id } })).status).toBe(200);
      expect(await sessionOf(phone)).toBeNull();
      const current = listed.find((item) => item.actual)!;
      expect((await laptop.call(securityApi.endSession, { params: { id: current.id } })).json.error.message).toBe(MSG.sesiones.noEsLaActual);
      expect((await laptop.call(securityApi.endOtherSessions)).json.cerradas).toBe(1);
      expect(await sessionOf(third)).toBeNull();
      expect(await sessionOf(laptop)).not.toBeNull();
      expect((await laptop.call(securityApi.sessions)).json.items).toHaveLength(1);
    });

    it('keeps who did what and when: sign-ins, security, and each client’s and case’s fields old → new; paged, filtered, the lawyer’s only', async () => {
      const { client, email } = await signUpConfirmed(suite.ts);
      const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Constructora Lucía', rfc: 'CLU120101AB1' } })).json.cliente;
      await client.call(clientesApi.update, { params: { id: cliente.id }, body: { nombre: 'Constructora Lucía', rfc: 'CLU120101AB2', email: 'pagos@lucia.mx' } });
      const caso = (await client.call(casosApi.create, { body: { titulo: 'Amparo 123/2026', descripcion: 'Detalles privilegiados del asunto', cliente_id: cliente.id } })).json
        .caso;
      await client.call(casosApi.update, { params: { id: caso.id }, body: { estado: 'Activo', descripcion: 'Otros detalles privilegiados' } });
      await client.call(accountApi.signOut);
      await client.call(accountApi.signIn, { body: { email, password: PASSWORD } });
      // Settings too (a setting that changes nothing writes nothing).
      await client.call(profileApi.update, { body: { zona_horaria: 'America/Tijuana' } });
      await client.call(profileApi.update, { body: { zona_horaria: 'America/Tijuana' } });
      const settings = (await client.call(securityApi.history, { query: { limit: 1 } })).json.items[0];
      expect(settings).toMatchObject({
        resumen: 'Perfil y configuración actualizados',
        cambios: [{ campo: 'Zona horaria', antes: 'America/Mexico_City', despues: 'America/Tijuana' }],
      });
      await client.call(profileApi.update, { body: { zona_horaria: 'America/Mexico_City' } });

      const all = (await client.call(securityApi.history)).json.items as {
        resumen: string;
        entidad: string;
        cambios: { campo: string; antes: string | null; despues: string | null }[];
        ip: string | null;
      }[];
      expect(all.map((entry) => entry.resumen)).toEqual([
        'Perfil y configuración actualizados',
        'Perfil y configuración actualizados',
        expect.stringMatching(/^Inicio de sesión en /),
        'Caso «Amparo 123/2026» editado',
        'Caso «Amparo 123/2026» creado',
        'Cliente «Constructora Lucía» editado',
        'Cliente «Constructora Lucía» creado',
        // The browser that confirmed the sign-up was signed in then.
        expect.stringMatching(/^Inicio de sesión en /),
      ]);
      expect(all[5]!.cambios).toEqual([
        { campo: 'Email', antes: null, despues: 'pagos@lucia.mx' },
        { campo: 'RFC', antes: 'CLU120101AB1', despues: 'CLU120101AB2' },
      ]);
      // A case's description is named, never kept.
      expect(all[3]!.cambios).toEqual([
        { campo: 'Descripción', antes: null, despues: null },
        { campo: 'Estado', antes: 'Pendiente', despues: 'Activo' },
      ]);
      expect(JSON.stringify(all)).not.toContain('privilegiados');
      expect(all[2]!.ip).toBe('127.0.0.1');

      const clientes = (await client.call(securityApi.history, { query: { entidad: 'cliente' } })).json.items;
      expect(clientes.map((entry: { entidad: string }) => entry.entidad)).toEqual(['cliente', 'cliente']);
      const first = (await client.call(securityApi.history, { query: { limit: 2 } })).json;
      expect(first.items).toHaveLength(2);
      const next = (await client.call(securityApi.history, { query: { limit: 2, cursor: first.next_cursor } })).json;
      expect(next.items.map((entry: { resumen: string }) => entry.resumen)).toEqual(all.slice(2, 4).map((entry) => entry.resumen));
      expect((await client.call(securityApi.history, { query: { cursor: '2026-01-01' } })).status).toBe(400);
      expect((await client.call(securityApi.history, { query: { entidad: 'todo' } })).status).toBe(400);

      // The case's records, in its history: their names, never what they say.
      const nota = (await client.call(notasApi.create, { body: { titulo: 'Estrategia', contenido: doc('Confidencial: el testigo clave'), caso_id: caso.id } })).json.nota;
      await client.call(notasApi.update, { params: { id: nota.id }, body: { contenido: doc('Confidencial: otro testigo') } });
      const upload = await client.upload(
        documentosApi.upload,
        { name: 'demanda.txt', bytes: Buffer.from('Texto reservado de la demanda'), type: 'text/plain' },
        { caso_id: caso.id },
      );
      expect(upload.status, upload.text).toBe(201);
      await client.call(documentosApi.remove, { params: { id: upload.json.documento.id } });
      const cita = (
        await client.call(calendarioApi.create, {
          body: { titulo: 'Audiencia', inicio: '2026-12-03T16:00:00.000Z', fin: '2026-12-03T17:00:00.000Z', caso_id: caso.id, descripcion: 'Llevar al testigo reservado' },
        })
      ).json.evento;
      await client.call(calendarioApi.update, {
        params: { id: cita.id },
        body: { titulo: 'Audiencia', inicio: '2026-12-04T16:00:00.000Z', fin: '2026-12-04T17:00:00.000Z', caso_id: caso.id, descripcion: 'Llevar al testigo reservado' },
      });
      const entrada = (await client.call(tiempoApi.create, { body: { caso_id: caso.id, fecha: '2026-11-20', horas: '1.5', descripcion: 'Revisión', tarifa_por_hora: '1500' } }))
        .json.entrada;
      await client.call(tiempoApi.remove, { params: { id: entrada.id } });
      const caseHistory = (await client.call(casosApi.history, { params: { id: caso.id } })).json.items as { resumen: string; cambios: unknown[] }[];
      expect(caseHistory.map((entry) => entry.resumen)).toEqual([
        'Tiempo del 20/11/2026 eliminado (1.50 h)',
        'Tiempo registrado: 1.50 h el 20/11/2026',
        'Cita «Audiencia» editada',
        'Cita «Audiencia» creada',
        'Documento «demanda.txt» eliminado',
        'Documento «demanda.txt» subido',
        'Nota «Estrategia» editada',
        'Nota «Estrategia» creada',
        'Caso «Amparo 123/2026» editado',
        'Caso «Amparo 123/2026» creado',
      ]);
      expect(caseHistory[6]!.cambios).toEqual([{ campo: 'Contenido', antes: null, despues: null }]);
      // Times as the lawyer reads them, in their zone (Mexico City).
      expect(caseHistory[2]!.cambios).toEqual([
        { campo: 'Inicio', antes: '03/12/2026 10:00', despues: '04/12/2026 10:00' },
        { campo: 'Fin', antes: '03/12/2026 11:00', despues: '04/12/2026 11:00' },
      ]);
      const everything = JSON.stringify((await client.call(securityApi.history, { query: { limit: 100 } })).json);
      for (const secret of ['Confidencial', 'testigo', 'Texto reservado', 'privilegiados', 'reservado']) expect(everything).not.toContain(secret);
      // Another lawyer reads none of it.
      expect((await suite.bob.call(casosApi.history, { params: { id: caso.id } })).status).toBe(404);
      expect(JSON.stringify((await suite.bob.call(securityApi.history)).json.items)).not.toContain('Amparo 123/2026');
    });
  });
}
