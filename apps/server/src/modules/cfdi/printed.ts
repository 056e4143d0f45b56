import { type CfdiEstado, FORMAS_PAGO, REGIMENES_FISCALES, TIPOS_RELACION_CFDI, USOS_CFDI } from '@bufete/shared';
import type { CfdiImpreso } from '../invoices/service';
import { cadenaTfd, type Timbrado, verificacionUrl } from './timbre';

const nombreDe = (lista: readonly { clave: string; nombre: string }[], clave: string | null) =>
  clave ? `${clave} - ${lista.find((item) => item.clave === clave)?.nombre ?? ''}`.replace(/ - $/, '') : '';

/**
 * What the printed version of a stamped CFDI de Ingreso shows (the invoice's
 * receipt draws it): the fields the SAT asks for, the parties as the CFDI
 * states them (the SAT's records, not as typed in Bufete), the seals with the
 * cadena original del complemento de certificación, and the verification address.
 */
export function printedOf(timbre: Timbrado, estado: CfdiEstado): CfdiImpreso {
  const { comprobante } = timbre;
  return {
    uuid: timbre.uuid,
    estado,
    campos: [
      ['Folio fiscal (UUID)', timbre.uuid],
      ['Serie y folio', [comprobante.serie, comprobante.folio].filter(Boolean).join('-')],
      ['Fecha y hora de emisión', comprobante.fecha],
      ['Fecha y hora de certificación', timbre.fechaTimbrado],
      ['No. de serie del CSD del emisor', comprobante.noCertificado],
      ['No. de serie del certificado del SAT', timbre.noCertificadoSat],
      ['RFC del proveedor de certificación', timbre.rfcProvCertif],
      ['Lugar de expedición (C.P.)', comprobante.lugarExpedicion],
      ['Tipo de comprobante', comprobante.tipo === 'E' ? 'E - Egreso' : 'I - Ingreso'],
      ['Método de pago', comprobante.metodoPago === 'PUE' ? 'PUE - Pago en una sola exhibición' : 'PPD - Pago en parcialidades o diferido'],
      ['Forma de pago', comprobante.formaPago === '99' ? '99 - Por definir' : nombreDe(FORMAS_PAGO, comprobante.formaPago)],
      ['Moneda', 'MXN - Peso mexicano'],
      ['Exportación', '01 - No aplica'],
      ['Uso del CFDI', nombreDe(USOS_CFDI, timbre.receptor.usoCfdi)],
      ['Clave del producto o servicio', '80121600 - Servicios legales · Unidad E48 - Unidad de servicio'],
      // A substitute (04) names the CFDI it replaces: what an accountant looks for on paper.
      ...timbre.relacionados.map((group): [string, string] => ['CFDI relacionados', `${nombreDe(TIPOS_RELACION_CFDI, group.tipoRelacion)}: ${group.uuids.join(', ')}`]),
    ],
    emisor: [timbre.emisor.nombre, `RFC: ${timbre.emisor.rfc}`, `Régimen fiscal: ${nombreDe(REGIMENES_FISCALES, timbre.emisor.regimenFiscal)}`],
    receptor: [
      timbre.receptor.nombre,
      `RFC: ${timbre.receptor.rfc}`,
      `Régimen fiscal: ${nombreDe(REGIMENES_FISCALES, timbre.receptor.regimenFiscal)}`,
      `Domicilio fiscal (C.P.): ${timbre.receptor.domicilioFiscal}`,
    ],
    sellos: [
      ['Sello digital del CFDI', timbre.selloCfd],
      ['Sello digital del SAT', timbre.selloSat],
      ['Cadena original del complemento de certificación digital del SAT', cadenaTfd(timbre)],
    ],
    verificacion: verificacionUrl(timbre),
  };
}
