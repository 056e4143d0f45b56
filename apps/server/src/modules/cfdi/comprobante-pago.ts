import { moneyString, type Retencion, roundDiv } from '@bufete/shared';
import { amountsOf, type Attributes, cadenaOf, element, emisorAttributes, type ImpuestoCalculado, receptorAttributes } from './comprobante';

/**
 * A CFDI de tipo Pago with its Complemento de Recepción de Pagos 2.0: one
 * payment of one PPD invoice (its CFDI de Ingreso named by UUID), as the SAT's
 * cfdv40.xsd and Pagos20.xsd describe it, with its cadena original in the
 * order of cadenaoriginal_4_0.xslt and Pagos20.xslt (the tests compare both
 * with the SAT's files). The payment's taxes are the invoice's in proportion:
 * BaseDR = paid × subtotal ÷ total, each tax its BaseDR × TasaOCuota to the centavo.
 */
export interface ComprobantePago {
  serie: string | null;
  folio: string | null;
  fecha: string;
  lugarExpedicion: string;
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  receptor: { rfc: string; nombre: string; domicilioFiscal: string; regimenFiscal: string };
  certificado: { noCertificado: string; certificado: string };
  /** The payment: its day (YYYY-MM-DD), c_FormaPago and amount in centavos. */
  pago: { fecha: string; formaPago: string; monto: number };
  /** The invoice paid: its CFDI's UUID, serie and folio, which payment this is, what was owed before it, and its figures. */
  documento: {
    uuid: string;
    serie: string | null;
    folio: string | null;
    numParcialidad: number;
    saldoAnterior: number;
    subtotal: number;
    total: number;
    impuestos: { iva: boolean; retencion: Retencion };
    /**
     * The earlier payments of the invoice (centavos, oldest first) when they
     * and this one are all that pays it (no credit note took part of it): the
     * last one then closes the invoice's taxes to the centavo.
     */
    anteriores?: number[];
  };
}

const NAMESPACES: Attributes = [
  ['xmlns:cfdi', 'http://www.sat.gob.mx/cfd/4'],
  ['xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance'],
  ['xmlns:pago20', 'http://www.sat.gob.mx/Pagos20'],
  [
    'xsi:schemaLocation',
    'http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd http://www.sat.gob.mx/Pagos20 http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd',
  ],
];

/** The taxes of `monto` paid of an invoice: the invoice's, on the part of its subtotal it covers. */
function proportionalTaxes(documento: ComprobantePago['documento'], monto: number) {
  const base = roundDiv(monto * documento.subtotal, documento.total);
  const { traslados, retenciones } = amountsOf({ conceptos: [{ claveProdServ: '', descripcion: '', valorUnitario: base }], impuestos: documento.impuestos });
  return { base, traslados, retenciones };
}

const taxKey = (tax: ImpuestoCalculado) => `${tax.impuesto}|${tax.tasa}`;

/**
 * What is left of each of the invoice's taxes after the earlier payments took
 * theirs: the last payment's, so that the payments' taxes add up to the
 * invoice's exactly (two halves rounded each may leave a centavo out). Kept
 * only while each tax stays within a centavo of its base × rate, which the
 * SAT's rule for ImporteDR allows.
 */
function closingTaxes(own: ImpuestoCalculado[], whole: ImpuestoCalculado[], earlier: ImpuestoCalculado[][]): ImpuestoCalculado[] {
  const closed = own.map((tax) => {
    const full = whole.find((candidate) => taxKey(candidate) === taxKey(tax));
    if (!full) return tax;
    const before = earlier.flat().filter((candidate) => taxKey(candidate) === taxKey(tax));
    return { ...tax, base: full.base - before.reduce((sum, item) => sum + item.base, 0), importe: full.importe - before.reduce((sum, item) => sum + item.importe, 0) };
  });
  const withinRule = closed.every((tax) => Math.abs(tax.importe - tax.base * Number(tax.tasa)) <= 1);
  return withinRule ? closed : own;
}

/** The payment's taxes: the invoice's, on the part of its subtotal this payment covers; the last payment closes them exactly. */
export function pagoAmountsOf(input: Pick<ComprobantePago, 'pago' | 'documento'>) {
  const { documento } = input;
  const own = proportionalTaxes(documento, input.pago.monto);
  const closes = documento.anteriores !== undefined && documento.saldoAnterior === input.pago.monto && documento.anteriores.length > 0;
  if (!closes) return own;
  const whole = amountsOf({ conceptos: [{ claveProdServ: '', descripcion: '', valorUnitario: documento.subtotal }], impuestos: documento.impuestos });
  const earlier = documento.anteriores!.map((monto) => proportionalTaxes(documento, monto));
  const traslados = closingTaxes(
    own.traslados,
    whole.traslados,
    earlier.map((payment) => payment.traslados),
  );
  const retenciones = closingTaxes(
    own.retenciones,
    whole.retenciones,
    earlier.map((payment) => payment.retenciones),
  );
  return { base: traslados[0]?.base ?? own.base, traslados, retenciones };
}

