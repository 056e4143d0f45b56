import { instant, storedFileFields } from './common';
import { z } from './zod';

/** An image belongs to a case or to a note (exactly one of them). */
export const imagenSchema = z.strictObject({
  ...storedFileFields,
  caso_id: z.string().nullable(),
  nota_id: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type Imagen = z.infer<typeof imagenSchema>;
