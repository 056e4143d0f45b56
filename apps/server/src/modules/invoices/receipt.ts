import type { Cliente, Entrada, Factura, Pago } from '@bufete/shared';
import { centavosOf, diaLargo, diaMx, formaPagoNombre, formatMXN, REGIMENES_FISCALES, RETENCION_LABEL } from '@bufete/shared';
import { type CfdiImpreso, drawSellos } from './receipt-cfdi';

const BLUE = '#1e3a8a';
const GREY = '#475569';
const INK = '#0f172a';
const RULE = '#cbd5e1';
const MARGIN = 56;
const regimenName = (clave: string | null) => (clave ? `${clave} · ${REGIMENES_FISCALES.find((item) => item.clave === clave)?.nombre ?? ''}` : null);

export interface ReceiptInput {
  factura: Factura;
  lawyer: { nombre: string; especialidad: string; email: string };
  profile: { rfc: string | null; regimen_fiscal: string | null; domicilio_fiscal: string | null };
  cliente: Cliente | null;
  /** The time entries the invoice bills, oldest first: every one is listed. */
  entradas: Entrada[];
  /** Its payments, oldest first. */
  pagos: Pago[];
  /** The lawyer's clock, for the instant of a cancellation. */
  timeZone: string;
  /** Its stamped CFDI de Ingreso: the PDF is then that CFDI's printed version. */
  cfdi: CfdiImpreso | null;
  /** A credit note's printed CFDI (de egreso): its amounts only, no payments, balance or time. */
  notaCredito?: boolean;
  /** A factura global's printed CFDI: its amounts and the receipts it holds, no payments, balance or time. */
  recibos?: { numero: string; importe: string }[];
}

type Doc = PDFKit.PDFDocument;

const titleOf = (input: ReceiptInput) => (input.recibos ? 'Factura global' : input.notaCredito ? 'Nota de crédito' : input.cfdi ? 'Factura' : 'Recibo de honorarios');

/**
 * The PDF of an invoice. Stamped, it is its CFDI's printed version: the
 * parties as the CFDI states them, every fiscal field, and at its foot the
 * QR code, the seals and the cadena original del TFD. Otherwise the
 * 'Recibo de honorarios', plainly marked as not a CFDI. Both have the lawyer's and the client's data, the concept, hours × rate
 * or the amount, the tax breakdown, the payments, every time entry it bills,
 * and the notes. Everything typed prints whole: every text is placed at its
 * column's x and width so it wraps there, and tables continue on new pages.
 * Built with pdfkit's standard fonts (WinAnsi covers Spanish); amounts are the
 * stored decimal strings, formatted without floats. (Long: one page drawn top
 * to bottom, each block after the one above it, as the lawyer reads it.)
 */
