import type { Profile, ProfileUpdateInput, SystemCheck, Tratamiento } from '@bufete/shared';
import { moneyString } from '@bufete/shared';
import { DEFAULT_TIME_ZONE, especialidadOf, fullNameOf, nameFromAccount, type profileUpdateSchema, todayIn } from '@bufete/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../auth/schema';
import type { Database } from '../../db/client';
import { withFlatRows } from '../../db/prepared';
import { notFound } from '../../http/errors';
import type { StoredFile } from '../../http/file-response';
import type { ReceivedFile } from '../../http/upload';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage';
import { type HistoryService, changesOf } from '../history/service';
import { avatarKey, storeAvatar } from './avatar';
import { profiles } from './schema';
import { runSystemCheck } from './system-check';

type ProfileRow = typeof profiles.$inferSelect;
type AccountUser = { id: string; name: string; email: string };

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    nombre: row.nombre,
    apellido: row.apellido,
    especialidad: row.especialidad,
    telefono: row.telefono,
    cedula_profesional: row.cedulaProfesional,
    tratamiento: row.tratamiento,
    avatar_url: row.avatarUrl,
    zona_horaria: row.zonaHoraria,
    rfc: row.rfc,
    regimen_fiscal: row.regimenFiscal,
    domicilio_fiscal: row.domicilioFiscal,
    tarifa_hora: row.tarifaHora,
    codigo_postal_expedicion: row.codigoPostalExpedicion,
    serie_cfdi: row.serieCfdi,
    resumen_diario: row.resumenDiario,
  };
}

/** The lawyer's fiscal data: receipts, withholdings, time's default rate and the CFDI. */
export interface FiscalData {
  rfc: string | null;
  regimen_fiscal: string | null;
  domicilio_fiscal: string | null;
  tarifa_hora: string | null;
  codigo_postal_expedicion: string | null;
  serie_cfdi: string | null;
}

export interface SignUpProfileData {
  nombre: string;
  apellido: string;
  especialidad: string | null;
  /** The browser's zone at sign-up; null keeps the default (Mexico City). */
  zonaHoraria: string | null;
}

/** The history's names of the profile's and settings' fields. */
const PROFILE_FIELDS = {
  nombre: 'Nombre',
  apellido: 'Apellido',
  especialidad: 'Especialidad',
  telefono: 'Teléfono',
  cedula_profesional: 'Cédula profesional',
  tratamiento: 'Tratamiento',
  zona_horaria: 'Zona horaria',
  rfc: 'RFC',
  regimen_fiscal: 'Régimen fiscal',
  domicilio_fiscal: 'Domicilio fiscal',
  codigo_postal_expedicion: 'Código postal de expedición',
  serie_cfdi: 'Serie de los CFDI',
  tarifa_hora: 'Tarifa por hora',
  resumen_diario: 'Resumen diario por email',
} as const;

