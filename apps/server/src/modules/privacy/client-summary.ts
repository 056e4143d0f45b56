import type { Caso, Cliente, Documento, Entrada, Evento, FacturaDetalle, Mensaje, Nota, Recordatorio } from '@bufete/shared';
import { diaMx, FACTURA_ESTADO_LABEL, formatMXN, formaPagoNombre, MATERIA_LABEL, REGIMENES_FISCALES, USOS_CFDI, wallClockIn } from '@bufete/shared';
import { escapeHtml } from '../../mail/templates';

/** What a client's export carries, as the summary shows it (a part left out is null). */
export interface ClientSummaryInput {
  cliente: Cliente;
  casos: Caso[];
  documentos: Documento[] | null;
  facturas: FacturaDetalle[] | null;
  citas: Evento[] | null;
  correos: Recordatorio[] | null;
  tiempo: Entrada[] | null;
  notas: Nota[] | null;
  /** The portal's messages, with their case's title (none when the client never used it). */
  mensajes: (Mensaje & { caso: string })[];
  /** The lawyer's time zone: appointments and sends at the hour the lawyer gave them. */
  zona: string;
  fecha: string;
}

const text = (value: string | null | undefined) => (value ? escapeHtml(value) : '<span class="vacio">—</span>');
const when = (instant: string, zona: string) => {
  const { day, time } = wallClockIn(new Date(instant), zona);
  return `${diaMx(day)} ${time}`;
};

