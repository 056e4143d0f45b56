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
  // As autovacuum leaves a table in use: statistics fresh, GIN pending lists merged (a
  // bulk insert leaves them in a list every search would read through).
  await db.execute(sql`vacuum analyze clientes`);
  await db.execute(sql`vacuum analyze casos`);
}

/**
 * Appointments for one user: `perMonth` a month for `months` months around
 * today (a busy practice has ~25 a working day), half of them linked to a case,
 * a few hours long, generated inside the database.
 */
export async function seedCalendar(db: Database, userId: string, counts: { perMonth: number; months: number }) {
  const total = counts.perMonth * counts.months;
  await db.execute(sql`
    with case_ids as (select id, row_number() over (order by created_at) as n, count(*) over () as total from casos where user_id = ${userId})
    insert into calendar_events (user_id, titulo, ubicacion, fecha_inicio, fecha_fin, recordatorio_email, recordatorio_popup, caso_id, origen, is_synced_with_google)
    select ${userId},
           (array['Audiencia','Reunión con cliente','Firma','Llamada','Entrega de pruebas','Comparecencia'])[1 + i % 6] || ' ' || i,
           case when i % 4 = 0 then 'Juzgado ' || (i % 20) end,
           date_trunc('month', now()) - interval '${sql.raw(String(Math.floor(counts.months / 2)))} months' + ((i::float / ${total}) * ${counts.months * 30} || ' days')::interval,
           date_trunc('month', now()) - interval '${sql.raw(String(Math.floor(counts.months / 2)))} months' + ((i::float / ${total}) * ${counts.months * 30} || ' days')::interval + interval '1 hour',
           15, 10,
           case when i % 2 = 0 then (select id from case_ids where n = 1 + i % greatest((select max(total) from case_ids), 1)) end,
           'bufete', false
      from generate_series(1, ${total}) as i`);
  await db.execute(sql`vacuum analyze calendar_events`);
}

/**
 * `count` invoices for one user over the last three years, numbered like the
 * app numbers them (FACT-0001…), a third linked to a client, in every state,
 * some with taxes; the lawyer's counter is left at the last number.
 */
export async function seedInvoices(db: Database, userId: string, counts: { invoices: number }) {
  await db.execute(sql`
    with client_ids as (select id, row_number() over (order by created_at) as n, count(*) over () as total from clientes where user_id = ${userId}),
    generated as (
      select i, (1000 + (i * 7919) % 40000)::numeric(14,2) as subtotal, (array['pendiente','pagada_parcialmente','pagada'])[1 + i % 3] as estado
        from generate_series(1, ${counts.invoices}) as i)
    insert into facturas (user_id, cliente_id, secuencia, numero_factura, fecha_emision, fecha_vencimiento, concepto, monto_total, monto_pagado, estado, subtotal, iva, isr_retenido, iva_retenido, retencion)
    select ${userId},
           case when i % 3 = 0 then (select id from client_ids where n = 1 + i % greatest((select max(total) from client_ids), 1)) end,
           i, 'FACT-' || lpad(i::text, 4, '0'),
           current_date - ((${counts.invoices} - i) * 1095 / ${counts.invoices}),
           current_date - ((${counts.invoices} - i) * 1095 / ${counts.invoices}) + 30,
           (array['Honorarios por contestación de demanda','Asesoría en contrato de arrendamiento','Amparo indirecto','Audiencia de divorcio','Constitución de sociedad'])[1 + i % 5] || ' ' || i,
           case when i % 4 = 0 then subtotal * 1.16 else subtotal end,
           case estado when 'pagada' then (case when i % 4 = 0 then subtotal * 1.16 else subtotal end) when 'pagada_parcialmente' then round(subtotal / 2, 2) else 0 end,
           estado,
           case when i % 4 = 0 then subtotal end,
           case when i % 4 = 0 then round(subtotal * 0.16, 2) end,
           case when i % 4 = 0 then 0 end,
           case when i % 4 = 0 then 0 end,
           case when i % 4 = 0 then 'ninguna' end
      from generated`);
  await db.execute(sql`insert into facturas_folios (user_id, ultimo) values (${userId}, ${counts.invoices}) on conflict (user_id) do update set ultimo = excluded.ultimo`);
  await db.execute(sql`vacuum analyze facturas`);
}