export function createProfileService(db: Database, deps: { storage: Storage; tmpDir: string; logger: Logger; history?: HistoryService }) {
  /** Read by every screen that counts days (dashboard, lists, search): prepared once. */
  const timeZoneStatement = withFlatRows(
    db
      .select({ zonaHoraria: profiles.zonaHoraria })
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('zona_horaria'),
  );

  /**
   * The user's profile; when missing it is created from the account's name
   * (or the email) with the spec's fallbacks. Safe under concurrent first reads.
   */
  async function getOrCreate(user: AccountUser): Promise<Profile> {
    const [existing] = await db.select().from(profiles).where(eq(profiles.id, user.id)).limit(1);
    if (existing) return toProfile(existing);
    const { nombre, apellido } = nameFromAccount(user.name, user.email);
    await db.insert(profiles).values({ id: user.id, nombre, apellido, especialidad: null, telefono: null }).onConflictDoNothing();
    const [created] = await db.select().from(profiles).where(eq(profiles.id, user.id)).limit(1);
    if (!created) throw new Error(`El perfil de ${user.id} no se pudo crear`);
    return toProfile(created);
  }

  return {
    getOrCreate,

    /** Creates the profile from the sign-up form (nothing happens if it exists). */
    async createFromSignUp(userId: string, data: SignUpProfileData): Promise<void> {
      await db
        .insert(profiles)
        .values({
          id: userId,
          nombre: data.nombre,
          apellido: data.apellido,
          especialidad: data.especialidad,
          telefono: null,
          ...(data.zonaHoraria ? { zonaHoraria: data.zonaHoraria } : {}),
        })
        .onConflictDoNothing();
    },

    async update(user: AccountUser, patch: z.output<typeof profileUpdateSchema>): Promise<Profile> {
      const before = await getOrCreate(user);
      const values: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
      if (patch.nombre !== undefined) values.nombre = patch.nombre;
      if (patch.apellido !== undefined) values.apellido = patch.apellido;
      if (patch.especialidad !== undefined) values.especialidad = patch.especialidad;
      if (patch.telefono !== undefined) values.telefono = patch.telefono;
      if (patch.cedula_profesional !== undefined) values.cedulaProfesional = patch.cedula_profesional;
      if (patch.tratamiento !== undefined) values.tratamiento = patch.tratamiento;
      if (patch.zona_horaria !== undefined) values.zonaHoraria = patch.zona_horaria;
      if (patch.rfc !== undefined) values.rfc = patch.rfc;
      if (patch.regimen_fiscal !== undefined) values.regimenFiscal = patch.regimen_fiscal;
      if (patch.domicilio_fiscal !== undefined) values.domicilioFiscal = patch.domicilio_fiscal;
      if (patch.resumen_diario !== undefined) values.resumenDiario = patch.resumen_diario;
      if (patch.codigo_postal_expedicion !== undefined) values.codigoPostalExpedicion = patch.codigo_postal_expedicion;
      if (patch.serie_cfdi !== undefined) values.serieCfdi = patch.serie_cfdi;
      if (patch.tarifa_hora !== undefined) values.tarifaHora = patch.tarifa_hora === null ? null : moneyString(patch.tarifa_hora);
      const [row] = await db.update(profiles).set(values).where(eq(profiles.id, user.id)).returning();
      if (!row) throw new Error(`El perfil de ${user.id} no existe`);
      const after = toProfile(row);
      const cambios = changesOf(before, after, PROFILE_FIELDS);
      if (cambios.length) await deps.history?.record(db, user.id, { accion: 'editar', entidad: 'cuenta', resumen: 'Perfil y configuración actualizados', cambios });
      return after;
    },

    /** Stores the photo (re-encoded, see avatar.ts) and points the profile at it with a new version. */
    async setAvatar(user: AccountUser, file: ReceivedFile): Promise<Profile> {
      await storeAvatar(user.id, file, deps);
      await getOrCreate(user);
      const [row] = await db
        .update(profiles)
        // The version in the URL makes every place show the new photo at once.
        .set({ avatarUrl: `/api/profile/avatar?v=${Date.now()}`, updatedAt: new Date() })
        .where(eq(profiles.id, user.id))
        .returning();
      return toProfile(row!);
    },

    /** The stored photo of the user, or 404 when there is none. */
    async avatarFile(user: AccountUser): Promise<StoredFile> {
      const profile = await getOrCreate(user);
      if (!profile.avatar_url) throw notFound();
      return { bucket: 'avatars', key: avatarKey(user.id), name: 'avatar.jpg', type: 'image/jpeg' };
    },

    /** 'Configurar Sistema': checks and repairs what the photo needs. */
    async systemCheck(user: AccountUser): Promise<SystemCheck[]> {
      return runSystemCheck(user, { db, storage: deps.storage, profiles: { getOrCreate }, logger: deps.logger });
    },

    /** The lawyer's time zone (Preferencias), the default one for a user without a profile yet. */
    async timeZoneOf(userId: string): Promise<string> {
      const [row] = await timeZoneStatement.execute({ userId });
      return row?.zonaHoraria ?? DEFAULT_TIME_ZONE;
    },

    /** The lawyer's fiscal data and default hourly rate (receipts, time entries). */
    async fiscalOf(userId: string): Promise<FiscalData> {
      const [row] = await db
        .select({
          rfc: profiles.rfc,
          regimen_fiscal: profiles.regimenFiscal,
          domicilio_fiscal: profiles.domicilioFiscal,
          tarifa_hora: profiles.tarifaHora,
          codigo_postal_expedicion: profiles.codigoPostalExpedicion,
          serie_cfdi: profiles.serieCfdi,
        })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .limit(1);
      return row ?? { rfc: null, regimen_fiscal: null, domicilio_fiscal: null, tarifa_hora: null, codigo_postal_expedicion: null, serie_cfdi: null };
    },

    /** Today (YYYY-MM-DD) where the lawyer is: what 'vencido' and 'vence hoy' are counted from. */
    async today(userId: string): Promise<string> {
      return todayIn(await this.timeZoneOf(userId));
    },

    /** How a lawyer signs an email to a client: full name, specialty and account email. */
    async signature(userId: string): Promise<{ nombre: string; especialidad: string; email: string; tratamiento: Tratamiento | null }> {
      const [found] = await db
        .select({ email: users.email, name: users.name, profile: profiles })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      if (!found) throw new Error(`La cuenta ${userId} no existe`);
      return {
        nombre: found.profile ? fullNameOf(found.profile) : found.name,
        especialidad: especialidadOf(found.profile),
        email: found.email,
        tratamiento: found.profile?.tratamiento ?? null,
      };
    },

    /** Of these avatar keys ({userId}/avatar.jpg), those whose profile shows a photo (the orphan sweeper). */
    async referencedAvatarKeys(keys: string[]): Promise<Set<string>> {
      const ids = keys.map((key) => key.replace(/\/avatar\.jpg$/, '')).filter((id, index) => keys[index] !== id);
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(inArray(profiles.id, ids), isNotNull(profiles.avatarUrl)));
      return new Set(rows.map((row) => avatarKey(row.id)));
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
export type { ProfileUpdateInput };
