import { IVA_RETENIDO_MILLONESIMAS, ivaRetenidoDe, moneyString, type Retencion, roundDiv } from '@bufete/shared';

/**
 * A CFDI 4.0 de Ingreso for a lawyer's fees, built from the invoice: the XML
 * the SAT's cfdv40.xsd describes and its cadena original, in the order of the
 * SAT's cadenaoriginal_4_0.xslt (both made from the same model here; the tests
 * check them against the SAT's XSD and XSLT). Money is integer centavos; the
 * taxes follow Anexo 20: each concept's tax is its base × the rate, rounded to
 * 2 decimals, and the comprobante's are the sums of its concepts'.
 */
export interface ComprobanteIngreso {
  /** 'I' ingreso (the default), 'E' egreso: a credit note, or an advance applied. */
  tipoDeComprobante?: 'I' | 'E';
  serie: string | null;
  folio: string | null;
  /** Local time where it is issued, 'YYYY-MM-DDTHH:mm:ss' (no zone, as the SAT asks). */
  fecha: string;
  formaPago: string;
  metodoPago: 'PUE' | 'PPD';
  /** Código postal de expedición. */
  lugarExpedicion: string;
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  receptor: { rfc: string; nombre: string; domicilioFiscal: string; regimenFiscal: string; usoCfdi: string };
  /** A factura global's period (c_Periodicidad, c_Meses, the year): only with the receptor XAXX010101000. */
  informacionGlobal?: { periodicidad: string; meses: string; anio: number } | null;
  /** The CFDI this one relates to (c_TipoRelacion: 01 nota de crédito, 04 sustitución, 07 anticipo) by their folio fiscal. */
  relacionados?: { tipoRelacion: string; uuids: string[] } | null;
  conceptos: Concepto[];
  impuestos: { iva: boolean; retencion: Retencion };
  certificado: { noCertificado: string; certificado: string };
}

/**
 * One line of the comprobante (Cantidad 1): a legal service by default
 * (80121600, E48 'Servicio'); an advance, its application or a receipt in a
 * factura global give their own claves, and a receipt its number.
 */
export interface Concepto {
  claveProdServ: string;
  noIdentificacion?: string | null;
  claveUnidad?: string;
  unidad?: string | null;
  descripcion: string;
  valorUnitario: number;
  /** Overrides the comprobante's IVA for this line (a global invoice's receipts, with and without IVA). */
  iva?: boolean;
}

/** c_ClaveProdServ 80121600: Servicios legales (the lawyer's fees). */
export const CLAVE_SERVICIOS_LEGALES = '80121600';
/** c_ClaveUnidad E48: Unidad de servicio. */
const CLAVE_UNIDAD_SERVICIO = 'E48';

interface Impuesto {
  impuesto: '001' | '002';
  tasa: string;
  /** The rate as a fraction of 1,000,000 (TasaOCuota has six decimals). */
  millonesimas: number;
}
const IVA_TRASLADADO: Impuesto = { impuesto: '002', tasa: '0.160000', millonesimas: 160_000 };
const IVA_RETENIDO: Impuesto = { impuesto: '002', tasa: '0.106667', millonesimas: IVA_RETENIDO_MILLONESIMAS };
const ISR_RETENIDO: Record<Exclude<Retencion, 'ninguna'>, Impuesto> = {
  '612': { impuesto: '001', tasa: '0.100000', millonesimas: 100_000 },
  '626': { impuesto: '001', tasa: '0.012500', millonesimas: 12_500 },
};

export interface ImpuestoCalculado extends Impuesto {
  base: number;
  importe: number;
}

const calculado = (impuesto: Impuesto, base: number): ImpuestoCalculado => ({ ...impuesto, base, importe: roundDiv(base * impuesto.millonesimas, 1_000_000) });

