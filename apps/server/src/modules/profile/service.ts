import type { Profile, ProfileUpdateInput } from '@bufete/shared';
import { nameFromAccount, profileUpdateSchema } from '@bufete/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema';

type ProfileRow = typeof profiles.$inferSelect;

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    nombre: row.nombre,
    apellido: row.apellido,
    especialidad: row.especialidad,
    telefono: row.telefono,
    avatar_url: row.avatarUrl,
  };
}

export interface SignUpProfileData {
  nombre: string;
  apellido: string;
  especialidad: string | null;
}

export function createProfileService(db: Database) {
  return {
    /** Creates the profile from the sign-up form (nothing happens if it exists). */
    async createFromSignUp(userId: string, data: SignUpProfileData): Promise<void> {
      await db
        .insert(profiles)
        .values({ id: userId, nombre: data.nombre, apellido: data.apellido, especialidad: data.especialidad, telefono: null })
        .onConflictDoNothing();
    },

    /**
     * The user's profile; when missing it is created from the account's name
     * (or the email) with the spec's fallbacks. Safe under concurrent first reads.
     */
    async getOrCreate(user: { id: string; name: string; email: string }): Promise<Profile> {
      const [existing] = await db.select().from(profiles).where(eq(profiles.id, user.id)).limit(1);
      if (existing) return toProfile(existing);
      const { nombre, apellido } = nameFromAccount(user.name, user.email);
      await db.insert(profiles).values({ id: user.id, nombre, apellido, especialidad: null, telefono: null }).onConflictDoNothing();
      const [created] = await db.select().from(profiles).where(eq(profiles.id, user.id)).limit(1);
      if (!created) throw new Error(`El perfil de ${user.id} no se pudo crear`);
      return toProfile(created);
    },

    /** Points the profile at the new photo; the version in the URL makes every place show it at once. */
    async setAvatarVersion(user: { id: string; name: string; email: string }, version: number): Promise<Profile> {
      await this.getOrCreate(user);
      const [row] = await db
        .update(profiles)
        .set({ avatarUrl: `/api/profile/avatar?v=${version}`, updatedAt: new Date() })
        .where(eq(profiles.id, user.id))
        .returning();
      return toProfile(row!);
    },

    async update(user: { id: string; name: string; email: string }, patch: z.output<typeof profileUpdateSchema>): Promise<Profile> {
      await this.getOrCreate(user);
      const values: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
      if (patch.nombre !== undefined) values.nombre = patch.nombre;
      if (patch.apellido !== undefined) values.apellido = patch.apellido;
      if (patch.especialidad !== undefined) values.especialidad = patch.especialidad;
      if (patch.telefono !== undefined) values.telefono = patch.telefono;
      const [row] = await db.update(profiles).set(values).where(eq(profiles.id, user.id)).returning();
      if (!row) throw new Error(`El perfil de ${user.id} no existe`);
      return toProfile(row);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
export type { ProfileUpdateInput };