/**
 * Documents with extracted text and notes for one user (the search's
 * contents): legal prose with varied words, a third linked to a case, rows
 * only (no stored files: the search reads the database).
 */
export async function seedContents(db: Database, userId: string, counts: { documents: number; notes: number }) {
  const prose = sql`(array[
      'Se reclama el pago del pagaré vencido más los intereses moratorios pactados',
      'La parte actora solicita la reinstalación y el pago de salarios caídos',
      'El arrendatario dejó de cubrir la renta mensual desde el mes de marzo',
      'Se ofrece la prueba pericial en materia de grafoscopía y caligrafía',
      'Conforme al artículo 1281 del Código Civil, la herencia se defiere por testamento',
      'Solicito se admita la demanda de amparo indirecto contra el acto reclamado',
      'El convenio de divorcio fija la pensión alimenticia y el régimen de visitas'
    ])`;
  await db.execute(sql`
    with case_ids as (select id, row_number() over (order by created_at) as n, count(*) over () as total from casos where user_id = ${userId})
    insert into documentos (user_id, nombre, tipo, tamano, storage_key, contenido, caso_id, created_at)
    select ${userId}, 'Escrito ' || i || '.pdf', 'application/pdf', 20000 + i, 'bench/' || i,
           repeat(${prose}[1 + i % 7] || ' en el expediente ' || i || '. ', 1 + i % 12) || ${prose}[1 + (i / 7) % 7] || '.',
           case when i % 3 = 0 then (select id from case_ids where n = 1 + i % greatest((select max(total) from case_ids), 1)) end,
           now() - (i || ' hours')::interval
      from generate_series(1, ${counts.documents}) as i`);
  await db.execute(sql`
    insert into notas (user_id, titulo, contenido, contenido_texto, created_at, updated_at)
    select ${userId}, (array['Estrategia','Llamada','Pendientes','Audiencia','Revisión'])[1 + i % 5] || ' ' || i, '{"type":"doc","content":[]}'::jsonb,
           ${prose}[1 + (i * 3) % 7] || '. Nota número ' || i || '.', now() - (i || ' hours')::interval, now() - (i || ' hours')::interval
      from generate_series(1, ${counts.notes}) as i`);
  await db.execute(sql`vacuum analyze documentos`);
  await db.execute(sql`vacuum analyze notas`);
}

/**
 * Tasks for one user (issue 36): `tasks` of them, half on a case, dated from a
 * year ago to a year ahead (one in ten undated), a fifth done; the shape of a
 * practice whose matter templates created most of them.
 */
export async function seedTasks(db: Database, userId: string, counts: { tasks: number }) {
  await db.execute(sql`
    with case_ids as (select id, row_number() over (order by created_at) as n from casos where user_id = ${userId}),
         total as (select count(*) as n from case_ids)
    insert into tareas (user_id, caso_id, titulo, notas, prioridad, vence, hecha, hecha_en, plantilla, created_at, updated_at)
    select ${userId},
           case when i % 2 = 0 then (select id from case_ids where n = 1 + i % greatest((select n from total), 1)) end,
           (array['Presentar la demanda','Revisar el boletín','Llamar al cliente','Preparar alegatos','Pedir copias certificadas','Revisar el acuerdo'])[1 + i % 6] || ' #' || i,
           case when i % 4 = 0 then 'Notas de la tarea ' || i end,
           (array['alta','normal','baja'])[1 + i % 3],
           case when i % 10 <> 0 then current_date + ((i * 37) % 730 - 365) end,
           i % 5 = 0, case when i % 5 = 0 then now() - (i || ' minutes')::interval end,
           case when i % 3 = 0 then 'Juicio ordinario civil' end,
           now() - (i || ' minutes')::interval, now()
      from generate_series(1, ${counts.tasks}) as i`);
  await db.execute(sql`vacuum analyze tareas`);
}
