import type { Cliente, Factura, Pago } from '@bufete/shared';
import { centavosOf, MSG, NOTA_CREDITO_MOTIVO_LABEL, wallClockIn, zonaHorariaDeCodigoPostal } from '@bufete/shared';
import { appError } from '../../http/errors';
import { CLAVE_SERVICIOS_LEGALES, type ComprobanteIngreso } from './comprobante';
import type { ComprobantePago } from './comprobante-pago';
import type { Timbrado } from './timbre';
import type { FiscalData } from '../profile/service';

/**
 * The CFDI's Fecha, 'YYYY-MM-DDTHH:mm:ss': the local time of its place of
 * issue (LugarExpedicion), whatever zone the lawyer's account or browser is in.
 */
export function fechaDeExpedicion(now: Date, lugarExpedicion: string): string {
  const { day, time } = wallClockIn(now, zonaHorariaDeCodigoPostal(lugarExpedicion));
  return `${day}T${time}:${String(now.getUTCSeconds()).padStart(2, '0')}`;
}

/** 'FACT-0001' → serie 'FACT', folio '0001': the CFDI carries the invoice's own number, the one on the screen, the receipt and the CSV. */
export function serieYFolio(numeroFactura: string): { serie: string | null; folio: string } {
  const match = /^(.*?)-?(\d+)$/.exec(numeroFactura);
  return match ? { serie: match[1] || null, folio: match[2]! } : { serie: null, folio: numeroFactura };
}

/**
 * An invoice as the CFDI de Ingreso the SAT expects (what the CFDI module
 * seals): its concept as one legal service, its taxes, how it is paid (PUE
 * with its payment's form when paid in full at once; PPD and 99 otherwise), the
 * serie and folio, the lawyer's régimen and código postal de expedición, and
 * the client's fiscal data (uso G03 when none was chosen). Says in Spanish
 * what is missing before anything is sealed.
 */
export function comprobanteOf(input: {
  factura: Factura;
  cliente: Cliente | null;
  fiscal: FiscalData;
  pagos: Pago[];
  now: Date;
}): Omit<ComprobanteIngreso, 'emisor' | 'certificado'> & { regimenFiscalEmisor: string } {
  const { factura, cliente, fiscal } = input;
  if (factura.estado === 'cancelada') throw appError('INVOICE_CANCELLED');
  const emisorFaltan = [!fiscal.regimen_fiscal && 'régimen fiscal', !fiscal.codigo_postal_expedicion && 'código postal de expedición'].filter(Boolean);
  if (emisorFaltan.length) throw appError('VALIDATION_ERROR', MSG.cfdi.emisorIncompleto(emisorFaltan.join(', ')));
  if (!cliente) throw appError('VALIDATION_ERROR', MSG.cfdi.sinCliente);
  const receptorFaltan = [
    !cliente.rfc && 'RFC',
    !cliente.razon_social && 'razón social',
    !cliente.codigo_postal && 'código postal',
    !cliente.regimen_fiscal && 'régimen fiscal',
  ].filter(Boolean);
  if (receptorFaltan.length) throw appError('VALIDATION_ERROR', MSG.cfdi.receptorIncompleto(receptorFaltan.join(', ')));
  const subtotal = centavosOf(factura.impuestos?.subtotal ?? factura.monto_total) ?? 0;
  // Paid in one go, with a known form: PUE. Anything else is paid later or in parts: PPD, form 99.
  const unSoloPago = factura.estado === 'pagada' && input.pagos.length === 1 && input.pagos[0]!.forma_pago !== '99' ? input.pagos[0]! : null;
  // An advance's CFDI is PUE with the form it was received with (Apéndice 6, A.I): it exists because the money did.
  if (factura.anticipo && !unSoloPago) throw appError('VALIDATION_ERROR', MSG.cfdi.anticipoSinPago);
  return {
    ...serieYFolio(factura.numero_factura),
    fecha: fechaDeExpedicion(input.now, fiscal.codigo_postal_expedicion!),
    formaPago: unSoloPago ? unSoloPago.forma_pago : '99',
    metodoPago: unSoloPago ? 'PUE' : 'PPD',
    lugarExpedicion: fiscal.codigo_postal_expedicion!,
    regimenFiscalEmisor: fiscal.regimen_fiscal!,
    receptor: {
      rfc: cliente.rfc!,
      nombre: cliente.razon_social!,
      domicilioFiscal: cliente.codigo_postal!,
      regimenFiscal: cliente.regimen_fiscal!,
      usoCfdi: cliente.uso_cfdi ?? 'G03',
    },
    conceptos: [
      factura.anticipo
        ? { ...CONCEPTO_ANTICIPO, descripcion: 'Anticipo del bien o servicio', valorUnitario: subtotal }
        : { claveProdServ: CLAVE_SERVICIOS_LEGALES, descripcion: factura.concepto, valorUnitario: subtotal },
    ],
    impuestos: factura.impuestos ? { iva: factura.impuestos.iva !== '0.00', retencion: factura.impuestos.retencion } : { iva: false, retencion: 'ninguna' },
  };
}

/** The one concept of an advance's CFDI and of its application's (Apéndice 6, A.I e and A.III e): 84111506 Servicios de facturación, 1 ACT. */
const CONCEPTO_ANTICIPO = { claveProdServ: '84111506', claveUnidad: 'ACT', unidad: null } as const;

/**
 * A payment of a PPD invoice as its Complemento de Pago: the receptor and
 * place of the invoice's stamped CFDI (what the SAT holds), which payment it
 * is in date order, what was owed before it, and the invoice's figures for
 * its taxes in proportion.
 */