/** The amounts of each concept and of the comprobante. */
export function amountsOf(input: Pick<ComprobanteIngreso, 'conceptos' | 'impuestos'>) {
  const conceptos = input.conceptos.map((concepto) => {
    const importe = concepto.valorUnitario; // Cantidad 1
    const traslados = (concepto.iva ?? input.impuestos.iva) ? [calculado(IVA_TRASLADADO, importe)] : [];
    const retencion = input.impuestos.retencion;
    // IVA withheld: two thirds of the IVA within Anexo 20's bounds, as the invoice computed it (dinero.ts).
    const ivaRetenido = traslados[0] ? [{ ...IVA_RETENIDO, base: importe, importe: ivaRetenidoDe(importe, traslados[0].importe) }] : [];
    const retenciones = retencion === 'ninguna' ? [] : [calculado(ISR_RETENIDO[retencion], importe), ...ivaRetenido];
    return { ...concepto, importe, traslados, retenciones };
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const subtotal = sum(conceptos.map((concepto) => concepto.importe));
  const traslados = groupBy(conceptos.flatMap((concepto) => concepto.traslados));
  const retenciones = groupBy(
    conceptos.flatMap((concepto) => concepto.retenciones),
    true,
  );
  const trasladados = sum(traslados.map((tax) => tax.importe));
  const retenidos = sum(retenciones.map((tax) => tax.importe));
  return { conceptos, subtotal, traslados, retenciones, trasladados, retenidos, total: subtotal + trasladados - retenidos };
}

/** The comprobante's taxes: one line per tax and rate (retentions: per tax only), summing its concepts'. */
function groupBy(taxes: ImpuestoCalculado[], byTaxOnly = false): ImpuestoCalculado[] {
  const groups = new Map<string, ImpuestoCalculado>();
  for (const tax of taxes) {
    const key = byTaxOnly ? tax.impuesto : `${tax.impuesto}|${tax.tasa}`;
    const group = groups.get(key);
    groups.set(key, group ? { ...group, base: group.base + tax.base, importe: group.importe + tax.importe } : { ...tax });
  }
  return [...groups.values()];
}

const NAMESPACES: [string, string][] = [
  ['xmlns:cfdi', 'http://www.sat.gob.mx/cfd/4'],
  ['xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance'],
  ['xsi:schemaLocation', 'http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd'],
];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export type Attributes = [string, string | null][];

/** An element (cfdi: unless its name has a prefix) with its attributes in this order (empty and null ones left out), and its children. */
export function element(name: string, attributes: Attributes, children: string[] = []): string {
  const tag = name.includes(':') ? name : `cfdi:${name}`;
  const attrs = attributes
    .filter((pair): pair is [string, string] => pair[1] !== null && pair[1] !== '')
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  return children.length ? `<${tag}${attrs}>${children.join('')}</${tag}>` : `<${tag}${attrs}/>`;
}

/** Emisor's attributes in the XSLT's order. */
export const emisorAttributes = (emisor: ComprobanteIngreso['emisor']): Attributes => [
  ['Rfc', emisor.rfc],
  ['Nombre', emisor.nombre],
  ['RegimenFiscal', emisor.regimenFiscal],
];

/** Receptor's attributes in the XSLT's order, with its use of the CFDI ('CP01' for a payment). */
export const receptorAttributes = (receptor: Omit<ComprobanteIngreso['receptor'], 'usoCfdi'>, usoCfdi: string): Attributes => [
  ['Rfc', receptor.rfc],
  ['Nombre', receptor.nombre],
  ['DomicilioFiscalReceptor', receptor.domicilioFiscal],
  ['RegimenFiscalReceptor', receptor.regimenFiscal],
  ['UsoCFDI', usoCfdi],
];

/** A value as the XSLT's Requerido/Opcional write it: its spaces collapsed, optional ones left out when empty. */
const field = (value: string | null) => (value === null || value.trim() === '' ? null : value.replace(/\s+/g, ' ').trim());

/** The cadena original of these values in the XSLT's order: '||a|b|c||'. */
export const cadenaOf = (values: (string | null)[]) =>
  `||${values
    .map(field)
    .filter((value): value is string => value !== null)
    .join('|')}||`;

/**
 * The XML (with `sello` in Comprobante/@Sello) and the cadena original of the
 * comprobante; seal the cadena with the lawyer's CSD, then build again with it.
 */
export function buildComprobante(input: ComprobanteIngreso, sello = '') {
  const amounts = amountsOf(input);
  const money = moneyString;
  const comprobante: Attributes = [
    ['Version', '4.0'],
    ['Serie', input.serie],
    ['Folio', input.folio],
    ['Fecha', input.fecha],
    ['Sello', sello],
    ['FormaPago', input.formaPago],
    ['NoCertificado', input.certificado.noCertificado],
    ['Certificado', input.certificado.certificado],
    ['SubTotal', money(amounts.subtotal)],
    ['Moneda', 'MXN'],
    ['Total', money(amounts.total)],
    ['TipoDeComprobante', input.tipoDeComprobante ?? 'I'],
    ['Exportacion', '01'],
    ['MetodoPago', input.metodoPago],
    ['LugarExpedicion', input.lugarExpedicion],
  ];
  const global: Attributes | null = input.informacionGlobal
    ? [
        ['Periodicidad', input.informacionGlobal.periodicidad],
        ['Meses', input.informacionGlobal.meses],
        ['Año', String(input.informacionGlobal.anio)],
      ]
    : null;
  const relacionados = input.relacionados?.uuids.length ? input.relacionados : null;
  const emisor = emisorAttributes(input.emisor);
  const receptor = receptorAttributes(input.receptor, input.receptor.usoCfdi);
  const taxAttributes = (tax: ImpuestoCalculado): Attributes => [
    ['Base', money(tax.base)],
    ['Impuesto', tax.impuesto],
    ['TipoFactor', 'Tasa'],
    ['TasaOCuota', tax.tasa],
    ['Importe', money(tax.importe)],
  ];
  const conceptos = amounts.conceptos.map((concepto) => {
    const attributes: Attributes = [
      ['ClaveProdServ', concepto.claveProdServ],
      ['NoIdentificacion', concepto.noIdentificacion ?? null],
      ['Cantidad', '1'],
      ['ClaveUnidad', concepto.claveUnidad ?? CLAVE_UNIDAD_SERVICIO],
      ['Unidad', concepto.unidad === undefined ? 'Servicio' : concepto.unidad],
      ['Descripcion', concepto.descripcion],
      ['ValorUnitario', money(concepto.valorUnitario)],
      ['Importe', money(concepto.importe)],
      ['ObjetoImp', concepto.traslados.length || concepto.retenciones.length ? '02' : '01'],
    ];
    return { attributes, traslados: concepto.traslados.map(taxAttributes), retenciones: concepto.retenciones.map(taxAttributes) };
  });
  const hasTaxes = amounts.traslados.length > 0 || amounts.retenciones.length > 0;
  const totals: Attributes = [
    ['TotalImpuestosRetenidos', amounts.retenciones.length ? money(amounts.retenidos) : null],
    ['TotalImpuestosTrasladados', amounts.traslados.length ? money(amounts.trasladados) : null],
  ];
  const retencionesTotales = amounts.retenciones.map((tax): Attributes => [
    ['Impuesto', tax.impuesto],
    ['Importe', money(tax.importe)],
  ]);
  const trasladosTotales = amounts.traslados.map(taxAttributes);

  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    element(
      'Comprobante',
      [...NAMESPACES, ...comprobante],
      [
        ...(global ? [element('InformacionGlobal', global)] : []),
        ...(relacionados
          ? [
              element(
                'CfdiRelacionados',
                [['TipoRelacion', relacionados.tipoRelacion]],
                relacionados.uuids.map((uuid) => element('CfdiRelacionado', [['UUID', uuid]])),
              ),
            ]
          : []),
        element('Emisor', emisor),
        element('Receptor', receptor),
        element(
          'Conceptos',
          [],
          conceptos.map((concepto) =>
            element(
              'Concepto',
              concepto.attributes,
              concepto.traslados.length || concepto.retenciones.length
                ? [
                    element(
                      'Impuestos',
                      [],
                      [
                        ...(concepto.traslados.length
                          ? [
                              element(
                                'Traslados',
                                [],
                                concepto.traslados.map((tax) => element('Traslado', tax)),
                              ),
                            ]
                          : []),
                        ...(concepto.retenciones.length
                          ? [
                              element(
                                'Retenciones',
                                [],
                                concepto.retenciones.map((tax) => element('Retencion', tax)),
                              ),
                            ]
                          : []),
                      ],
                    ),
                  ]
                : [],
            ),
          ),
        ),
        ...(hasTaxes
          ? [
              element('Impuestos', totals, [
                ...(retencionesTotales.length
                  ? [
                      element(
                        'Retenciones',
                        [],
                        retencionesTotales.map((tax) => element('Retencion', tax)),
                      ),
                    ]
                  : []),
                ...(trasladosTotales.length
                  ? [
                      element(
                        'Traslados',
                        [],
                        trasladosTotales.map((tax) => element('Traslado', tax)),
                      ),
                    ]
                  : []),
              ]),
            ]
          : []),
      ],
    );

  // The cadena original: the SAT's XSLT order (Sello and Certificado are not in it).
  const values: (string | null)[] = [
    ...comprobante.filter(([key]) => key !== 'Sello' && key !== 'Certificado').map(([, value]) => value),
    ...(global ?? []).map(([, value]) => value),
    ...(relacionados ? [relacionados.tipoRelacion, ...relacionados.uuids] : []),
    ...emisor.map(([, value]) => value),
    ...receptor.map(([, value]) => value),
    ...conceptos.flatMap((concepto) => [
      ...concepto.attributes.map(([, value]) => value),
      ...concepto.traslados.flat().map(([, value]) => value),
      ...concepto.retenciones.flat().map(([, value]) => value),
    ]),
    ...(hasTaxes ? [...retencionesTotales.flat().map(([, value]) => value), totals[0]![1], ...trasladosTotales.flat().map(([, value]) => value), totals[1]![1]] : []),
  ];
  return { xml, cadena: cadenaOf(values), amounts };
}
