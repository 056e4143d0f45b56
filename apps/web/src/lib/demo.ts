import type { Caso } from '@bufete/shared/casos';
import type { Cliente } from '@bufete/shared/clientes';
import type { Documento } from '@bufete/shared/documentos';
import type { Imagen } from '@bufete/shared/imagenes';
import type { Nota } from '@bufete/shared/notas';
import type { Parte } from '@bufete/shared/partes';
import { plainToRichText } from '@bufete/shared/values/notas';
import { DEMO_IDS } from '@bufete/shared/constants';
import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@bufete/shared/dates';

/**
 * Built-in sample records (spec part 1, sections 1 and 3). They live only in
 * the web app, appear for every user at the top of their lists, and are
 * read-only: the server never stores or accepts them.
 */
export const DEMO_CLIENTE: Cliente = {
  id: DEMO_IDS.cliente,
  nombre: 'Cliente de Ejemplo',
  email: 'cliente@ejemplo.com',
  telefono: '+52 55 0000 0000',
  empresa: 'Empresa Ejemplo S.A. de C.V.',
  direccion: 'Av. Reforma 123, Ciudad de México',
  rfc: null,
  razon_social: null,
  regimen_fiscal: null,
  codigo_postal: null,
  uso_cfdi: null,
  publico_en_general: false,
  datos_eliminados: null,
  created_at: '2024-01-15T10:00:00.000Z',
  updated_at: '2024-01-15T10:00:00.000Z',
};

export const DEMO_CASO: Caso = {
  id: DEMO_IDS.caso,
  titulo: 'Ejemplo: Arrendamiento comercial',
  descripcion:
    'Este es un caso de ejemplo para que conozcas Bufete: revisión y negociación de un contrato de arrendamiento comercial. Crea tu primer caso para empezar a trabajar.',
  estado: 'Activo',
  prioridad: 'Media',
  cliente_id: DEMO_CLIENTE.id,
  // A month ahead of whenever it is looked at: the example never shows as overdue.
  fecha_vencimiento: addDays(todayIn(DEFAULT_TIME_ZONE), 30),
  expediente: '1234/2026',
  juzgado: 'Juzgado Tercero de lo Civil, Ciudad de México',
  secretaria: 'B',
  materia: 'civil',
  created_at: '2024-01-15T10:00:00.000Z',
  updated_at: '2024-01-15T10:00:00.000Z',
  cliente: { id: DEMO_CLIENTE.id, nombre: DEMO_CLIENTE.nombre, email: DEMO_CLIENTE.email },
  responsable: null,
  asignados: [],
};

/** The example case's other side, as its 'Partes' card shows it. */
export const DEMO_CASO_PARTES: Parte[] = [
  { id: 'demo-parte-1', caso_id: DEMO_IDS.caso, rol: 'demandado', nombre: 'Grupo Arrendador del Centro, S.A. de C.V.', abogado: null, created_at: '2024-01-15T10:00:00.000Z' },
];

/** The demo case comes with two documents, two images and three notes (spec part 2). */
export const DEMO_CASO_COUNTS = { documentos: 2, imagenes: 2, notas: 3, actuaciones: 0 };

export const isDemoId = (id: string) => id.startsWith('ejemplo-');

/** A sample document: it can be looked at, never downloaded, deleted or replaced. */
export interface DemoDocumento extends Documento {
  demoText: string;
}

const demoDoc = (id: string, nombre: string, tipo: string, tamaño: number, demoText: string, caso: boolean): DemoDocumento => ({
  id,
  nombre,
  tipo,
  tamaño,
  url: '',
  caso_id: caso ? DEMO_CASO.id : null,
  cliente_id: DEMO_CLIENTE.id,
  created_at: '2024-01-15T10:00:00.000Z',
  leyendo_texto: false,
  visible_cliente: false,
  recibido_cliente: false,
  por_revisar: false,
  caso: caso ? { id: DEMO_CASO.id, titulo: DEMO_CASO.titulo } : null,
  cliente: { id: DEMO_CLIENTE.id, nombre: DEMO_CLIENTE.nombre },
  demoText,
});

export const DEMO_DOCUMENTO = demoDoc(
  DEMO_IDS.documento,
  'Guía de inicio de Bufete.pdf',
  'application/pdf',
  245_760,
  'Documento de ejemplo.\n\nSube tus documentos (PDF, Word, TXT, CSV, Excel o ZIP, hasta 50 MB) y Bufete extraerá su texto para que puedas buscarlos por su contenido, verlos aquí mismo y usarlos como contexto del asistente de IA.',
  false,
);

