import { boletinesApi, MSG } from '@bufete/shared';
import type { RateLimiter } from '../../http/rate-limit';
import type { Router } from '../../http/route';
import type { BulletinService } from './service';

export function bulletinRoutes({ on }: Router, deps: { bulletins: BulletinService; limiter: RateLimiter }) {
  const { bulletins } = deps;
  // Reading a bulletin takes a thread for seconds: a few a minute per lawyer, counted before the file is received.
  const limited = { before: async (_c: unknown, user: { id: string } | null) => deps.limiter.hit(`boletin:${user!.id}`, MSG.boletines.demasiadasRevisiones) };
  on(boletinesApi.reviewText, async ({ user, body }) => bulletins.reviewText(user.id, body.texto), limited);
  on(boletinesApi.reviewFile, async ({ user, upload }) => bulletins.reviewFile(user.id, upload.file), limited);
  on(boletinesApi.confirm, async ({ user, body }) => bulletins.confirm(user.id, body));
}
