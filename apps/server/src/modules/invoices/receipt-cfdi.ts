import { CFDI_ESTADO_LABEL, type CfdiEstado, FORMAS_PAGO, REGIMENES_FISCALES, USOS_CFDI } from '@bufete/shared';
import qrcode from 'qrcode-generator';
import { cadenaTfd, type Timbrado, verificacionUrl } from '../cfdi/service';

const BLUE = '#1e3a8a';
const GREY = '#475569';
const INK = '#0f172a';

/** What the printed CFDI needs: its stamp and where it stands. */
export interface CfdiImpreso {
  timbre: Timbrado;
  estado: CfdiEstado;
}

const nombreDe = (lista: readonly { clave: string; nombre: string }[], clave: string | null) =>
  clave ? `${clave} - ${lista.find((item) => item.clave === clave)?.nombre ?? ''}`.replace(/ - $/, '') : '';

/** The fields the SAT asks the printed version of a CFDI to show, as label and value. */
export function camposFiscales({ timbre }: CfdiImpreso): [string, string][] {
  const { comprobante } = timbre;
  return [
    ['Folio fiscal (UUID)', timbre.uuid],
    ['Serie y folio', [comprobante.serie, comprobante.folio].filter(Boolean).join('-')],
    ['Fecha y hora de emisión', comprobante.fecha],
    ['Fecha y hora de certificación', timbre.fechaTimbrado],
    ['No. de serie del CSD del emisor', comprobante.noCertificado],
    ['No. de serie del certificado del SAT', timbre.noCertificadoSat],
    ['RFC del proveedor de certificación', timbre.rfcProvCertif],
    ['Lugar de expedición (C.P.)', comprobante.lugarExpedicion],
    ['Tipo de comprobante', 'I - Ingreso'],
    ['Método de pago', comprobante.metodoPago === 'PUE' ? 'PUE - Pago en una sola exhibición' : 'PPD - Pago en parcialidades o diferido'],
    ['Forma de pago', comprobante.formaPago === '99' ? '99 - Por definir' : nombreDe(FORMAS_PAGO, comprobante.formaPago)],
    ['Moneda', 'MXN - Peso mexicano'],
    ['Exportación', '01 - No aplica'],
    ['Uso del CFDI', nombreDe(USOS_CFDI, timbre.receptor.usoCfdi)],
    ['Clave del producto o servicio', '80121600 - Servicios legales · Unidad E48 - Unidad de servicio'],
  ];
}

/** The parties as the CFDI states them (the SAT's records), not as typed in Bufete. */
export const emisorLineas = ({ timbre }: CfdiImpreso) => [
  timbre.emisor.nombre,
  `RFC: ${timbre.emisor.rfc}`,
  `Régimen fiscal: ${nombreDe(REGIMENES_FISCALES, timbre.emisor.regimenFiscal)}`,
];
export const receptorLineas = ({ timbre }: CfdiImpreso) => [
  timbre.receptor.nombre,
  `RFC: ${timbre.receptor.rfc}`,
  `Régimen fiscal: ${nombreDe(REGIMENES_FISCALES, timbre.receptor.regimenFiscal)}`,
  `Domicilio fiscal (C.P.): ${timbre.receptor.domicilioFiscal}`,
];

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
  const blocks: [string, string][] = [
    ['Sello digital del CFDI', cfdi.timbre.selloCfd],
    ['Sello digital del SAT', cfdi.timbre.selloSat],
    ['Cadena original del complemento de certificación digital del SAT', cadenaTfd(cfdi.timbre)],
  ];
  doc.moveDown(1);
  layout.room(qrSize + 10);
  const top = doc.y;
  drawQr(doc, verificacionUrl(cfdi.timbre), layout.margin, top, qrSize);
  doc.y = top;
  for (const [title, value] of blocks) {
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
