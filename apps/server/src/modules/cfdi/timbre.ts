import { DOMParser, type Element } from '@xmldom/xmldom';
import { DEFAULT_TIME_ZONE, instantIn } from '@bufete/shared';

const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';
const PAGOS_NS = 'http://www.sat.gob.mx/Pagos20';

/** What a stamped CFDI says of itself: enough to print it, verify it and ask the SAT about it. */
export interface Timbrado {
  uuid: string;
  /** As in the TFD: the SAT's wall clock in Mexico City, 'YYYY-MM-DDTHH:mm:ss'. */
  fechaTimbrado: string;
  fechaTimbradoInstant: Date;
  rfcProvCertif: string;
  leyenda: string | null;
  selloCfd: string;
  noCertificadoSat: string;
  selloSat: string;
  comprobante: {
    tipo: string;
    serie: string | null;
    folio: string | null;
    fecha: string;
    total: string;
    subTotal: string;
    sello: string;
    noCertificado: string;
    formaPago: string | null;
    metodoPago: string | null;
    lugarExpedicion: string;
    exportacion: string;
  };
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  receptor: { rfc: string; nombre: string; domicilioFiscal: string; regimenFiscal: string; usoCfdi: string };
  /** Complemento de Pagos 2.0: each payment's total. */
  pagos: { fecha: string; formaPago: string; monto: string }[];
  /** CfdiRelacionados: the CFDI it relates, by c_TipoRelacion. */
  relacionados: { tipoRelacion: string; uuids: string[] }[];
  /** Its concepts: what the printed version lists (a global invoice's receipts, an advance's clave). */
  conceptos: { claveProdServ: string; noIdentificacion: string | null; claveUnidad: string; descripcion: string; importe: string }[];
  /** A factura global's InformacionGlobal. */
  informacionGlobal: { periodicidad: string; meses: string; anio: string } | null;
}

export class TimbreIlegible extends Error {}

/** The document element of an XML text; TimbreIlegible when it is not well formed. */
function rootOf(xml: string) {
  try {
    return new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new TimbreIlegible(message);
      },
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch {
    throw new TimbreIlegible('XML mal formado');
  }
}

/**
 * Reads a stamped CFDI (the PAC's answer, or one kept): its
 * TimbreFiscalDigital and the comprobante's fields the printed version and
 * the SAT's services need. Throws TimbreIlegible when it is not one.
 */
