import type { CasoEstado, CasoPrioridad, ReminderStatus } from './practice';

export interface ClienteRef {
  id: string;
  nombre: string;
  email: string | null;
}

export interface Caso {
  id: string;
  titulo: string;
  descripcion: string | null;
  estado: CasoEstado;
  prioridad: CasoPrioridad;
  cliente_id: string | null;
  fecha_vencimiento: string | null;
  created_at: string;
  updated_at: string;
  cliente: ClienteRef | null;
}

export interface Cliente {
  id: string;
  nombre: string;
  email: string | null;
  telefono: string | null;
  empresa: string | null;
  direccion: string | null;
  created_at: string;
  updated_at: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface DashboardSummary {
  stats: { totalCasos: number; casosActivos: number; clientes: number; documentos: number };
  recientes: { id: string; titulo: string; estado: CasoEstado; created_at: string; cliente: { nombre: string } | null }[];
}

export interface EmailReminder {
  id: string;
  cliente_id: string;
  cliente: { nombre: string };
  subject: string;
  status: ReminderStatus;
  scheduled_for: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

export interface Documento {
  id: string;
  nombre: string;
  /** MIME type decided from the file's bytes. */
  tipo: string;
  tamaño: number;
  /** Authenticated route to the file (session cookie). */
  url: string;
  caso_id: string | null;
  cliente_id: string | null;
  created_at: string;
  caso: { id: string; titulo: string } | null;
  cliente: { id: string; nombre: string } | null;
  /** The extracted text; only in the single-document read. */
  contenido?: string | null;
}

export interface Imagen {
  id: string;
  nombre: string;
  tipo: string;
  tamaño: number;
  url: string;
  caso_id: string | null;
  nota_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface CaseContentCounts {
  documentos: number;
  imagenes: number;
  notas: number;
}

export interface SignedLink {
  url: string;
  expiresAt: string;
}