export async function receiptPdf(input: ReceiptInput): Promise<Buffer> {
  const { factura, lawyer, profile, cliente } = input;
  // Loaded on the first receipt, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const doc: Doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${titleOf(input)} ${factura.numero_factura}`,
      Author: lawyer.nombre,
      Creator: 'Bufete',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 24;
  /** A block of text at the left margin, full width (wraps; pdfkit adds pages as it flows). */
  const paragraph = (text: string, options: { font?: string; size?: number; color?: string; gap?: number } = {}) => {
    doc
      .font(options.font ?? 'Helvetica')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? INK)
      .text(text, MARGIN, doc.y, { width });
    if (options.gap) doc.moveDown(options.gap);
  };
  const heading = (text: string) => paragraph(text, { font: 'Helvetica-Bold', size: 11, color: BLUE });
  /** Starts a new page when `height` would not fit on this one. */
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  const { cfdi } = input;
  doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(20).text(titleOf(input), MARGIN, MARGIN, { width });
  paragraph(factura.numero_factura, { font: 'Helvetica-Bold', size: 12 });
  if (cfdi) paragraph(`CFDI 4.0 · Folio fiscal ${cfdi.uuid}`, { size: 9, color: GREY, gap: 0.6 });
  else paragraph('Este documento no es un Comprobante Fiscal Digital por Internet (CFDI).', { size: 9, color: GREY, gap: 0.6 });
  if (factura.cancelacion) {
    const cuando = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: input.timeZone }).format(new Date(factura.cancelacion.fecha));
    paragraph('CANCELADA', { font: 'Helvetica-Bold', size: 16, color: '#b91c1c' });
    paragraph(`Cancelada el ${cuando}. Motivo: ${factura.cancelacion.motivo}`, { color: '#b91c1c', gap: 0.6 });
  }
  doc.moveDown(0.6);

  // The two parties, side by side; each column wraps within its own width.
  const columnWidth = width / 2 - 10;
  const column = (title: string, lines: (string | null)[], x: number, top: number) => {
    doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(10).text(title, x, top, { width: columnWidth });
    doc.fillColor(INK).font('Helvetica').fontSize(10);
    for (const line of lines.filter(Boolean) as string[]) doc.text(line, x, doc.y, { width: columnWidth });
    return doc.y;
  };
  const top = doc.y;
  const leftEnd = column(
    'De',
    cfdi
      ? [...cfdi.emisor, lawyer.email]
      : [lawyer.nombre, lawyer.especialidad, profile.rfc ? `RFC: ${profile.rfc}` : null, regimenName(profile.regimen_fiscal), profile.domicilio_fiscal, lawyer.email],
    MARGIN,
    top,
  );
  const leftPage = doc.bufferedPageRange().count;
  const rightEnd = column(
    'Para',
    cfdi
      ? [...cfdi.receptor, cliente?.email ?? null]
      : cliente
        ? [
            cliente.razon_social ?? cliente.nombre,
            cliente.razon_social && cliente.razon_social !== cliente.nombre ? cliente.nombre : null,
            cliente.rfc ? `RFC: ${cliente.rfc}` : null,
            regimenName(cliente.regimen_fiscal),
            cliente.codigo_postal ? `C.P. ${cliente.codigo_postal}` : null,
            cliente.uso_cfdi ? `Uso CFDI: ${cliente.uso_cfdi}` : null,
            cliente.email,
          ]
        : ['Sin cliente'],
    MARGIN + width / 2 + 10,
    top,
  );
  doc.y = (doc.bufferedPageRange().count === leftPage ? Math.max(leftEnd, rightEnd) : rightEnd) + 16;

  if (cfdi) {
    // The fiscal fields, label and value on one line each, in two columns.
    const fields = cfdi.campos;
    const half = Math.ceil(fields.length / 2);
    const fieldsTop = doc.y;
    const fieldColumn = (items: [string, string][], x: number) => {
      doc.y = fieldsTop;
      for (const [label, value] of items) {
        doc.font('Helvetica-Bold').fontSize(8).fillColor(GREY).text(label, x, doc.y, { width: columnWidth });
        doc.font('Helvetica').fontSize(9).fillColor(INK).text(value, x, doc.y, { width: columnWidth });
        doc.moveDown(0.25);
      }
      return doc.y;
    };
    const fieldsLeft = fieldColumn(fields.slice(0, half), MARGIN);
    const fieldsRight = fieldColumn(fields.slice(half), MARGIN + width / 2 + 10);
    doc.y = Math.max(fieldsLeft, fieldsRight) + 10;
  }
  // A CFDI's date of issue is its own (among the fiscal fields): the invoice's would contradict it.
  if (!cfdi) paragraph(`Fecha de emisión: ${diaLargo(factura.fecha_emision)}`);
  if (factura.fecha_vencimiento) paragraph(`Fecha de vencimiento: ${diaLargo(factura.fecha_vencimiento)}`);
  doc.moveDown(1);
  heading('Concepto');
  paragraph(factura.concepto, { gap: 1 });

  const amountWidth = 150;
  const row = (label: string, amount: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(11)
      .fillColor(INK);
    const height = Math.max(doc.heightOfString(label, { width: width - amountWidth - 10 }), doc.heightOfString(amount, { width: amountWidth }));
    room(height);
    const y = doc.y;
    doc.text(label, MARGIN, y, { width: width - amountWidth - 10 });
    doc.text(amount, MARGIN + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = y + height + 4;
  };
  if (factura.tarifa_por_hora && factura.horas_trabajadas) {
    row(`${factura.horas_trabajadas} horas × ${formatMXN(factura.tarifa_por_hora)} por hora`, formatMXN(factura.impuestos?.subtotal ?? factura.monto_total));
  }
  if (factura.impuestos) {
    row('Subtotal', formatMXN(factura.impuestos.subtotal));
    if (factura.impuestos.iva !== '0.00') row('IVA 16 %', formatMXN(factura.impuestos.iva));
    if (factura.impuestos.isr_retenido !== '0.00')
      row(factura.impuestos.retencion === '626' ? 'Retención ISR 1.25 % (RESICO)' : 'Retención ISR 10 %', `-${formatMXN(factura.impuestos.isr_retenido)}`);
    if (factura.impuestos.iva_retenido !== '0.00') row('Retención IVA (dos terceras partes)', `-${formatMXN(factura.impuestos.iva_retenido)}`);
    paragraph(RETENCION_LABEL[factura.impuestos.retencion], { size: 8, color: GREY, gap: 0.6 });
  }
  room(20);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.5);
  if (input.notaCredito) {
    row('Total de la nota de crédito', formatMXN(factura.monto_total), true);
    if (cfdi) drawSellos(doc, cfdi, { margin: MARGIN, width, room });
    return finish(doc, done, width, factura.numero_factura);
  }
  if (input.recibos) {
    row('Total de la factura global', formatMXN(factura.monto_total), true);
    doc.moveDown(1);
    heading(`Recibos (${input.recibos.length})`);
    table(
      doc,
      {
        width,
        bottom,
        columns: [
          { title: 'No. de identificación', width: width - 140 },
          { title: 'Importe (antes de IVA)', width: 140, align: 'right' },
        ],
      },
      input.recibos.map((recibo) => [recibo.numero, formatMXN(recibo.importe)]),
    );
    if (cfdi) drawSellos(doc, cfdi, { margin: MARGIN, width, room });
    return finish(doc, done, width, factura.numero_factura);
  }
  row('Total a pagar', formatMXN(factura.monto_total), true);
  row('Pagado', formatMXN(factura.monto_pagado));
  const acreditado = centavosOf(factura.monto_acreditado) ?? 0;
  if (acreditado > 0) row('Notas de crédito', `-${formatMXN(acreditado)}`);
  const saldo = factura.estado === 'cancelada' ? 0 : (centavosOf(factura.monto_total) ?? 0) - (centavosOf(factura.monto_pagado) ?? 0) - acreditado;
  row('Saldo', formatMXN(saldo), true);
  doc.moveDown(0.5);
  const estado = { pendiente: 'Pendiente', pagada_parcialmente: 'Pagada parcialmente', pagada: 'Pagada', cancelada: 'Cancelada' }[factura.estado];
  paragraph(`Estado: ${estado}${factura.vencida ? ' · Vencida' : ''}`);

  if (input.pagos.length) {
    doc.moveDown(1);
    heading('Pagos');
    table(
      doc,
      {
        width,
        bottom,
        columns: [
          { title: 'Fecha', width: 90 },
          { title: 'Forma de pago', width: width - 90 - 120 },
          { title: 'Monto', width: 120, align: 'right' },
        ],
      },
      input.pagos.map((pago) => [diaMx(pago.fecha), formaPagoNombre(pago.forma_pago), formatMXN(pago.monto)]),
    );
  }
  if (input.entradas.length) {
    doc.moveDown(1);
    heading(`Tiempo facturado (${input.entradas.length} ${input.entradas.length === 1 ? 'entrada' : 'entradas'})`);
    table(
      doc,
      {
        width,
        bottom,
        columns: [
          { title: 'Fecha', width: 70 },
          { title: 'Descripción', width: width - 70 - 55 - 80 - 95 },
          { title: 'Horas', width: 55, align: 'right' },
          { title: 'Tarifa', width: 80, align: 'right' },
          { title: 'Importe', width: 95, align: 'right' },
        ],
      },
      input.entradas.map((entrada) => [
        diaMx(entrada.fecha),
        entrada.caso ? `${entrada.descripcion} (${entrada.caso.titulo})` : entrada.descripcion,
        entrada.horas,
        moneyOrDash(entrada.tarifa_por_hora),
        moneyOrDash(entrada.importe),
      ]),
    );
  }
  if (factura.notas) {
    doc.moveDown(1);
    heading('Notas');
    paragraph(factura.notas);
  }

  if (cfdi) drawSellos(doc, cfdi, { margin: MARGIN, width, room });
  return finish(doc, done, width, factura.numero_factura);
}