export function readTimbrado(xml: string): Timbrado {
  const root = rootOf(xml);
  if (!root || root.namespaceURI !== CFDI_NS || root.localName !== 'Comprobante') throw new TimbreIlegible('no es un CFDI 4.0');
  const tfd = root.getElementsByTagNameNS(TFD_NS, 'TimbreFiscalDigital')[0];
  if (!tfd) throw new TimbreIlegible('sin TimbreFiscalDigital');
  const emisor = root.getElementsByTagNameNS(CFDI_NS, 'Emisor')[0];
  const receptor = root.getElementsByTagNameNS(CFDI_NS, 'Receptor')[0];
  if (!emisor || !receptor) throw new TimbreIlegible('sin Emisor o Receptor');
  const attr = (element: Element, name: string) => element.getAttribute(name) ?? '';
  const optional = (element: Element, name: string) => (element.hasAttribute(name) ? element.getAttribute(name) : null);
  const uuid = attr(tfd, 'UUID').toUpperCase();
  const fechaTimbrado = attr(tfd, 'FechaTimbrado');
  if (!/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/.test(uuid)) throw new TimbreIlegible('UUID inválido');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(fechaTimbrado)) throw new TimbreIlegible('FechaTimbrado inválida');
  const [day, time] = fechaTimbrado.split('T') as [string, string];
  const global = root.getElementsByTagNameNS(CFDI_NS, 'InformacionGlobal')[0];
  const pagos = Array.from(root.getElementsByTagNameNS(PAGOS_NS, 'Pago')).map((pago) => ({
    fecha: attr(pago, 'FechaPago'),
    formaPago: attr(pago, 'FormaDePagoP'),
    monto: attr(pago, 'Monto'),
  }));
  return {
    uuid,
    fechaTimbrado,
    fechaTimbradoInstant: new Date(instantIn(day, time.slice(0, 5), DEFAULT_TIME_ZONE).getTime() + Number(time.slice(6, 8)) * 1000),
    rfcProvCertif: attr(tfd, 'RfcProvCertif'),
    leyenda: optional(tfd, 'Leyenda'),
    selloCfd: attr(tfd, 'SelloCFD'),
    noCertificadoSat: attr(tfd, 'NoCertificadoSAT'),
    selloSat: attr(tfd, 'SelloSAT'),
    comprobante: {
      tipo: attr(root, 'TipoDeComprobante'),
      serie: optional(root, 'Serie'),
      folio: optional(root, 'Folio'),
      fecha: attr(root, 'Fecha'),
      total: attr(root, 'Total'),
      subTotal: attr(root, 'SubTotal'),
      sello: attr(root, 'Sello'),
      noCertificado: attr(root, 'NoCertificado'),
      formaPago: optional(root, 'FormaPago'),
      metodoPago: optional(root, 'MetodoPago'),
      lugarExpedicion: attr(root, 'LugarExpedicion'),
      exportacion: attr(root, 'Exportacion'),
    },
    emisor: { rfc: attr(emisor, 'Rfc'), nombre: attr(emisor, 'Nombre'), regimenFiscal: attr(emisor, 'RegimenFiscal') },
    receptor: {
      rfc: attr(receptor, 'Rfc'),
      nombre: attr(receptor, 'Nombre'),
      domicilioFiscal: attr(receptor, 'DomicilioFiscalReceptor'),
      regimenFiscal: attr(receptor, 'RegimenFiscalReceptor'),
      usoCfdi: attr(receptor, 'UsoCFDI'),
    },
    pagos,
    relacionados: Array.from(root.getElementsByTagNameNS(CFDI_NS, 'CfdiRelacionados')).map((group) => ({
      tipoRelacion: attr(group, 'TipoRelacion'),
      uuids: Array.from(group.getElementsByTagNameNS(CFDI_NS, 'CfdiRelacionado')).map((item) => attr(item, 'UUID').toUpperCase()),
    })),
    conceptos: Array.from(root.getElementsByTagNameNS(CFDI_NS, 'Concepto')).map((concepto) => ({
      claveProdServ: attr(concepto, 'ClaveProdServ'),
      noIdentificacion: optional(concepto, 'NoIdentificacion'),
      claveUnidad: attr(concepto, 'ClaveUnidad'),
      descripcion: attr(concepto, 'Descripcion'),
      importe: attr(concepto, 'Importe'),
    })),
    informacionGlobal: global ? { periodicidad: attr(global, 'Periodicidad'), meses: attr(global, 'Meses'), anio: attr(global, 'Año') } : null,
  };
}

/** The cadena original del complemento de certificación digital del SAT, as cadenaoriginal_TFD_1_1.xslt writes it. */
export function cadenaTfd(timbre: Timbrado): string {
  const fields = ['1.1', timbre.uuid, timbre.fechaTimbrado, timbre.rfcProvCertif, ...(timbre.leyenda ? [timbre.leyenda] : []), timbre.selloCfd, timbre.noCertificadoSat];
  return `||${fields.map((field) => field.replace(/\s+/g, ' ').trim()).join('|')}||`;
}

/** Total as the SAT's QR and status service want it: up to six decimals, non-significant zeros dropped, at least one ('1160.0'). */
export function totalExpresion(total: string): string {
  const fixed = Number(total).toFixed(6).replace(/0+$/, '');
  return fixed.endsWith('.') ? `${fixed}0` : fixed;
}

const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The query of the SAT's verification (Anexo 20, 4.0): id, re, rr, tt, fe (the seal's last 8 characters). */
export function expresionImpresa(timbre: Timbrado): string {
  return `?id=${timbre.uuid}&re=${xmlEscape(timbre.emisor.rfc)}&rr=${xmlEscape(timbre.receptor.rfc)}&tt=${totalExpresion(timbre.comprobante.total)}&fe=${timbre.comprobante.sello.slice(-8)}`;
}

/** What the printed CFDI's QR code holds: the SAT's verification page for this CFDI. */
export const verificacionUrl = (timbre: Timbrado) => `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx${expresionImpresa(timbre)}`;

/** The comprobante's own fields, stamped or not (a CFDI waiting for its stamp has no TFD yet). */
export function readComprobante(xml: string): { serie: string | null; folio: string | null; total: string; metodoPago: string | null } {
  const root = rootOf(xml);
  if (!root || root.namespaceURI !== CFDI_NS) throw new TimbreIlegible('no es un CFDI 4.0');
  const optional = (name: string) => (root.hasAttribute(name) ? root.getAttribute(name) : null);
  return { serie: optional('Serie'), folio: optional('Folio'), total: root.getAttribute('Total') ?? '0', metodoPago: optional('MetodoPago') };
}
