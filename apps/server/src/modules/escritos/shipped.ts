import { buildDocx, paragraph as p, table } from './docx-parts';

/**
 * The escritos Bufete ships (issue 36): what every litigator files, with the
 * heading courts expect (the parties, the expediente and what the escrito
 * is, top right; the judge it is addressed to) and the signature block with
 * the cédula profesional. No article is cited: the lawyer adds the basis
 * their court's code gives. Built once per process from docx-parts.ts.
 */
export interface ShippedEscrito {
  id: string;
  nombre: string;
  descripcion: string;
  build(): Buffer;
}

/** The heading of a promoción: the case, top right, on every page (the header), and 'Escrito: …' under it. */
const caseHeader = (escrito: string) => [
  // 'PARTE ACTORA' is right for one actor or several, a person or a company.
  p([{ text: 'PARTE ACTORA: ', bold: true }, '{caso.actor}'], { align: 'right', after: 0 }),
  p([{ text: 'PARTE DEMANDADA: ', bold: true }, '{caso.demandado}'], { align: 'right', after: 0 }),
  p([{ text: 'EXPEDIENTE: ', bold: true }, '{caso.expediente}'], { align: 'right', after: 0 }),
  p([{ text: 'SECRETARÍA: ', bold: true }, '{caso.secretaria}'], { align: 'right', after: 0 }),
  p([{ text: 'ESCRITO: ', bold: true }, escrito], { align: 'right', after: 12 }),
];

/** The court as it is addressed ('C. JUEZ PRIMERO DE LO CIVIL DE LA CIUDAD DE MÉXICO'), not as the case's field was typed. */
const addressee = [p('{juzgado.destinatario}', { bold: true, after: 0 }), p('P R E S E N T E', { bold: true, after: 16 })];

const signature = [
  p('PROTESTO LO NECESARIO', { align: 'center', bold: true, after: 0 }),
  p('{lugar}, a {hoy}.', { align: 'center', after: 48 }),
  p('______________________________', { align: 'center', after: 0 }),
  p('{abogado.nombre}', { align: 'center', bold: true, after: 0 }),
  p('Cédula profesional {abogado.cedula}', { align: 'center', after: 0 }),
];

/** The lawyer appears in the first person, in their character for the client (abogado patrono of a person, apoderado of a company). */
const appearance =
  '{abogado.nombre}, en mi carácter de {abogado.caracter} de {cliente.nombre}, personalidad que tengo reconocida en los autos del juicio al rubro citado, con cédula profesional {abogado.cedula}, ante {juzgado.usted} con el debido respeto comparezco y expongo:';
const plea = p('{juzgado.vocativo}, atentamente pido se sirva:', { bold: true, align: 'both', indent: 1.25 });

