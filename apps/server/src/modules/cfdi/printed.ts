import { type CfdiEstado, FORMAS_PAGO, MESES_GLOBAL, PERIODICIDADES_GLOBAL, REGIMENES_FISCALES, TIPOS_RELACION_CFDI, USOS_CFDI } from '@bufete/shared';
import type { CfdiImpreso } from '../invoices/service';
import { cadenaTfd, type Timbrado, verificacionUrl } from './timbre';

const nombreDe = (lista: readonly { clave: string; nombre: string }[], clave: string | null) =>
  clave ? `${clave} - ${lista.find((item) => item.clave === clave)?.nombre ?? ''}`.replace(/ - $/, '') : '';

const NOMBRE_CLAVE: Record<string, string> = {
  '80121600': '80121600 - Servicios legales',
  '84111506': '84111506 - Servicios de facturación',
  '01010101': '01010101 - No existe en el catálogo',
};
const NOMBRE_UNIDAD: Record<string, string> = { E48: 'E48 - Unidad de servicio', ACT: 'ACT - Actividad' };

/** The concepts' claves de producto o servicio and units, each once ('80121600 - Servicios legales · Unidad E48 - Unidad de servicio'). */
function claves(timbre: Timbrado): string {
  const distintas = [...new Set(timbre.conceptos.map((concepto) => `${concepto.claveProdServ}|${concepto.claveUnidad}`))];
  return distintas
    .map((pair) => {
      const [clave, unidad] = pair.split('|') as [string, string];
      return `${NOMBRE_CLAVE[clave] ?? clave} · Unidad ${NOMBRE_UNIDAD[unidad] ?? unidad}`;
    })
    .join('; ');
}

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
      ['Clave del producto o servicio', claves(timbre)],
      ...(timbre.informacionGlobal
        ? [
            [
              'Información global',
              `Periodicidad ${nombreDe(PERIODICIDADES_GLOBAL, timbre.informacionGlobal.periodicidad)} · Meses ${nombreDe(MESES_GLOBAL, timbre.informacionGlobal.meses)} · Año ${timbre.informacionGlobal.anio}`,
            ] as [string, string],
          ]
        : []),
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
