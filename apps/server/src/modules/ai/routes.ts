import { iaApi, MSG } from '@bufete/shared';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { AiService } from './service';

export function aiRoutes({ on }: Router, { ai, limiter }: { ai: AiService; limiter: RateLimiter }) {
  const options = { unauthenticatedMessage: MSG.http.unauthenticated };
  on(iaApi.status, async ({ user }) => ai.status(user.id, user.personId), options);
  on(iaApi.contextOptions, async ({ user }) => ai.contextOptions(user.id), options);
  on(iaApi.upload, async ({ user, upload }) => ({ archivo: await ai.upload(user.id, upload.file) }), {
    ...options,
    tooLargeMessage: MSG.ai.archivoGrande,
    missingFileMessage: MSG.ai.errorArchivos,
  });
  on(iaApi.sessions, async ({ user }) => ({ items: await ai.sessions(user.id) }), options);
  on(iaApi.session, async ({ user, params }) => ai.session(user.id, params.id), options);
  on(iaApi.updateSession, async ({ user, params, body }) => ({ session: await ai.updateSession(user.id, params.id, body) }), options);
  on(
    iaApi.removeSession,
    async ({ user, params }) => {
      await ai.removeSession(user.id, params.id);
      return { ok: true as const };
    },
    options,
  );

  /**
   * The reply streams as JSON lines. Everything that can be refused (the
   * quota, another lawyer's records) is refused before the stream starts, as
   * a normal error answer. A closed tab stops the model.
   */
  on(
    iaApi.ask,
    async ({ c, user, body }) => {
      const { run } = await ai.ask(user.id, body, user.personId);
      const stop = new AbortController();
      c.req.raw.signal.addEventListener('abort', () => stop.abort(), { once: true });
      const events = run(stop.signal);
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = await events.next();
            if (next.done) controller.close();
            else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
          } catch (error) {
            controller.error(error);
          }
        },
        async cancel() {
          stop.abort();
          await events.return(undefined);
        },
      });
      return new Response(stream, {
        headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'X-Accel-Buffering': 'no' },
      });
    },
    {
      ...options,
      // A few questions a minute per lawyer, on top of the daily quota: a script cannot spend the day's quota (or the firm's model bill) in seconds.
      before: async (_c, user) => {
        if (user) await limiter.hit(`ia:${user.personId}`, MSG.ai.demasiadasSeguidas);
      },
    },
  );
}