function table(headers: string[], rows: string[][]): string {
  if (!rows.length) return '<p class="vacio">Ninguno.</p>';
  const head = headers.map((header) => `<th>${escapeHtml(header)}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function section(title: string, content: string | null): string {
  return content === null ? '' : `<section><h2>${escapeHtml(title)}</h2>\n${content}\n</section>`;
}

/**
 * 'resumen.html' of a client's export: the same records as its JSON files,
 * readable by the client or anyone without a program (it opens in any
 * browser and prints). Every value is escaped; nothing is fetched.
 */
export function clientSummaryHtml(input: ClientSummaryInput): string {
  const { cliente, zona } = input;
  const regimen = REGIMENES_FISCALES.find((item) => item.clave === cliente.regimen_fiscal);
  const uso = USOS_CFDI.find((item) => item.clave === cliente.uso_cfdi);
  const datos = table(
    ['Dato', 'Valor'],
    [
      ['Nombre', text(cliente.nombre)],
      ['Email', text(cliente.email)],
      ['Teléfono', text(cliente.telefono)],
      ['Empresa', text(cliente.empresa)],
      ['Dirección', text(cliente.direccion)],
      ['RFC', text(cliente.rfc)],
      ['Razón social', text(cliente.razon_social)],
      ['Régimen fiscal', text(regimen ? `${regimen.clave} ${regimen.nombre}` : cliente.regimen_fiscal)],
      ['Código postal', text(cliente.codigo_postal)],
      ['Uso del CFDI', text(uso ? `${uso.clave} ${uso.nombre}` : cliente.uso_cfdi)],
      ['Cliente desde', escapeHtml(when(cliente.created_at, zona).slice(0, 10))],
    ].map(([label, value]) => [escapeHtml(label!), value!]),
  );
  const casos = table(
    ['Caso', 'Expediente', 'Juzgado', 'Materia', 'Estado'],
    input.casos.map((caso) => [text(caso.titulo), text(caso.expediente), text(caso.juzgado), text(caso.materia ? MATERIA_LABEL[caso.materia] : null), text(caso.estado)]),
  );
  const documentos =
    input.documentos &&
    table(
      ['Documento', 'Caso', 'Subido'],
      input.documentos.map((documento) => [text(documento.nombre), text(documento.caso?.titulo), escapeHtml(when(documento.created_at, zona))]),
    );
  const facturas =
    input.facturas &&
    table(
      ['Número', 'Fecha', 'Concepto', 'Total', 'Pagado', 'Estado', 'Pagos', 'Folio fiscal'],
      input.facturas.map(({ factura, pagos, cfdis }) => [
        text(factura.numero_factura),
        escapeHtml(diaMx(factura.fecha_emision)),
        text(factura.concepto),
        escapeHtml(formatMXN(factura.monto_total)),
        escapeHtml(formatMXN(factura.monto_pagado)),
        escapeHtml(FACTURA_ESTADO_LABEL[factura.estado]),
        pagos.map((pago) => escapeHtml(`${diaMx(pago.fecha)}: ${formatMXN(pago.monto)} (${formaPagoNombre(pago.forma_pago)})`)).join('<br>') || '—',
        text(cfdis.find((cfdi) => cfdi.tipo === 'I')?.uuid ?? null),
      ]),
    );
  const citas =
    input.citas &&
    table(
      ['Cita', 'Inicio', 'Fin', 'Lugar', 'Caso'],
      input.citas.map((cita) => [text(cita.titulo), escapeHtml(when(cita.inicio, zona)), escapeHtml(when(cita.fin, zona)), text(cita.ubicacion), text(cita.caso?.titulo)]),
    );
  const correos =
    input.correos &&
    table(
      ['Asunto', 'Programado', 'Enviado', 'Estado'],
      input.correos.map((correo) => [
        text(correo.subject),
        escapeHtml(when(correo.scheduled_for, zona)),
        correo.sent_at ? escapeHtml(when(correo.sent_at, zona)) : '—',
        text(correo.status),
      ]),
    );
  const tiempo =
    input.tiempo &&
    table(
      ['Fecha', 'Caso', 'Descripción', 'Horas', 'Importe'],
      input.tiempo.map((entrada) => [
        escapeHtml(diaMx(entrada.fecha)),
        text(entrada.caso?.titulo),
        text(entrada.descripcion),
        escapeHtml(entrada.horas),
        text(entrada.importe === null ? 'Sin tarifa' : formatMXN(entrada.importe)),
      ]),
    );
  const notas =
    input.notas &&
    (input.notas.length
      ? input.notas
          .map(
            (nota) =>
              `<article><h3>${text(nota.titulo)}</h3><p class="meta">${escapeHtml(when(nota.updated_at, zona))}${nota.caso ? ` · ${text(nota.caso.titulo)}` : ''}</p><p class="nota">${text(nota.contenido_texto)}</p></article>`,
          )
          .join('\n')
      : '<p class="vacio">Ninguna.</p>');

  const mensajes = input.mensajes.length
    ? table(
        ['Fecha', 'Caso', 'De', 'Mensaje'],
        input.mensajes.map((mensaje) => [
          escapeHtml(when(mensaje.created_at, zona)),
          text(mensaje.caso),
          escapeHtml(mensaje.autor === 'cliente' ? 'Cliente' : 'Despacho'),
          `<span class="nota">${text(mensaje.texto)}</span>`,
        ]),
      )
    : null;

  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Datos de ${escapeHtml(cliente.nombre)}</title>
<style>
body{font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1f2937;max-width:960px;margin:0 auto;padding:24px;line-height:1.45}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d1d5db;padding-bottom:4px}h3{font-size:15px;margin:16px 0 2px}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #e5e7eb}th{background:#f3f4f6}
.vacio,.meta{color:#6b7280}.nota{white-space:pre-wrap}@media print{body{padding:0}}
</style></head>
<body>
<h1>Datos de ${escapeHtml(cliente.nombre)}</h1>
<p class="meta">Exportados el ${escapeHtml(diaMx(input.fecha))} con Bufete. Los mismos datos están en los archivos .json de esta carpeta.</p>
${section('Datos del cliente', datos)}
${section('Casos', casos)}
${section('Documentos', documentos)}
${section('Facturas', facturas)}
${section('Citas', citas)}
${section('Correos', correos)}
${section('Tiempo registrado', tiempo)}
${section('Notas', notas)}
${section('Mensajes del portal', mensajes)}
</body></html>
`;
}
