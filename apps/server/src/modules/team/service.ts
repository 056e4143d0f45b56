import { createHash, randomBytes } from 'node:crypto';
import { type Despacho, EQUIPO_LIMITES, type Invitacion, type Miembro, MSG, ROL_NOMBRE, type Rol, type RolInvitable } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import type { SignedInUser } from '../../auth/session';
import { type Database, rowsOf } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { teamInvitationEmail } from '../../mail/templates';
import { arrayLiteral } from '../../http/case-scope';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A column of these statements as the API's ISO instant (as db/columns.ts's `isoInstant` does for Drizzle's columns). */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A despacho is named by its titular, as their profile says it. */
const DESPACHO_NOMBRE = sql<string>`'Despacho de ' || coalesce(nullif(trim(concat_ws(' ', p.nombre, p.apellido)), ''), t.name)`;

interface MemberRow {
  despacho_id: string;
  rol: Exclude<Rol, 'titular'>;
  facturacion: boolean;
}

/**
 * The despacho and its team (issue 46, docs/decisions/0038): who belongs to
 * which despacho with which role, the invitations that let people in, and
 * which despacho each session works in. Every check that matters is made in
 * the statement that changes the row, so two titulars' tabs cannot race past
 * a limit.
 */
/**
 * A despacho whose titular closed their account (issue 28's 30 days of grace)
 * is not worked in: its members are back in their own until the titular
 * signs in again and restores it.
 */
const abierto = (despachoId: ReturnType<typeof sql>) => sql`not exists (select 1 from cuentas_cierre c where c.user_id = ${despachoId})`;

