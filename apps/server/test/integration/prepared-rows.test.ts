import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { isoInstant } from '../../src/db/columns';
import { withFlatRows } from '../../src/db/prepared';
import { casos } from '../../src/modules/cases/schema';
import { clientes } from '../../src/modules/clients/schema';
import { conteosPractica } from '../../src/modules/dashboard/schema';
import { signUpConfirmed } from '../support/accounts';
import { backendsToTest, startTestServer, type TestServer } from '../support/server';
import { casosApi, clientesApi } from '@bufete/shared';

const backends = await backendsToTest();

/**
 * The lists and the dashboard build their rows with `withFlatRows`, not with
 * drizzle's own mapper: the rows must be the very objects drizzle would make
 * (every kind of field: columns with and without a decoder, a left join's
 * missing row, SQL expressions, aliased ones), or a screen shows a wrong value.
 */
for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`filas de consultas preparadas (${label})`, () => {
    let ts: TestServer;
    let userId: string;

    beforeAll(async () => {
      ts = await startTestServer({ backend });
      const { client } = await signUpConfirmed(ts);
      const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Ana Torres', email: 'ana@torres.mx' } })).json.cliente;
      // One case with a client and every field, one with the optional fields blank.
      expect(
        (
          await client.call(casosApi.create, {
            body: { titulo: 'Amparo 12/2026', cliente_id: cliente.id, fecha_vencimiento: '2026-12-01', expediente: '12/2026', materia: 'amparo' },
          })
        ).status,
      ).toBe(201);
      expect((await client.call(casosApi.create, { body: { titulo: 'Consulta sin cliente' } })).status).toBe(201);
      const db = ts.server.database.db;
      userId = rowsOf<{ id: string }>(await db.execute(sql`select user_id as id from clientes limit 1`))[0]!.id;
    });
    afterAll(async () => {
      await ts?.stop();
    });

    it('gives the same rows as drizzle for every kind of field', async () => {
      const db = ts.server.database.db;
      const query = () =>
        db
          .select({
            id: casos.id,
            titulo: casos.titulo,
            descripcion: casos.descripcion,
            // A column drizzle decodes (timestamp to Date) and one it passes as text (date in string mode).
            createdAt: casos.createdAt,
            fechaVencimiento: casos.fechaVencimiento,
            createdIso: isoInstant(casos.createdAt),
            titleLength: sql<number>`length(${casos.titulo})`.mapWith(Number),
            upper: sql<string>`upper(${casos.titulo})`.as('upper'),
            clienteNombre: clientes.nombre,
            clienteEmail: clientes.email,
            casosContados: conteosPractica.casos,
          })
          .from(casos)
          .leftJoin(clientes, and(eq(clientes.id, casos.clienteId), eq(clientes.userId, casos.userId)))
          .leftJoin(conteosPractica, eq(conteosPractica.userId, casos.userId))
          .where(eq(casos.userId, sql.placeholder('userId')))
          .orderBy(casos.titulo);
      const byDrizzle = await query().prepare('filas_drizzle').execute({ userId });
      const flat = await withFlatRows(query().prepare('filas_planas')).execute({ userId });
      expect(byDrizzle).toHaveLength(2);
      expect(flat).toEqual(byDrizzle);
      expect(flat[0]!.createdAt).toBeInstanceOf(Date);
      expect(flat[1]).toMatchObject({ titulo: 'Consulta sin cliente', clienteNombre: null, clienteEmail: null, fechaVencimiento: null, casosContados: 2 });
      expect(flat[0]).toMatchObject({ titulo: 'Amparo 12/2026', clienteNombre: 'Ana Torres', fechaVencimiento: '2026-12-01', titleLength: 14, upper: 'AMPARO 12/2026' });
    });

    it('refuses what it cannot map: a nested selection, a statement that is not a select', () => {
      const db = ts.server.database.db;
      const nested = db
        .select({ id: casos.id, cliente: { nombre: clientes.nombre } })
        .from(casos)
        .leftJoin(clientes, eq(clientes.id, casos.clienteId))
        .prepare('filas_anidadas');
      expect(() => withFlatRows(nested)).toThrow('solo selecciones planas');
      const update = db
        .update(casos)
        .set({ titulo: 'x' })
        .where(eq(casos.id, sql.placeholder('id')))
        .prepare('filas_update');
      expect(() => withFlatRows(update)).toThrow('no es una consulta select preparada');
    });
  });
}
