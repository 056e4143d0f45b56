import { CFDI_ESTADO_LABEL, type CfdiEstado } from '@bufete/shared';
import qrcode from 'qrcode-generator';

const BLUE = '#1e3a8a';
const GREY = '#475569';
const INK = '#0f172a';

/**
 * The printed version of a stamped CFDI, as the CFDI module reads it from the
 * stamp (cfdi/printed.ts): this module only lays it out on the receipt.
 */
export interface CfdiImpreso {
  uuid: string;
  estado: CfdiEstado;
  /** The fields the SAT asks the printed version to show, as label and value. */
  campos: [string, string][];
  /** The parties as the CFDI states them (the SAT's records). */
  emisor: string[];
  receptor: string[];
  /** The two seals and the cadena original del complemento de certificación, each titled. */
  sellos: [string, string][];
  /** The SAT's verification address, which the QR code holds. */
  verificacion: string;
}

/**
 * Draws the QR code with the SAT's verification address, as vector squares
 * (sharp at any zoom and printer), `size` points wide at (x, y).
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  // Four modules of quiet zone on each side, as readers expect.
  const cell = size / (count + 8);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) doc.rect(x + (col + 4) * cell, y + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill();
  doc.restore();
}

/**
 * The foot of the printed CFDI: its QR code beside the seals and the cadena
 * original del complemento de certificación digital del SAT, and the legend.
 * `room` starts a new page when the height asked for does not fit.
 */
export function drawSellos(doc: PDFKit.PDFDocument, cfdi: CfdiImpreso, layout: { margin: number; width: number; room: (height: number) => void }) {
  const qrSize = 110;
  const textX = layout.margin + qrSize + 14;
  const textWidth = layout.width - qrSize - 14;
  doc.moveDown(1);
  layout.room(qrSize + 10);
  const top = doc.y;
  drawQr(doc, cfdi.verificacion, layout.margin, top, qrSize);
  doc.y = top;
  for (const [title, value] of cfdi.sellos) {
    doc.font('Helvetica-Bold').fontSize(7.5).fillColor(BLUE).text(title, textX, doc.y, { width: textWidth });
    // Seals have no spaces: let them break anywhere.
    doc.font('Courier').fontSize(6.5).fillColor(INK).text(value, textX, doc.y, { width: textWidth, lineBreak: true });
    doc.moveDown(0.4);
  }
  doc.y = Math.max(doc.y, top + qrSize + 6);
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text('Este documento es una representación impresa de un CFDI.', layout.margin, doc.y, { width: layout.width });
  if (cfdi.estado !== 'vigente') {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#b91c1c').text(`Estado del CFDI: ${CFDI_ESTADO_LABEL[cfdi.estado]}`, layout.margin, doc.y, { width: layout.width });
  }
}
