import { boletinesApi, MSG } from '@bufete/shared';
import type { RateLimiter } from '../../http/rate-limit';
import type { RouteOptions, Router } from '../../http/route';
import type { BulletinService } from './service';

export function bulletinRoutes({ on }: Router, deps: { bulletins: BulletinService; limiter: RateLimiter }) {
  const { bulletins } = deps;
  // Reading a bulletin takes a thread for seconds: a few a minute per lawyer, counted before the file is received.
  const limited: RouteOptions = { before: async (_c, user) => deps.limiter.hit(`boletin:${user!.id}`, MSG.boletines.demasiadasRevisiones) };
  on(boletinesApi.reviewText, async ({ user, body }) => bulletins.reviewText(user.id, body.texto), limited);
  on(boletinesApi.reviewFile, async ({ user, upload }) => bulletins.reviewFile(user.id, upload.file), {
    ...limited,
    tooLargeMessage: MSG.boletines.archivoGrande,
    missingFileMessage: MSG.boletines.sinArchivo,
  });
  on(boletinesApi.confirm, async ({ user, body }) => bulletins.confirm(user.id, body));
  on(boletinesApi.fuentes, async ({ user }) => ({ items: await bulletins.fuentes(user.id) }));
  on(boletinesApi.seguir, async ({ user, body }) => ({ items: await bulletins.seguir(user.id, body.seguidas) }));
  on(boletinesApi.recibido, async ({ user, query }) => bulletins.recibido(user.id, query.fuente, query.dia));
}
