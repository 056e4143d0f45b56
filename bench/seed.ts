import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';

/**
 * Bulk practice data for one user, generated inside the database (fast even
 * on PGlite): `clients` clients and `cases` cases, a third of them linked to a
 * client, with varied titles, states, priorities and dates.
 */
export async function seedPractice(db: Database, userId: string, counts: { cases: number; clients: number }) {
  await db.execute(sql`
    insert into clientes (user_id, nombre, email, telefono, empresa, created_at, updated_at)
    select ${userId},
           (array['Ana','Luis','María','Jorge','Lucía','Pedro','Sofía','Diego','Elena','Raúl'])[1 + i % 10] || ' ' ||
           (array['García','López','Martínez','Hernández','Pérez','Sánchez','Ramírez','Torres','Flores','Vargas'])[1 + (i / 10) % 10] || ' ' || i,
           'cliente' || i || '@ejemplo.mx',
           '+52 55 ' || lpad((i * 7919 % 100000000)::text, 8, '0'),
           case when i % 3 = 0 then 'Empresa ' || (i % 97) || ' S.A. de C.V.' end,
           now() - (i || ' hours')::interval, now()
      from generate_series(1, ${counts.clients}) as i`);
  await db.execute(sql`
    with client_ids as (select id, row_number() over (order by created_at) as n from clientes where user_id = ${userId})
    insert into casos (user_id, titulo, descripcion, estado, prioridad, cliente_id, fecha_vencimiento, created_at, updated_at)
    select ${userId},
           (array['Demanda laboral','Divorcio','Contrato de arrendamiento','Amparo','Sucesión testamentaria','Despido injustificado','Cobro de pagarés','Constitución de sociedad'])[1 + i % 8] || ' #' || i,
           'Expediente generado para pruebas de rendimiento número ' || i,
           (array['Activo','Pendiente','En Revisión','Cerrado'])[1 + i % 4],
           (array['Alta','Media','Baja'])[1 + i % 3],
           case when i % 3 = 0 then (select id from client_ids where n = 1 + i % ${counts.clients}) end,
           case when i % 2 = 0 then (current_date + (i % 365)) end,
           now() - (i || ' minutes')::interval, now()
      from generate_series(1, ${counts.cases}) as i`);
  await db.execute(sql`analyze clientes`);
  await db.execute(sql`analyze casos`);
}