/** Each page's footer, written once every page exists (below the text area: margins lifted while writing it), then the end. */
function finish(doc: Doc, done: Promise<Buffer>, width: number, numero: string): Promise<Buffer> {
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index++) {
    doc.switchToPage(pages.start + index);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fillColor(GREY)
      .font('Helvetica')
      .fontSize(8)
      .text(`${numero} · Página ${index + 1} de ${pages.count} · Generado con Bufete.`, MARGIN, doc.page.height - 40, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}

/**
 * A table whose cells wrap within their column; a row that does not fit
 * starts a new page, which repeats the header. No cell is ever cut.
 */
function table(doc: Doc, layout: { width: number; bottom: () => number; columns: { title: string; width: number; align?: 'right' }[] }, rows: string[][]) {
  const padding = 3;
  const cellWidth = (index: number) => layout.columns[index]!.width - 2 * padding;
  const draw = (cells: string[], bold: boolean) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(bold ? BLUE : INK);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: cellWidth(index) }))) + 2 * padding;
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = layout.columns[index]!;
      doc.text(cell, x + padding, y + padding, { width: cellWidth(index), align: column.align ?? 'left' });
      x += column.width;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + layout.width, y + height)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y = y + height;
    return height;
  };
  const header = layout.columns.map((column) => column.title);
  const headerHeight = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    return Math.max(...header.map((cell, index) => doc.heightOfString(cell, { width: cellWidth(index) }))) + 2 * padding;
  };
  const rowHeight = (cells: string[]) => {
    doc.font('Helvetica').fontSize(9);
    return Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: cellWidth(index) }))) + 2 * padding;
  };
  if (doc.y + headerHeight() + rowHeight(rows[0] ?? header) > layout.bottom()) doc.addPage();
  draw(header, true);
  for (const cells of rows) {
    if (doc.y + rowHeight(cells) > layout.bottom()) {
      doc.addPage();
      draw(header, true);
    }
    draw(cells, false);
  }
  doc.x = MARGIN;
}

/** Billed entries always have a rate (billing asks for it); the dash only guards the type. */
const moneyOrDash = (amount: string | null) => (amount === null ? '—' : formatMXN(amount));
