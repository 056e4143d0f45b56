import type { Caso, Cliente } from '@bufete/shared';
import { DEMO_IDS } from '@bufete/shared/constants';

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
  fecha_vencimiento: '2025-12-31',
  created_at: '2024-01-15T10:00:00.000Z',
  updated_at: '2024-01-15T10:00:00.000Z',
  cliente: { id: DEMO_CLIENTE.id, nombre: DEMO_CLIENTE.nombre, email: DEMO_CLIENTE.email },
};

/** The demo case comes with two documents, two images and three notes (spec part 2). */
export const DEMO_CASO_COUNTS = { documentos: 2, imagenes: 2, notas: 3 } as const;

export const isDemoId = (id: string) => id.startsWith('ejemplo-');