export function createTeamService(db: Database, deps: { mailer: Mailer; logger: Logger; appUrl: string }) {
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await db.execute(query));
  }

  async function despachoInfo(despachoId: string, member: { rol: Rol; facturacion: boolean }): Promise<Despacho> {
    const [row] = await rows<{ nombre: string }>(sql`select ${DESPACHO_NOMBRE} as nombre from users t left join profiles p on p.id = t.id where t.id = ${despachoId}`);
    if (!row) throw notFound();
    return { id: despachoId, nombre: row.nombre, rol: member.rol, facturacion: member.rol === 'titular' || member.facturacion };
  }

  return {
    /** Where a session works: the despacho it chose while its person still belongs to it, or their own. */
    async despachoOf(sessionId: string, personId: string): Promise<{ id: string; rol: Rol; facturacion: boolean }> {
      const [row] = await rows<MemberRow>(sql`
        select m.despacho_id, m.rol, m.facturacion from sesion_despacho s
        join despacho_miembros m on m.despacho_id = s.despacho_id and m.user_id = ${personId}
        where s.session_id = ${sessionId} and ${abierto(sql`m.despacho_id`)}`);
      return row ? { id: row.despacho_id, rol: row.rol, facturacion: row.facturacion } : { id: personId, rol: 'titular', facturacion: true };
    },

    /** A case's responsible and its assignees must be people of the despacho: its titular or members. */
    async assertInDespacho(despachoId: string, personIds: string[], campo: 'responsable_id' | 'asignados' | 'asignado_id'): Promise<void> {
      const members = personIds.filter((id) => id !== despachoId);
      if (members.length === 0) return;
      const found = await rows<{ n: number }>(
        sql`select count(*)::int as n from despacho_miembros where despacho_id = ${despachoId} and user_id = any(${arrayLiteral(members)}::text[])`,
      );
      if (Number(found[0]?.n ?? 0) !== members.length)
        throw appError('VALIDATION_ERROR', campo === 'responsable_id' ? MSG.equipo.responsableInvalido : MSG.equipo.asignadoInvalido, campo);
    },

    /** The despacho's people by name, its titular first: what a responsible or an assignee is chosen from. */
    async personas(despachoId: string): Promise<{ id: string; nombre: string }[]> {
      return rows<{ id: string; nombre: string }>(sql`
        select u.id, coalesce(nullif(trim(concat_ws(' ', p.nombre, p.apellido)), ''), u.name) as nombre, 0 as orden
          from users u left join profiles p on p.id = u.id where u.id = ${despachoId}
        union all
        select u.id, coalesce(nullif(trim(concat_ws(' ', p.nombre, p.apellido)), ''), u.name), 1
          from despacho_miembros m join users u on u.id = m.user_id left join profiles p on p.id = u.id
          where m.despacho_id = ${despachoId}
        order by orden, nombre`).then((found) => found.map(({ id, nombre }) => ({ id, nombre })));
    },

    /** What the session's reply says of its despacho: its name, the role, and whether the person has more than one. */
    async resumen(user: SignedInUser): Promise<Despacho & { varios: boolean }> {
      const [row] = await rows<{ nombre: string; varios: boolean }>(sql`
        select ${DESPACHO_NOMBRE} as nombre, exists (select 1 from despacho_miembros where user_id = ${user.personId}) as varios
          from users t left join profiles p on p.id = t.id where t.id = ${user.id}`);
      if (!row) throw notFound();
      return { id: user.id, nombre: row.nombre, rol: user.rol, facturacion: user.rol === 'titular' || user.facturacion, varios: row.varios };
    },

    /** The despacho this session works in, and every despacho the person belongs to (their own first). */
    async despachos(user: SignedInUser): Promise<{ actual: Despacho; despachos: Despacho[] }> {
      const found = await rows<{ id: string; nombre: string; rol: Rol; facturacion: boolean }>(sql`
        select t.id, ${DESPACHO_NOMBRE} as nombre, 'titular' as rol, true as facturacion, 0 as orden
          from users t left join profiles p on p.id = t.id where t.id = ${user.personId}
        union all
        select t.id, ${DESPACHO_NOMBRE}, m.rol, m.facturacion, 1
          from despacho_miembros m join users t on t.id = m.despacho_id left join profiles p on p.id = t.id
          where m.user_id = ${user.personId} and ${abierto(sql`m.despacho_id`)}
        order by orden, nombre`);
      const despachos = found.map(({ id, nombre, rol, facturacion }) => ({ id, nombre, rol, facturacion }));
      const actual = despachos.find((d) => d.id === user.id) ?? (await despachoInfo(user.id, user));
      return { actual, despachos };
    },

    /** Moves this session to another despacho the person belongs to (their own included). */
    async cambiar(user: SignedInUser, despachoId: string): Promise<Despacho> {
      if (despachoId === user.personId) {
        await db.execute(sql`delete from sesion_despacho where session_id = ${user.sessionId}`);
        return despachoInfo(despachoId, { rol: 'titular', facturacion: true });
      }
      const [member] = await rows<MemberRow>(
        sql`select despacho_id, rol, facturacion from despacho_miembros where despacho_id = ${despachoId} and user_id = ${user.personId} and ${abierto(sql`despacho_id`)}`,
      );
      // Another's despacho (or one its titular closed) is not there for this person, whether or not it exists.
      if (!member) throw notFound();
      await db.execute(sql`
        insert into sesion_despacho (session_id, despacho_id) values (${user.sessionId}, ${despachoId})
        on conflict (session_id) do update set despacho_id = excluded.despacho_id`);
      return despachoInfo(despachoId, member);
    },

    /** The despacho's people (its titular first) and its invitations not yet accepted. */
    async miembros(user: SignedInUser): Promise<{ miembros: Miembro[]; invitaciones: Invitacion[] }> {
      const people = await rows<{ id: string; nombre: string; email: string; rol: Rol; facturacion: boolean; desde: string }>(sql`
        select u.id, coalesce(nullif(trim(concat_ws(' ', p.nombre, p.apellido)), ''), u.name) as nombre, u.email,
               'titular' as rol, true as facturacion, ${iso('u.created_at')} as desde, 0 as orden
          from users u left join profiles p on p.id = u.id where u.id = ${user.id}
        union all
        select u.id, coalesce(nullif(trim(concat_ws(' ', p.nombre, p.apellido)), ''), u.name), u.email,
               m.rol, m.facturacion, ${iso('m.created_at')}, 1
          from despacho_miembros m join users u on u.id = m.user_id left join profiles p on p.id = u.id
          where m.despacho_id = ${user.id}
        order by orden, nombre`);
      const invitaciones = await rows<{ id: string; email: string; rol: RolInvitable; facturacion: boolean; caducada: boolean; expira: string; creada: string }>(sql`
        select id, email, rol, facturacion, expira_at <= now() as caducada,
               ${iso('expira_at')} as expira,
               ${iso('created_at')} as creada
          from despacho_invitaciones where despacho_id = ${user.id} and aceptada_at is null order by created_at desc`);
      return {
        miembros: people.map(({ id, nombre, email, rol, facturacion, desde }) => ({
          id,
          nombre,
          email,
          rol,
          facturacion: rol === 'titular' || facturacion,
          desde,
          tu: id === user.personId,
        })),
        invitaciones: invitaciones.map(({ caducada, ...rest }) => ({ ...rest, estado: caducada ? 'caducada' : 'pendiente' })),
      };
    },

    /**
     * Invites an address with a role. The despacho's row is locked while the
     * limits are counted and the invitation written: 25 people (pending
     * invitations count), 20 invitations a day.
     */
    async invitar(user: SignedInUser, input: { email: string; rol: RolInvitable; facturacion: boolean }): Promise<{ invitacion: Invitacion; message: string }> {
      const token = randomBytes(32).toString('base64url');
      const email = input.email.toLowerCase();
      const created = await db.transaction(async (tx) => {
        const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(query))[0];
        const despacho = await one<{ email: string }>(sql`select email from users where id = ${user.id} for update`);
        if (!despacho) throw notFound();
        if (despacho.email.toLowerCase() === email) throw appError('VALIDATION_ERROR', MSG.equipo.tuMismo, 'email');
        const counts = await one<{ miembro: boolean; pendiente: boolean; personas: number; hoy: number }>(sql`
          select exists (select 1 from despacho_miembros m join users u on u.id = m.user_id where m.despacho_id = ${user.id} and lower(u.email) = ${email}) as miembro,
                 exists (select 1 from despacho_invitaciones where despacho_id = ${user.id} and email = ${email} and aceptada_at is null and expira_at > now()) as pendiente,
                 1 + (select count(*) from despacho_miembros where despacho_id = ${user.id})
                   + (select count(*) from despacho_invitaciones where despacho_id = ${user.id} and aceptada_at is null and expira_at > now()) as personas,
                 (select count(*) from despacho_invitaciones where despacho_id = ${user.id} and created_at > now() - interval '1 day') as hoy`);
        if (counts!.miembro) throw appError('VALIDATION_ERROR', MSG.equipo.yaEsMiembro(email), 'email');
        if (counts!.pendiente) throw appError('VALIDATION_ERROR', MSG.equipo.yaInvitado(email), 'email');
        if (Number(counts!.personas) >= EQUIPO_LIMITES.miembros) throw appError('LIMIT_REACHED', MSG.equipo.limiteMiembros);
        if (Number(counts!.hoy) >= EQUIPO_LIMITES.invitacionesPorDia) throw appError('RATE_LIMITED', MSG.equipo.limiteInvitaciones);
        // An expired invitation to the same address makes way for the new one.
        await tx.execute(sql`delete from despacho_invitaciones where despacho_id = ${user.id} and email = ${email} and aceptada_at is null`);
        return one<{ id: string; expira: string; creada: string }>(sql`
          insert into despacho_invitaciones (despacho_id, email, rol, facturacion, token_hash, expira_at)
          values (${user.id}, ${email}, ${input.rol}, ${input.facturacion}, ${tokenHash(token)}, now() + make_interval(days => ${EQUIPO_LIMITES.diasInvitacion}))
          returning id, ${iso('expira_at')} as expira,
                    ${iso('created_at')} as creada`);
      });
      const { nombre } = await despachoInfo(user.id, user);
      // In the fragment: never sent to a server, so the token reaches no log nor Referer.
      const link = `${deps.appUrl}/invitacion#${token}`;
      deps.mailer
        .send({ to: email, ...teamInvitationEmail({ titular: user.name, despacho: nombre, rol: ROL_NOMBRE[input.rol], link }), fromName: user.name })
        .catch((error: unknown) => deps.logger.warn(`una invitación al despacho no se pudo enviar (${created!.id}): ${(error as { code?: string }).code ?? 'error'}`));
      return {
        invitacion: { id: created!.id, email, rol: input.rol, facturacion: input.facturacion, estado: 'pendiente', expira: created!.expira, creada: created!.creada },
        message: MSG.equipo.invitacionEnviada(email),
      };
    },

    async cancelarInvitacion(user: SignedInUser, id: string): Promise<void> {
      const deleted = await rows(sql`delete from despacho_invitaciones where id = ${id} and despacho_id = ${user.id} and aceptada_at is null returning id`);
      if (deleted.length === 0) throw notFound();
    },

    /** What an invitation link offers, before signing in: the despacho and the role, never the address. */
    async verInvitacion(token: string): Promise<{ despacho: string; rol: RolInvitable; estado: 'pendiente' | 'caducada' | 'usada' }> {
      const [found] = await rows<{ despacho: string; rol: RolInvitable; usada: boolean; caducada: boolean }>(sql`
        select ${DESPACHO_NOMBRE} as despacho, i.rol, i.aceptada_at is not null as usada, i.expira_at <= now() as caducada
          from despacho_invitaciones i join users t on t.id = i.despacho_id left join profiles p on p.id = t.id
          where i.token_hash = ${tokenHash(token)}`);
      if (!found) throw appError('INVALID_TOKEN', MSG.equipo.invitacionInvalida);
      return { despacho: found.despacho, rol: found.rol, estado: found.usada ? 'usada' : found.caducada ? 'caducada' : 'pendiente' };
    },

    /**
     * The signed-in person accepts: the invitation is spent in the statement
     * that checks it (once, before it expires, for their address), they join
     * with its role, and this session moves to the despacho.
     */
    async aceptar(user: SignedInUser, token: string): Promise<Despacho> {
      const joined = await db.transaction(async (tx) => {
        const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(query))[0];
        const invitation = await one<{ id: string; despacho_id: string; email: string; rol: RolInvitable; facturacion: boolean; usada: boolean; caducada: boolean }>(sql`
          select id, despacho_id, email, rol, facturacion, aceptada_at is not null as usada, expira_at <= now() as caducada
            from despacho_invitaciones where token_hash = ${tokenHash(token)} for update`);
        if (!invitation) throw appError('INVALID_TOKEN', MSG.equipo.invitacionInvalida);
        if (invitation.usada) throw appError('INVALID_TOKEN', MSG.equipo.invitacionUsada);
        if (invitation.caducada) throw appError('EXPIRED_TOKEN', MSG.equipo.invitacionCaducada);
        if (invitation.email !== user.email.toLowerCase()) throw appError('INVALID_TOKEN', MSG.equipo.otroCorreo(invitation.email));
        if (invitation.despacho_id === user.personId) throw appError('VALIDATION_ERROR', MSG.equipo.tuMismo);
        // A despacho its titular closed takes nobody in.
        if (!(await one(sql`select 1 from users where id = ${invitation.despacho_id} and ${abierto(sql`id`)}`))) throw appError('INVALID_TOKEN', MSG.equipo.invitacionInvalida);
        // The despacho's row is the lock the invitations are counted under too.
        await tx.execute(sql`select 1 from users where id = ${invitation.despacho_id} for update`);
        const counted = await one<{ personas: number }>(sql`select 1 + count(*) as personas from despacho_miembros where despacho_id = ${invitation.despacho_id}`);
        if (Number(counted!.personas) >= EQUIPO_LIMITES.miembros) throw appError('LIMIT_REACHED', MSG.equipo.limiteMiembros);
        await tx.execute(sql`
          insert into despacho_miembros (despacho_id, user_id, rol, facturacion)
          values (${invitation.despacho_id}, ${user.personId}, ${invitation.rol}, ${invitation.facturacion})
          on conflict (despacho_id, user_id) do nothing`);
        await tx.execute(sql`update despacho_invitaciones set aceptada_at = now() where id = ${invitation.id}`);
        await tx.execute(sql`
          insert into sesion_despacho (session_id, despacho_id) values (${user.sessionId}, ${invitation.despacho_id})
          on conflict (session_id) do update set despacho_id = excluded.despacho_id`);
        const member = await one<MemberRow>(
          sql`select despacho_id, rol, facturacion from despacho_miembros where despacho_id = ${invitation.despacho_id} and user_id = ${user.personId}`,
        );
        return member!;
      });
      return despachoInfo(joined.despacho_id, joined);
    },

    async cambiarRol(user: SignedInUser, memberId: string, input: { rol: RolInvitable; facturacion: boolean }): Promise<Miembro> {
      if (memberId === user.id) throw appError('VALIDATION_ERROR', MSG.equipo.titularNoSeQuita);
      const updated = await rows(
        sql`update despacho_miembros set rol = ${input.rol}, facturacion = ${input.facturacion} where despacho_id = ${user.id} and user_id = ${memberId} returning user_id`,
      );
      if (updated.length === 0) throw notFound();
      const { miembros } = await this.miembros(user);
      return miembros.find((m) => m.id === memberId)!;
    },

    /**
     * Removes a member: their sessions working in this despacho end at once
     * (the database announces each to every process), and what they recorded
     * stays the despacho's: it was always its rows.
     */
    async quitar(user: SignedInUser, memberId: string): Promise<void> {
      if (memberId === user.id) throw appError('VALIDATION_ERROR', MSG.equipo.titularNoSeQuita);
      await db.transaction(async (tx) => {
        const removed = await tx.execute(sql`delete from despacho_miembros where despacho_id = ${user.id} and user_id = ${memberId} returning user_id`);
        if (rowsOf(removed).length === 0) throw notFound();
        // Their cases stay the despacho's, with nobody in particular answering for them until the titular says who.
        await tx.execute(sql`update casos set responsable_id = null where user_id = ${user.id} and responsable_id = ${memberId}`);
        await tx.execute(sql`delete from caso_asignados where user_id = ${user.id} and persona_id = ${memberId}`);
        await tx.execute(sql`update tareas set asignado_id = null where user_id = ${user.id} and asignado_id = ${memberId}`);
        // Their private notes stay private, and the despacho's: its titular's from now on.
        await tx.execute(sql`update notas set autor_id = null where user_id = ${user.id} and autor_id = ${memberId}`);
        await tx.execute(sql`
          delete from sessions where user_id = ${memberId}
            and id in (select session_id from sesion_despacho where despacho_id = ${user.id})`);
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
