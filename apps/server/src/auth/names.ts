import { nameFromAccount } from '@bufete/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { profiles } from '../db/schema';

/** The first name used to greet someone in an email: the profile's, or the spec's fallback. */
export async function nombreForEmail(db: Database, user: { id: string; name: string; email: string }): Promise<string> {
  const [profile] = await db.select({ nombre: profiles.nombre }).from(profiles).where(eq(profiles.id, user.id)).limit(1);
  return profile?.nombre ?? nameFromAccount(user.name, user.email).nombre;
}
