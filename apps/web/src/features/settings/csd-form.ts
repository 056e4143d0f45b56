import { MSG } from '@bufete/shared/messages';
import { z } from '@bufete/shared/zod';

/** The CSD's two files and its password as the form holds them (the server opens them and says what is wrong). */
export const csdFormSchema = z.object({
  cer: z.instanceof(File, { error: MSG.cfdi.faltaCer }),
  key: z.instanceof(File, { error: MSG.cfdi.faltaKey }),
  password: z.string().min(1, { error: MSG.cfdi.passwordObligatoria }),
});
