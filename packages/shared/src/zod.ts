import { z } from 'zod';
import { es } from 'zod/locales';

/**
 * The one zod of Bufete, configured to speak Spanish. Every schema (shared,
 * server and web) imports `z` from here, so a message we did not write
 * ourselves is still Spanish: no library's English text reaches a screen.
 * A lint rule keeps other files from importing 'zod' directly.
 */
z.config(es());

export { z };
