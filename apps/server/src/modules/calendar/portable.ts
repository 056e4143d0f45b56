import type { Portable } from '../../db/portable';

/** The appointments and their tags go; the Google connection is made again (its tokens are issued to this installation). */
export const calendarPortable: Portable = {
  exported: [
    { tabla: 'calendar_events', archivo: 'citas', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'caso_id', 'cliente_id'], etiqueta: 'Citas' },
    { tabla: 'event_tags', archivo: 'citas-etiquetas', owner: { column: 'user_id' }, key: ['event_id', 'tag_id'], ids: ['event_id', 'tag_id'] },
  ],
  leftOut: {
    google_calendar_tokens: 'the Google connection: its tokens are issued again when the lawyer connects',
    google_deletions: "deletions waiting to reach Google: they belong to the old account's connection",
    oauth_states: 'a connection in progress, valid for minutes',
    calendar_settings: "the calendar's private link: a new one is issued",
    event_reminders_sent: 'which reminders were already sent: the imported appointments are reminded afresh',
  },
};