export const SHIPPED_ESCRITOS: readonly ShippedEscrito[] = [
  {
    id: 'promocion-simple',
    nombre: 'Promoción simple',
    descripcion: 'Escrito dirigido al juzgado con el encabezado del expediente, lo que se solicita y la firma con cédula.',
    build: () =>
      buildDocx({
        title: 'Promoción simple',
        header: caseHeader('Promoción'),
        body: [
          ...addressee,
          p(appearance, { align: 'both', indent: 1.25 }),
          p('Que por medio del presente escrito vengo a solicitar: {peticion}.', { align: 'both', indent: 1.25 }),
          p('Por lo anteriormente expuesto,', { align: 'both', indent: 1.25, after: 0 }),
          plea,
          p([{ text: 'ÚNICO.- ', bold: true }, 'Tenerme por {abogado.presentado} en los términos de este escrito y acordar de conformidad lo solicitado.'], {
            align: 'both',
            indent: 1.25,
            after: 24,
          }),
          ...signature,
        ],
      }),
  },
  {
    id: 'copias-certificadas',
    nombre: 'Solicitud de copias certificadas',
    descripcion: 'Pide a costa del promovente copias certificadas de las constancias que indiques, y autoriza a quien las recibe.',
    build: () =>
      buildDocx({
        title: 'Solicitud de copias certificadas',
        header: caseHeader('Se solicitan copias certificadas'),
        body: [
          ...addressee,
          p(appearance, { align: 'both', indent: 1.25 }),
          p('Que por medio del presente escrito solicito se expidan a mi costa copias certificadas de las siguientes constancias que obran en autos: {constancias}.', {
            align: 'both',
            indent: 1.25,
          }),
          p('Asimismo, autorizo para recibirlas indistintamente a {autorizados}.', { align: 'both', indent: 1.25 }),
          p('Por lo anteriormente expuesto,', { align: 'both', indent: 1.25, after: 0 }),
          plea,
          p([{ text: 'ÚNICO.- ', bold: true }, 'Ordenar la expedición de las copias certificadas solicitadas y su entrega a las personas autorizadas.'], {
            align: 'both',
            indent: 1.25,
            after: 24,
          }),
          ...signature,
        ],
      }),
  },
  {
    id: 'autorizacion-abogados',
    nombre: 'Autorización de abogados',
    descripcion: 'Autoriza a abogados y pasantes para oír y recibir notificaciones, imponerse de los autos y recibir documentos.',
    build: () =>
      buildDocx({
        title: 'Autorización de abogados',
        header: caseHeader('Se autorizan abogados'),
        body: [
          ...addressee,
          p(appearance, { align: 'both', indent: 1.25 }),
          p(
            'Que por medio del presente escrito autorizo para oír y recibir toda clase de notificaciones, imponerse de los autos, recibir documentos y valores, y realizar cualquier gestión necesaria en el presente juicio a: {autorizados}.',
            { align: 'both', indent: 1.25 },
          ),
          p('Por lo anteriormente expuesto,', { align: 'both', indent: 1.25, after: 0 }),
          plea,
          p([{ text: 'ÚNICO.- ', bold: true }, 'Tener por autorizadas a las personas mencionadas en los términos solicitados.'], { align: 'both', indent: 1.25, after: 24 }),
          ...signature,
        ],
      }),
  },
  {
    id: 'contrato-servicios',
    nombre: 'Contrato de prestación de servicios profesionales',
    descripcion: 'Contrato entre tu cliente y tú por el asunto del caso: objeto, honorarios, obligaciones y firmas.',
    build: () =>
      buildDocx({
        title: 'Contrato de prestación de servicios profesionales',
        header: [p([{ text: 'Contrato de prestación de servicios profesionales', bold: true }, ' · {caso.titulo}'], { align: 'right', after: 12 })],
        body: [
          p('CONTRATO DE PRESTACIÓN DE SERVICIOS PROFESIONALES', { align: 'center', bold: true }),
          p(
            'Que celebran, por una parte, {cliente.comparecencia}, a quien en lo sucesivo se le denominará «EL CLIENTE», y por la otra {abogado.nombre}, {abogado.tratamiento} con cédula profesional {abogado.cedula}, a quien en lo sucesivo se le denominará «EL ABOGADO», al tenor de las siguientes declaraciones y cláusulas:',
            { align: 'both' },
          ),
          p('DECLARACIONES', { align: 'center', bold: true }),
          p(
            [
              { text: 'I. ', bold: true },
              'Declara EL CLIENTE llamarse como ha quedado escrito, con domicilio en {cliente.direccion}, y que es su voluntad contratar los servicios de EL ABOGADO.',
            ],
            { align: 'both' },
          ),
          p([{ text: 'II. ', bold: true }, 'Declara EL ABOGADO que cuenta con cédula profesional {abogado.cedula} y con domicilio en {abogado.domicilio}.'], { align: 'both' }),
          p('CLÁUSULAS', { align: 'center', bold: true }),
          p(
            [
              { text: 'PRIMERA. Objeto. ', bold: true },
              'EL ABOGADO prestará a EL CLIENTE sus servicios de asesoría y representación en el asunto «{caso.titulo}», expediente {caso.expediente}, ante {caso.juzgado}.',
            ],
            {
              align: 'both',
            },
          ),
          p([{ text: 'SEGUNDA. Honorarios. ', bold: true }, 'EL CLIENTE pagará a EL ABOGADO por los servicios objeto de este contrato: {honorarios}.'], { align: 'both' }),
          p(
            [
              { text: 'TERCERA. Gastos. ', bold: true },
              'Los gastos y derechos que el asunto requiera (copias, publicaciones, peritos) no forman parte de los honorarios y corren a cargo de EL CLIENTE.',
            ],
            {
              align: 'both',
            },
          ),
          p(
            [
              { text: 'CUARTA. Información. ', bold: true },
              'EL ABOGADO mantendrá informado a EL CLIENTE del estado del asunto, y EL CLIENTE le proporcionará con oportunidad la información y los documentos que le pida.',
            ],
            {
              align: 'both',
            },
          ),
          p([{ text: 'QUINTA. Confidencialidad. ', bold: true }, 'EL ABOGADO guardará el secreto profesional sobre la información que reciba de EL CLIENTE.'], {
            align: 'both',
            after: 16,
          }),
          p('Leído que fue el presente contrato y enteradas las partes de su contenido y alcance, lo firman en {lugar}, a {hoy}.', { align: 'both', after: 24 }),
          table(
            [
              [p('EL CLIENTE', { align: 'center', bold: true }), p('EL ABOGADO', { align: 'center', bold: true })],
              [
                p('', { after: 48 }) +
                  p('{cliente.nombre}', { align: 'center', after: 0 }) +
                  p('RFC {cliente.rfc}', { align: 'center', after: 0 }) +
                  p('{cliente.firma}', { align: 'center' }),
                p('', { after: 48 }) + p('{abogado.nombre}', { align: 'center' }) + p('Cédula profesional {abogado.cedula}', { align: 'center' }),
              ],
            ],
            [8, 8],
          ),
        ],
      }),
  },
];

const built = new Map<string, Buffer>();

/** A shipped template's .docx, built on first use and kept. */
export function shippedDocx(id: string): Buffer | null {
  const escrito = SHIPPED_ESCRITOS.find((entry) => entry.id === id);
  if (!escrito) return null;
  let bytes = built.get(id);
  if (!bytes) {
    bytes = escrito.build();
    built.set(id, bytes);
  }
  return bytes;
}
