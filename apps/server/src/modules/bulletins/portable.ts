import type { Portable } from '../../db/portable';

/** The bulletins a lawyer follows go with the account; what a bulletin said for them is read again from the court's site, not moved. */
export const bulletinsPortable: Portable = {
  exported: [{ tabla: 'boletin_suscripciones', archivo: 'boletines-seguidos', owner: { column: 'user_id' }, key: ['fuente'], ids: [], etiqueta: 'Boletines seguidos' }],
  leftOut: {
    boletin_descargas: 'Cada sitio y día, para todos los abogados que lo siguen (no es de nadie): cómo terminó su descarga.',
    boletin_recibidos: "Las coincidencias de un boletín público con los casos, guardadas 30 días para confirmarlas: se confirman en la cuenta de origen o con 'Revisar boletín'.",
  },
};
