import type { Materia } from '@bufete/shared/values/casos';
import type { ActuacionTipo } from '@bufete/shared/values/actuaciones';
import { citaDe, type ReglaPlazo, REGLAS_PLAZO, reglasPara } from '@bufete/shared/reglas-plazo';
import type { ReglaPropia } from '@bufete/shared/plazos';
import type { CalendarioEstatal, PlazoTipo } from '@bufete/shared/plazos-calculo';

/** A rule as the picker offers it: the catalogue's, or one of the lawyer's own (its legal basis is theirs, unverified by us). */
export type Offered = {
  value: string;
  nombre: string;
  dias: number;
  tipo: PlazoTipo;
  cita: string | null;
  verificada: boolean | null;
  nota: string | null;
  calendario: ReglaPlazo['calendario'] | null;
};
export const fromOwn = (regla: ReglaPropia): Offered & { materia: Materia | null; actuacion_tipo: ActuacionTipo | null } => ({
  value: regla.id,
  nombre: regla.nombre,
  dias: regla.dias,
  tipo: regla.tipo,
  cita: regla.fundamento,
  verificada: null,
  nota: null,
  calendario: null,
  materia: regla.materia,
  actuacion_tipo: regla.actuacion_tipo,
});
const fromCatalogue = (regla: ReglaPlazo): Offered => ({
  value: regla.clave,
  nombre: regla.nombre,
  dias: regla.dias,
  tipo: regla.tipo,
  cita: citaDe(regla),
  verificada: regla.verificada,
  nota: regla.nota,
  calendario: regla.calendario,
});

/**
 * What 'Regla que aplica' offers: from an actuación, the rules its kind starts
 * in a case of that materia on that state's courts (the case's materia first;
 * the lawyer's own among them), then every other.
 */
export function offerRules(propias: ReglaPropia[], materia: Materia | null, actuacionTipo: ActuacionTipo | null, estado: CalendarioEstatal = 'cdmx') {
  const own = propias.map(fromOwn);
  const proposals: Offered[] = actuacionTipo
    ? [
        ...own.filter((regla) => (!regla.materia || regla.materia === materia) && (!regla.actuacion_tipo || regla.actuacion_tipo === actuacionTipo)),
        ...reglasPara(REGLAS_PLAZO, materia, actuacionTipo, estado).map(fromCatalogue),
      ]
    : [];
  const others: Offered[] = [...own, ...REGLAS_PLAZO.map(fromCatalogue)].filter((regla) => !proposals.some((proposal) => proposal.value === regla.value));
  // Preselected only when it is of the case's own materia (or the lawyer's own): a rule of any materia (the amparo) is offered, not assumed.
  const firstProposal = proposals.find((entry) => entry.verificada === null || REGLAS_PLAZO.find((regla) => regla.clave === entry.value)?.materias !== null);
  return { proposals, others, offered: [...proposals, ...others], firstProposal };
}
