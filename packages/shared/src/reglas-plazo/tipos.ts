import type { ActuacionTipo } from '../values/actuaciones';
import type { Materia } from '../values/casos';
import type { PlazoTipo } from '../plazos-calculo';

/** Which calendar a rule's count runs on: the federal courts', labour's, or the case's state courts'. */
export type CalendarioDeRegla = 'amparo' | 'laboral' | 'estatal';

export interface ReglaPlazo {
  clave: string;
  /** What the term is for, as a litigator says it: 'Recurso de revisión'. */
  nombre: string;
  ley: string;
  articulo: string;
  dias: number;
  tipo: PlazoTipo;
  /** The materias of the cases it applies to; null: a case of any materia (an amparo against a judgment of any kind). */
  materias: Materia[] | null;
  /** The actuaciones that start it. */
  tipos: ActuacionTipo[];
  calendario: CalendarioDeRegla;
  /** Its text was read (the law, or the Supreme Court quoting it). */
  verificada: boolean;
  /** What the lawyer should know: its exceptions, or what is still to confirm. */
  nota: string | null;
}

/** The actuaciones that start a term against a resolution, an auto, or a demanda's answer. */
export const RESOLUCIONES: ActuacionTipo[] = ['acuerdo', 'auto_admisorio', 'requerimiento', 'sentencia', 'otro'];
export const AUTOS: ActuacionTipo[] = ['acuerdo', 'auto_admisorio', 'requerimiento'];
export const CONTESTACION: ActuacionTipo[] = ['emplazamiento', 'auto_admisorio'];
export const POR_CONFIRMAR = 'Por confirmar en el texto vigente de la ley antes de contar con él.';
