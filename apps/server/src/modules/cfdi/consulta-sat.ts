import type { CfdiEstado } from '@bufete/shared';
import { PacUnavailable, readCapped } from './pac/pac';

/** What the SAT's status service (ConsultaCFDIService) says of a CFDI. */
export interface EstadoSat {
  /** 'Vigente', 'Cancelado' or 'No Encontrado'. */
  estado: string;
  /** '' while none was asked for; 'En proceso', 'Cancelado sin aceptación', 'Plazo vencido', 'Cancelado con aceptación', 'Solicitud rechazada'. */
  estatusCancelacion: string;
  esCancelable: string;
  codigoEstatus: string;
}

const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const field = (xml: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(xml)?.[1]?.trim() ?? '';

/**
 * Asks the SAT's public SOAP service whether a CFDI is vigente or cancelado
 * (https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc,
 * operation Consulta, with the CFDI's expresión impresa). No credentials; a
 * timeout and a cap on what is read. Throws PacUnavailable when it does not answer.
 */
export async function consultaSat(url: string, expresion: string, options: { timeoutMs: number; fetchImpl?: typeof fetch }): Promise<EstadoSat> {
  const body = `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tem="http://tempuri.org/"><soapenv:Header/><soapenv:Body><tem:Consulta><tem:expresionImpresa>${xmlEscape(expresion)}</tem:expresionImpresa></tem:Consulta></soapenv:Body></soapenv:Envelope>`;
  let text: string;
  try {
    const response = await (options.fetchImpl ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'http://tempuri.org/IConsultaCFDIService/Consulta' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    text = await readCapped(response, 256 * 1024);
    if (!response.ok) throw new PacUnavailable(`HTTP ${response.status}`);
  } catch (error) {
    throw error instanceof PacUnavailable ? error : new PacUnavailable(error instanceof Error ? error.message : String(error));
  }
  const estado = field(text, 'Estado');
  if (!estado) throw new PacUnavailable('respuesta sin Estado');
  return { estado, estatusCancelacion: field(text, 'EstatusCancelacion'), esCancelable: field(text, 'EsCancelable'), codigoEstatus: field(text, 'CodigoEstatus') };
}

/** Where the SAT's answer leaves a CFDI. */
export function estadoSegunSat(current: CfdiEstado, sat: EstadoSat): CfdiEstado {
  if (sat.estado === 'Cancelado') return 'cancelado';
  // 'No Encontrado': a new CFDI can take a while to be listed.
  if (sat.estado !== 'Vigente') return current;
  if (sat.estatusCancelacion === 'En proceso') return 'cancelacion_en_proceso';
  // The receptor said no: it stays valid.
  if (sat.estatusCancelacion === 'Solicitud rechazada') return 'vigente';
  // Valid, or a cancellation the SAT has not registered yet.
  return current;
}

export const etiquetaSat = (sat: EstadoSat) => (sat.estatusCancelacion ? `${sat.estado} · ${sat.estatusCancelacion}` : sat.estado);
