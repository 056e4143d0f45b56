/**
 * Every Spanish text the server and the web must agree on. Texts quoted by the
 * spec are copied exactly; the few we had to add are marked "(Bufete)".
 */
import { accountMessages } from './account';
import { practiceMessages } from './practice';
import { materialMessages } from './material';
import { billingMessages } from './billing';
import { calendarMessages } from './calendar';
import { systemMessages } from './system';
import { securityMessages } from './security';
import { courtMessages } from './court';
import { workMessages } from './work';
import { portalMessages } from './portal';
import { teamMessages } from './team';

/** One object for every text, one file per area (each file stays small enough to read). */
export const MSG = {
  ...accountMessages,
  ...practiceMessages,
  ...materialMessages,
  ...billingMessages,
  ...calendarMessages,
  ...systemMessages,
  ...securityMessages,
  ...courtMessages,
  ...workMessages,
  ...portalMessages,
  ...teamMessages,
} as const;
