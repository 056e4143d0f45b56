import { calendarioApi, MSG } from '@bufete/shared';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { CalendarFeed } from './feed';
import type { GoogleCalendarService } from './google/service';
import type { CalendarService } from './service';

export function calendarRoutes(
  { on }: Router,
  deps: { calendar: CalendarService; google: GoogleCalendarService; feed: CalendarFeed; googleLimiter: RateLimiter; feedLimiter: RateLimiter },
) {
  const { calendar, google, feed } = deps;
  on(calendarioApi.list, async ({ user, query }) => ({ items: await calendar.range(user.id, query) }));
  on(calendarioApi.upcoming, async ({ user, query }) => ({ items: await calendar.upcoming(user.id, query) }));
  on(calendarioApi.summary, async ({ user }) => calendar.summary(user.id));
  on(calendarioApi.create, async ({ user, body }) => ({ evento: await calendar.create(user.id, body) }));
  on(calendarioApi.update, async ({ user, params, body }) => ({ evento: await calendar.update(user.id, params.id, body) }));
  on(calendarioApi.remove, async ({ user, params }) => {
    await calendar.remove(user.id, params.id);
    return { ok: true as const };
  });

  // Every call that reaches Google counts against a per-lawyer limit: our quota there is shared by all.
  const limited = { before: async (_c: unknown, user: { id: string } | null) => deps.googleLimiter.hit(`google:${user!.id}`) };
  on(calendarioApi.google, async ({ user }) => google.status(user.id));
  on(calendarioApi.connect, async ({ user }) => ({ url: await google.connect(user) }), limited);
  on(
    calendarioApi.callback,
    async ({ user, body }) => {
      await google.finishConnect(user, body.code, body.state);
      return { message: MSG.calendar.conectado };
    },
    { ...limited, unauthenticatedMessage: MSG.calendar.sesionPerdida },
  );
  on(calendarioApi.sync, async ({ user }) => google.sync(user.id), limited);
  on(calendarioApi.disconnect, async ({ user }) => {
    await google.disconnect(user.id);
    return { message: MSG.calendar.desconectado };
  });
  on(calendarioApi.diagnostic, async ({ user }) => google.diagnostic(user), limited);

  on(calendarioApi.feed, async ({ user }) => ({ url: await feed.url(user.id) }));
  on(calendarioApi.regenerateFeed, async ({ user }) => feed.regenerate(user.id));
  on(
    calendarioApi.feedFile,
    async ({ params }) => {
      const body = await feed.file(params.token);
      return new Response(body, {
        headers: {
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': 'inline; filename="bufete.ics"',
          'Cache-Control': 'private, max-age=300',
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'no-referrer',
        },
      });
    },
    // Calendar apps poll every few minutes; anything much faster is not a calendar app.
    { before: async (c) => deps.feedLimiter.hit(`feed:${c.get('clientNet')}`) },
  );
}