export const DEMO_CASO_DOCUMENTOS: DemoDocumento[] = [
  demoDoc(
    'ejemplo-documento-caso-001',
    'Contrato de arrendamiento comercial.pdf',
    'application/pdf',
    184_320,
    'CONTRATO DE ARRENDAMIENTO (ejemplo)\n\nPRIMERA. Objeto: el arrendador da en arrendamiento el local comercial ubicado en Av. Reforma 123.\nSEGUNDA. Renta mensual y forma de pago.\nTERCERA. Vigencia de doce meses.',
    true,
  ),
  demoDoc(
    'ejemplo-documento-caso-002',
    'Notas de la reunión inicial.txt',
    'text/plain',
    2_048,
    'Reunión inicial con el cliente (ejemplo)\n\n- Revisar cláusula de penalización.\n- Solicitar comprobantes de pago.\n- Próxima cita: en dos semanas.',
    true,
  ),
];

const demoSvg = (label: string, color: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="${color}"/><rect x="200" y="140" width="400" height="320" rx="16" fill="#ffffff" opacity="0.85"/><text x="400" y="310" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#1e3a8a">${label}</text><text x="400" y="360" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#475569">Imagen de ejemplo</text></svg>`,
  )}`;

const demoImage = (id: string, nombre: string, url: string): Imagen => ({
  id,
  nombre,
  tipo: 'image/svg+xml',
  tamaño: url.length,
  url,
  caso_id: DEMO_CASO.id,
  nota_id: null,
  created_at: '2024-01-15T10:00:00.000Z',
  updated_at: '2024-01-15T10:00:00.000Z',
});

export const DEMO_CASO_IMAGENES: Imagen[] = [
  demoImage('ejemplo-imagen-001', 'Fachada del local.png', demoSvg('Fachada del local', '#bfdbfe')),
  demoImage('ejemplo-imagen-002', 'Plano del local.png', demoSvg('Plano del local', '#bbf7d0')),
];

const demoNote = (id: string, titulo: string, text: string, extra: Partial<Nota>): Nota => ({
  id,
  titulo,
  contenido: plainToRichText(text),
  contenido_texto: text,
  caso_id: null,
  cliente_id: null,
  is_favorita: false,
  privada: false,
  created_at: '2024-01-15T10:00:00.000Z',
  updated_at: '2024-01-15T10:00:00.000Z',
  caso: null,
  cliente: null,
  etiquetas: [],
  ...extra,
});

/** The welcome note at the top of /notas (spec part 2, section 3). */
export const DEMO_NOTA = demoNote(
  DEMO_IDS.nota,
  'Primeros pasos con tus notas',
  'Usa las notas para apuntar ideas, estrategias y pendientes de tus casos.\nDales formato (negritas, listas, títulos, enlaces), agrégales etiquetas de colores, márcalas como favoritas y adjunta imágenes.',
  {
    is_favorita: true,
    etiquetas: [
      { id: 'ejemplo-tag-bienvenida', nombre: 'bienvenida', color: '#a6e3a1' },
      { id: 'ejemplo-tag-tutorial', nombre: 'tutorial', color: '#89b4fa' },
    ],
  },
);

const onDemoCase = {
  caso_id: DEMO_CASO.id,
  caso: { id: DEMO_CASO.id, titulo: DEMO_CASO.titulo },
  cliente_id: DEMO_CLIENTE.id,
  cliente: { id: DEMO_CLIENTE.id, nombre: DEMO_CLIENTE.nombre },
};

export const DEMO_CASO_NOTAS: Nota[] = [
  demoNote('ejemplo-nota-caso-001', 'Puntos clave del contrato', 'Vigencia de 12 meses con renovación automática.\nPenalización del 10 % por terminación anticipada.', onDemoCase),
  demoNote('ejemplo-nota-caso-002', 'Llamada con el cliente', 'El cliente quiere negociar la renta del segundo año.\nEnviar propuesta antes del viernes.', onDemoCase),
  demoNote('ejemplo-nota-caso-003', 'Documentos pendientes', 'Comprobantes de pago de los últimos 6 meses.\nIdentificación del representante legal.', onDemoCase),
];
