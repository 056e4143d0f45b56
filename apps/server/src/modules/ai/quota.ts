import type { AiUsage } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { appError } from '../../http/errors';
import type { Notice } from '../notifications/service';
import type { ProfileService } from '../profile/service';
import { aiUsageLimits } from './schema';

/** The assistant's daily quota, per lawyer and per day on the lawyer's clock: read, taken atomically, given back. */
export function createAiQuota(db: Database, deps: { profiles: ProfileService; dailyLimit: number; notify: (userId: string, notice: Notice) => Promise<void> }) {
  async function usageOf(userId: string, day?: string): Promise<AiUsage> {
    const today = day ?? (await deps.profiles.today(userId));
    const [row] = await db
      .select({ used: aiUsageLimits.requestsUsed })
      .from(aiUsageLimits)
      .where(and(eq(aiUsageLimits.userId, userId), eq(aiUsageLimits.resetDate, today)))
      .limit(1);
    const used = Math.min(Number(row?.used ?? 0), deps.dailyLimit);
    return { requests_used: used, requests_limit: deps.dailyLimit, requests_remaining: deps.dailyLimit - used, reset_date: today };
  }

  /**
   * Takes one request of today's quota in the same statement that checks it:
   * with 49 of 50 used, of 100 simultaneous questions exactly one passes.
   */
  async function takeUnit(userId: string): Promise<{ day: string; usage: AiUsage }> {
    const day = await deps.profiles.today(userId);
    const taken = rowsOf<{ used: number }>(
      await db.execute(sql`
        insert into ai_usage_limits (user_id, reset_date, requests_used) values (${userId}, ${day}::date, 1)
        on conflict (user_id, reset_date) do update set requests_used = ai_usage_limits.requests_used + 1
          where ai_usage_limits.requests_used < ${deps.dailyLimit}
        returning requests_used as used`),
    );
    if (taken.length === 0) throw appError('RATE_LIMITED', MSG.ai.limiteAlcanzado);
    const used = Number(taken[0]!.used);
    // A fifth of the day's questions left (at least one): told once a day.
    if (deps.dailyLimit - used <= Math.max(1, Math.floor(deps.dailyLimit / 5))) {
      await deps.notify(userId, {
        tipo: 'cuota_ia',
        titulo: `Te quedan ${deps.dailyLimit - used} consultas de IA hoy`,
        detalle: `Tu límite diario es de ${deps.dailyLimit}; se renueva mañana.`,
        enlace: '/ai-assistant',
        clave: `cuota-ia:${day}`,
      });
    }
    return { day, usage: { requests_used: used, requests_limit: deps.dailyLimit, requests_remaining: deps.dailyLimit - used, reset_date: day } };
  }

  /** A question the model failed to answer does not count. */
  async function refund(userId: string, day: string): Promise<AiUsage> {
    await db
      .update(aiUsageLimits)
      .set({ requestsUsed: sql`greatest(${aiUsageLimits.requestsUsed} - 1, 0)` })
      .where(and(eq(aiUsageLimits.userId, userId), eq(aiUsageLimits.resetDate, day)));
    return usageOf(userId, day);
  }

  return { usageOf, takeUnit, refund };
}
