import type { Cliente, Factura } from '@bufete/shared';
import { centavosOf, formatMXN, REGIMENES_FISCALES, RETENCION_LABEL } from '@bufete/shared';

const BLUE = '#1e3a8a';
const GREY = '#475569';
const regimenName = (clave: string | null) => (clave ? `${clave} · ${REGIMENES_FISCALES.find((item) => item.clave === clave)?.nombre ?? ''}` : null);
const longDate = (day: string) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/**
 * The receipt PDF of an invoice: 'Recibo de honorarios', plainly marked as not
 * a CFDI, with the lawyer's and the client's data, the concept, hours × rate
 * or the amount, the tax breakdown, what was paid and what is due, in Spanish.
 * Built with pdfkit's standard fonts (Latin-1 covers Spanish); amounts are
 * the stored decimal strings, formatted without floats.
 */
export async function receiptPdf(input: {
  factura: Factura;
  lawyer: { nombre: string; especialidad: string; email: string };
  profile: { rfc: string | null; regimen_fiscal: string | null; domicilio_fiscal: string | null };
  cliente: Cliente | null;
}): Promise<Buffer> {
  const { factura, lawyer, profile, cliente } = input;
  // Loaded on the first receipt, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `Recibo de honorarios ${factura.numero_factura}`, Author: lawyer.nombre, Creator: 'Bufete' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 112;
  doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(20).text('Recibo de honorarios', { continued: false });
  doc.fillColor('#0f172a').fontSize(12).text(factura.numero_factura);
  doc.moveDown(0.3).fillColor(GREY).font('Helvetica').fontSize(9).text('Este documento no es un Comprobante Fiscal Digital por Internet (CFDI).');
  doc.moveDown(1);

  const column = (title: string, lines: (string | null)[], x: number, y: number) => {
    doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(10).text(title, x, y, { width: width / 2 - 10 });
    doc.fillColor('#0f172a').font('Helvetica').fontSize(10);
    for (const line of lines.filter(Boolean) as string[]) doc.text(line, { width: width / 2 - 10 });
    return doc.y;
  };
  const top = doc.y;
  const leftEnd = column(
    'De',
    [lawyer.nombre, lawyer.especialidad, profile.rfc ? `RFC: ${profile.rfc}` : null, regimenName(profile.regimen_fiscal), profile.domicilio_fiscal, lawyer.email],
    56,
    top,
  );
  const rightEnd = column(
    'Para',
    cliente
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
    56 + width / 2 + 10,
    top,
  );
  doc.y = Math.max(leftEnd, rightEnd) + 16;
  doc.x = 56;

  doc.font('Helvetica').fontSize(10).fillColor('#0f172a');
  doc.text(`Fecha de emisión: ${longDate(factura.fecha_emision)}`);
  if (factura.fecha_vencimiento) doc.text(`Fecha de vencimiento: ${longDate(factura.fecha_vencimiento)}`);
  doc.moveDown(1);
  doc.fillColor(BLUE).font('Helvetica-Bold').text('Concepto');
  doc.fillColor('#0f172a').font('Helvetica').text(factura.concepto, { width });
  doc.moveDown(1);

  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11).text(label, 56, y, { width: width - 160 });
    doc.text(amount, 56 + width - 160, y, { width: 160, align: 'right' });
    doc.moveDown(0.4);
  };
  if (factura.tarifa_por_hora && factura.horas_trabajadas) {
    row(`${factura.horas_trabajadas} horas × ${formatMXN(factura.tarifa_por_hora)} por hora`, formatMXN(factura.impuestos?.subtotal ?? factura.monto_total));
  }
  if (factura.impuestos) {
    row('Subtotal', formatMXN(factura.impuestos.subtotal));
    if (factura.impuestos.iva !== '0.00') row('IVA 16 %', formatMXN(factura.impuestos.iva));
    if (factura.impuestos.isr_retenido !== '0.00') row(factura.impuestos.retencion === '626' ? 'Retención ISR 1.25 % (RESICO)' : 'Retención ISR 10 %', `-${formatMXN(factura.impuestos.isr_retenido)}`);
    if (factura.impuestos.iva_retenido !== '0.00') row('Retención IVA (dos terceras partes)', `-${formatMXN(factura.impuestos.iva_retenido)}`);
    doc.fillColor(GREY).font('Helvetica').fontSize(8).text(RETENCION_LABEL[factura.impuestos.retencion], 56, doc.y, { width });
    doc.moveDown(0.6).fillColor('#0f172a');
  }
  doc.moveTo(56, doc.y).lineTo(56 + width, doc.y).strokeColor('#cbd5e1').stroke();
  doc.moveDown(0.5);
  row('Total a pagar', formatMXN(factura.monto_total), true);
  row('Pagado', formatMXN(factura.monto_pagado));
  const saldo = (centavosOf(factura.monto_total) ?? 0) - (centavosOf(factura.monto_pagado) ?? 0);
  row('Saldo', formatMXN(saldo), true);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10).text(`Estado: ${{ pendiente: 'Pendiente', pagada_parcialmente: 'Pagada parcialmente', pagada: 'Pagada' }[factura.estado]}${factura.vencida ? ' · Vencida' : ''}`);
  if (factura.notas) {
    doc.moveDown(1);
    doc.fillColor(BLUE).font('Helvetica-Bold').text('Notas');
    doc.fillColor('#0f172a').font('Helvetica').text(factura.notas, { width });
  }
  doc.fillColor(GREY).fontSize(8).text('Generado con Bufete.', 56, doc.page.height - 80, { width, align: 'center' });
  doc.end();
  return done;
}