export function comprobantePagoOf(input: {
  factura: Factura;
  ingreso: Timbrado;
  fiscal: FiscalData;
  pagos: Pago[];
  pagoId: string;
  now: Date;
}): Omit<ComprobantePago, 'emisor' | 'certificado'> & { regimenFiscalEmisor: string } {
  const { factura, ingreso } = input;
  // Oldest first: the order the payments were received in.
  const pagos = [...input.pagos].sort((a, b) => a.fecha.localeCompare(b.fecha));
  const index = pagos.findIndex((pago) => pago.id === input.pagoId);
  const pago = pagos[index]!;
  // 'No registrada' (payments recorded before Bufete asked how): the SAT needs the real form, never a guess.
  if (pago.forma_pago === '99') throw appError('VALIDATION_ERROR', MSG.cfdi.formaPagoDelComplemento, 'forma_pago');
  const total = centavosOf(factura.monto_total) ?? 0;
  // What its credit notes took off is no longer owed: the saldo the complements follow starts without it.
  const acreditado = centavosOf(factura.monto_acreditado) ?? 0;
  const previos = pagos.slice(0, index).reduce((sum, earlier) => sum + (centavosOf(earlier.monto) ?? 0), 0);
  return {
    serie: ingreso.comprobante.serie,
    folio: `${ingreso.comprobante.folio ?? factura.numero_factura}-P${index + 1}`,
    fecha: fechaDeExpedicion(input.now, ingreso.comprobante.lugarExpedicion),
    lugarExpedicion: ingreso.comprobante.lugarExpedicion,
    regimenFiscalEmisor: ingreso.emisor.regimenFiscal || input.fiscal.regimen_fiscal!,
    receptor: { rfc: ingreso.receptor.rfc, nombre: ingreso.receptor.nombre, domicilioFiscal: ingreso.receptor.domicilioFiscal, regimenFiscal: ingreso.receptor.regimenFiscal },
    pago: { fecha: pago.fecha, formaPago: pago.forma_pago, monto: centavosOf(pago.monto) ?? 0 },
    documento: {
      uuid: ingreso.uuid,
      serie: ingreso.comprobante.serie,
      folio: ingreso.comprobante.folio,
      numParcialidad: index + 1,
      saldoAnterior: total - acreditado - previos,
      subtotal: centavosOf(factura.impuestos?.subtotal ?? factura.monto_total) ?? 0,
      total,
      impuestos: factura.impuestos ? { iva: factura.impuestos.iva !== '0.00', retencion: factura.impuestos.retencion } : { iva: false, retencion: 'ninguna' },
      // With no credit note, the payments are all that pays it: the last one closes its taxes exactly.
      anteriores: acreditado === 0 ? pagos.slice(0, index).map((earlier) => centavosOf(earlier.monto) ?? 0) : undefined,
    },
  };
}

/** The receptor regimes c_UsoCFDI allows G02 for (shared/cfdi/catalogos-cfdi40.json). */
const G02_REGIMENES = ['601', '603', '606', '612', '616', '620', '621', '622', '623', '624', '625', '626'];

/**
 * A credit note as its CFDI de egreso (Anexo 20, Apéndice 5, II): related 01
 * to the invoice's stamped CFDI, PUE, the form the discount or refund is given
 * with ('15' Condonación when nothing was paid), the invoice's concept clave
 * and receptor as its CFDI states them, use G02 (devoluciones, descuentos o
 * bonificaciones) where the receptor's régimen allows it, and the invoice's
 * taxes on the amount credited.
 */
export function comprobanteEgresoOf(input: {
  factura: Factura;
  ingreso: Timbrado;
  fiscal: FiscalData;
  nota: { numero: number; motivo: string; descripcion: string | null; formaPago: string; subtotal: string };
  now: Date;
}): Omit<ComprobanteIngreso, 'emisor' | 'certificado'> & { regimenFiscalEmisor: string } {
  const { factura, ingreso, nota } = input;
  const usoG02 = G02_REGIMENES.includes(ingreso.receptor.regimenFiscal);
  const motivo = NOTA_CREDITO_MOTIVO_LABEL[nota.motivo as keyof typeof NOTA_CREDITO_MOTIVO_LABEL] ?? 'Nota de crédito';
  // An advance applied (Apéndice 6, A.III): related 07 to the final invoice, forma 30, its own concept.
  const aplicacion = nota.motivo === 'anticipo';
  return {
    tipoDeComprobante: 'E',
    serie: ingreso.comprobante.serie,
    folio: `${ingreso.comprobante.folio ?? factura.numero_factura}-NC${nota.numero}`,
    fecha: fechaDeExpedicion(input.now, ingreso.comprobante.lugarExpedicion),
    formaPago: nota.formaPago,
    metodoPago: 'PUE',
    lugarExpedicion: ingreso.comprobante.lugarExpedicion,
    regimenFiscalEmisor: ingreso.emisor.regimenFiscal || input.fiscal.regimen_fiscal!,
    receptor: { ...ingreso.receptor, usoCfdi: usoG02 ? 'G02' : ingreso.receptor.usoCfdi },
    relacionados: { tipoRelacion: aplicacion ? '07' : '01', uuids: [ingreso.uuid] },
    conceptos: [
      aplicacion
        ? { ...CONCEPTO_ANTICIPO, descripcion: 'Aplicación de anticipo', valorUnitario: centavosOf(nota.subtotal) ?? 0 }
        : {
            claveProdServ: CLAVE_SERVICIOS_LEGALES,
            descripcion: `${motivo} sobre ${factura.numero_factura}${nota.descripcion ? `: ${nota.descripcion}` : ''}`,
            valorUnitario: centavosOf(nota.subtotal) ?? 0,
          },
    ],
    impuestos: factura.impuestos ? { iva: factura.impuestos.iva !== '0.00', retencion: factura.impuestos.retencion } : { iva: false, retencion: 'ninguna' },
  };
}