export function buildComprobantePago(input: ComprobantePago, sello = '') {
  const money = moneyString;
  const { traslados, retenciones } = pagoAmountsOf(input);
  const { documento } = input;
  const comprobante: Attributes = [
    ['Version', '4.0'],
    ['Serie', input.serie],
    ['Folio', input.folio],
    ['Fecha', input.fecha],
    ['Sello', sello],
    ['NoCertificado', input.certificado.noCertificado],
    ['Certificado', input.certificado.certificado],
    ['SubTotal', '0'],
    ['Moneda', 'XXX'],
    ['Total', '0'],
    ['TipoDeComprobante', 'P'],
    ['Exportacion', '01'],
    ['LugarExpedicion', input.lugarExpedicion],
  ];
  const emisor = emisorAttributes(input.emisor);
  const receptor = receptorAttributes(input.receptor, 'CP01');
  const concepto: Attributes = [
    ['ClaveProdServ', '84111506'],
    ['Cantidad', '1'],
    ['ClaveUnidad', 'ACT'],
    ['Descripcion', 'Pago'],
    ['ValorUnitario', '0'],
    ['Importe', '0'],
    ['ObjetoImp', '01'],
  ];
  const sum = (taxes: ImpuestoCalculado[], impuesto: string, which: 'base' | 'importe') =>
    taxes.filter((tax) => tax.impuesto === impuesto).reduce((total, tax) => total + tax[which], 0);
  const totales: Attributes = [
    ['TotalRetencionesIVA', retenciones.some((tax) => tax.impuesto === '002') ? money(sum(retenciones, '002', 'importe')) : null],
    ['TotalRetencionesISR', retenciones.some((tax) => tax.impuesto === '001') ? money(sum(retenciones, '001', 'importe')) : null],
    ['TotalTrasladosBaseIVA16', traslados.length ? money(sum(traslados, '002', 'base')) : null],
    ['TotalTrasladosImpuestoIVA16', traslados.length ? money(sum(traslados, '002', 'importe')) : null],
    ['MontoTotalPagos', money(input.pago.monto)],
  ];
  const pago: Attributes = [
    ['FechaPago', `${input.pago.fecha}T12:00:00`],
    ['FormaDePagoP', input.pago.formaPago],
    ['MonedaP', 'MXN'],
    ['TipoCambioP', '1'],
    ['Monto', money(input.pago.monto)],
  ];
  const hasTaxes = traslados.length > 0 || retenciones.length > 0;
  const docto: Attributes = [
    ['IdDocumento', documento.uuid],
    ['Serie', documento.serie],
    ['Folio', documento.folio],
    ['MonedaDR', 'MXN'],
    ['EquivalenciaDR', '1'],
    ['NumParcialidad', String(documento.numParcialidad)],
    ['ImpSaldoAnt', money(documento.saldoAnterior)],
    ['ImpPagado', money(input.pago.monto)],
    ['ImpSaldoInsoluto', money(documento.saldoAnterior - input.pago.monto)],
    ['ObjetoImpDR', hasTaxes ? '02' : '01'],
  ];
  const taxDR = (tax: ImpuestoCalculado): Attributes => [
    ['BaseDR', money(tax.base)],
    ['ImpuestoDR', tax.impuesto],
    ['TipoFactorDR', 'Tasa'],
    ['TasaOCuotaDR', tax.tasa],
    ['ImporteDR', money(tax.importe)],
  ];
  const retencionesP: Attributes[] = ['001', '002']
    .filter((impuesto) => retenciones.some((tax) => tax.impuesto === impuesto))
    .map((impuesto) => [
      ['ImpuestoP', impuesto],
      ['ImporteP', money(sum(retenciones, impuesto, 'importe'))],
    ]);
  const trasladosP: Attributes[] = traslados.map((tax) => [
    ['BaseP', money(tax.base)],
    ['ImpuestoP', tax.impuesto],
    ['TipoFactorP', 'Tasa'],
    ['TasaOCuotaP', tax.tasa],
    ['ImporteP', money(tax.importe)],
  ]);

  const impuestosDR = hasTaxes
    ? [
        element(
          'pago20:ImpuestosDR',
          [],
          [
            ...(retenciones.length
              ? [
                  element(
                    'pago20:RetencionesDR',
                    [],
                    retenciones.map((tax) => element('pago20:RetencionDR', taxDR(tax))),
                  ),
                ]
              : []),
            ...(traslados.length
              ? [
                  element(
                    'pago20:TrasladosDR',
                    [],
                    traslados.map((tax) => element('pago20:TrasladoDR', taxDR(tax))),
                  ),
                ]
              : []),
          ],
        ),
      ]
    : [];
  const impuestosP = hasTaxes
    ? [
        element(
          'pago20:ImpuestosP',
          [],
          [
            ...(retencionesP.length
              ? [
                  element(
                    'pago20:RetencionesP',
                    [],
                    retencionesP.map((tax) => element('pago20:RetencionP', tax)),
                  ),
                ]
              : []),
            ...(trasladosP.length
              ? [
                  element(
                    'pago20:TrasladosP',
                    [],
                    trasladosP.map((tax) => element('pago20:TrasladoP', tax)),
                  ),
                ]
              : []),
          ],
        ),
      ]
    : [];
  const pagos = element(
    'pago20:Pagos',
    [['Version', '2.0']],
    [element('pago20:Totales', totales), element('pago20:Pago', pago, [element('pago20:DoctoRelacionado', docto, impuestosDR), ...impuestosP])],
  );
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    element(
      'Comprobante',
      [...NAMESPACES, ...comprobante],
      [element('Emisor', emisor), element('Receptor', receptor), element('Conceptos', [], [element('Concepto', concepto)]), element('Complemento', [], [pagos])],
    );

  const values = (attributes: Attributes) => attributes.map(([, value]) => value);
  const cadena = cadenaOf([
    ...values(comprobante.filter(([key]) => key !== 'Sello' && key !== 'Certificado')),
    ...values(emisor),
    ...values(receptor),
    ...values(concepto),
    '2.0',
    ...values(totales),
    ...values(pago),
    ...values(docto),
    ...retenciones.flatMap((tax) => values(taxDR(tax))),
    ...traslados.flatMap((tax) => values(taxDR(tax))),
    ...retencionesP.flatMap(values),
    ...trasladosP.flatMap(values),
  ]);
  return { xml, cadena };
}
