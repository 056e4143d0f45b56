import type { Portable } from '../../db/portable';

export const remindersPortable: Portable = {
  exported: [{ tabla: 'email_reminders', archivo: 'correos', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'cliente_id'], etiqueta: 'Correos a clientes' }],
  leftOut: {},
};
