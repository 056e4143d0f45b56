import type { Materia } from './values/casos';
import type { PlantillaAsunto } from './tareas';

/**
 * The matter templates Bufete ships (issue 36): the tasks a kind of matter
 * usually needs, each so many days after the day the template is applied or
 * after an earlier task, and the escritos it usually files. The dates are a
 * working plan, not legal deadlines: a deadline the law fixes is counted by
 * 'Calcular término' from the actuación that starts it. The one article cited
 * (Ley de Amparo, art. 17: fifteen days for the demanda) is in
 * reglas-plazo.ts, verified against the law's text. A lawyer edits a copy of
 * their own; these stay as they are.
 */
export const PLANTILLAS_ASUNTO: readonly PlantillaAsunto[] = [
  {
    id: 'amparo-indirecto',
    nombre: 'Amparo indirecto',
    descripcion: 'Aplícala el día en que surtió efectos la notificación del acto reclamado (o en que se tuvo conocimiento de él).',
    propia: false,
    basada_en: null,
    tareas: [
      { titulo: 'Reunir las constancias del acto reclamado y del interés jurídico', notas: null, prioridad: 'alta', dias: 2, tipo: 'habiles', despues_de: null },
      { titulo: 'Redactar la demanda de amparo y la solicitud de suspensión', notas: null, prioridad: 'alta', dias: 5, tipo: 'habiles', despues_de: 0 },
      {
        titulo: 'Presentar la demanda de amparo',
        notas:
          'Plazo genérico de quince días (Ley de Amparo, art. 17), contados desde el día siguiente a aquel en que surta efectos la notificación (art. 18). Confirma la fecha con «Calcular término».',
        prioridad: 'alta',
        dias: 12,
        tipo: 'habiles',
        despues_de: null,
      },
      {
        titulo: 'Revisar en el boletín si se admitió la demanda y si se concedió la suspensión provisional',
        notas: null,
        prioridad: 'normal',
        dias: 3,
        tipo: 'habiles',
        despues_de: 2,
      },
      { titulo: 'Preparar pruebas y alegatos para la audiencia constitucional', notas: null, prioridad: 'normal', dias: 10, tipo: 'habiles', despues_de: 3 },
    ],
    escritos: ['promocion-simple', 'autorizacion-abogados', 'copias-certificadas', 'contrato-servicios'],
  },
  {
    id: 'ordinario-civil',
    nombre: 'Juicio ordinario civil',
    descripcion: 'Aplícala el día en que el cliente te encarga la demanda.',
    propia: false,
    basada_en: null,
    tareas: [
      { titulo: 'Reunir los documentos base de la acción', notas: null, prioridad: 'alta', dias: 3, tipo: 'habiles', despues_de: null },
      { titulo: 'Redactar la demanda', notas: null, prioridad: 'alta', dias: 5, tipo: 'habiles', despues_de: 0 },
      { titulo: 'Presentar la demanda en la oficialía de partes común', notas: null, prioridad: 'alta', dias: 2, tipo: 'habiles', despues_de: 1 },
      { titulo: 'Revisar en el boletín el auto admisorio y el turno del juzgado', notas: null, prioridad: 'normal', dias: 5, tipo: 'habiles', despues_de: 2 },
      { titulo: 'Dar seguimiento al emplazamiento con el actuario', notas: null, prioridad: 'normal', dias: 10, tipo: 'habiles', despues_de: 3 },
    ],
    escritos: ['promocion-simple', 'autorizacion-abogados', 'copias-certificadas', 'contrato-servicios'],
  },
  {
    id: 'ejecutivo-mercantil',
    nombre: 'Juicio ejecutivo mercantil',
    descripcion: 'Aplícala el día en que recibes el título de crédito (pagaré, cheque, contrato).',
    propia: false,
    basada_en: null,
    tareas: [
      { titulo: 'Revisar el título ejecutivo: vencimiento, endosos y prescripción', notas: null, prioridad: 'alta', dias: 1, tipo: 'habiles', despues_de: null },
      { titulo: 'Redactar la demanda ejecutiva con el embargo', notas: null, prioridad: 'alta', dias: 3, tipo: 'habiles', despues_de: 0 },
      { titulo: 'Presentar la demanda con el título original', notas: null, prioridad: 'alta', dias: 2, tipo: 'habiles', despues_de: 1 },
      { titulo: 'Revisar en el boletín el auto de exequendo', notas: null, prioridad: 'normal', dias: 5, tipo: 'habiles', despues_de: 2 },
      {
        titulo: 'Acordar con el actuario la diligencia de requerimiento de pago, embargo y emplazamiento',
        notas: null,
        prioridad: 'normal',
        dias: 5,
        tipo: 'habiles',
        despues_de: 3,
      },
    ],
    escritos: ['promocion-simple', 'autorizacion-abogados', 'copias-certificadas', 'contrato-servicios'],
  },
  {
    id: 'demanda-laboral',
    nombre: 'Demanda laboral',
    descripcion: 'Aplícala el día en que el trabajador te consulta.',
    propia: false,
    basada_en: null,
    tareas: [
      {
        titulo: 'Reunir recibos de nómina, contrato, alta en el IMSS y pruebas de la relación de trabajo',
        notas: null,
        prioridad: 'alta',
        dias: 3,
        tipo: 'habiles',
        despues_de: null,
      },
      { titulo: 'Calcular las prestaciones reclamadas', notas: null, prioridad: 'normal', dias: 2, tipo: 'habiles', despues_de: 0 },
      { titulo: 'Solicitar la conciliación prejudicial ante el Centro de Conciliación', notas: null, prioridad: 'alta', dias: 2, tipo: 'habiles', despues_de: 0 },
      { titulo: 'Redactar la demanda con la constancia de no conciliación', notas: null, prioridad: 'alta', dias: 15, tipo: 'habiles', despues_de: 2 },
      { titulo: 'Presentar la demanda ante el Tribunal Laboral', notas: null, prioridad: 'alta', dias: 2, tipo: 'habiles', despues_de: 3 },
    ],
    escritos: ['promocion-simple', 'autorizacion-abogados', 'contrato-servicios'],
  },
  {
    id: 'divorcio',
    nombre: 'Divorcio',
    descripcion: 'Aplícala el día en que el cliente te encarga el divorcio.',
    propia: false,
    basada_en: null,
    tareas: [
      { titulo: 'Reunir actas de matrimonio y de nacimiento de los hijos', notas: null, prioridad: 'alta', dias: 3, tipo: 'habiles', despues_de: null },
      { titulo: 'Redactar la propuesta de convenio', notas: null, prioridad: 'alta', dias: 5, tipo: 'habiles', despues_de: 0 },
      { titulo: 'Redactar y presentar la solicitud de divorcio', notas: null, prioridad: 'alta', dias: 3, tipo: 'habiles', despues_de: 1 },
      { titulo: 'Revisar en el boletín la admisión y la fecha de la audiencia', notas: null, prioridad: 'normal', dias: 5, tipo: 'habiles', despues_de: 2 },
      { titulo: 'Preparar al cliente para la audiencia', notas: null, prioridad: 'normal', dias: 2, tipo: 'naturales', despues_de: 3 },
    ],
    escritos: ['promocion-simple', 'autorizacion-abogados', 'copias-certificadas', 'contrato-servicios'],
  },
];

/** The kind of matter a case of each materia usually is: 'Aplicar plantilla' proposes it (amparo only for an amparo). */
export const PLANTILLA_POR_MATERIA: Partial<Record<Materia, string>> = {
  amparo: 'amparo-indirecto',
  civil: 'ordinario-civil',
  mercantil: 'ejecutivo-mercantil',
  laboral: 'demanda-laboral',
  familiar: 'divorcio',
};
