import { Hono } from 'hono';
import type { DatabaseHandle } from '../../db/client';

/** 200 when the database answers a query, 503 otherwise. */
export function healthRoutes(database: DatabaseHandle) {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await database.ping();
      return c.json({ status: 'ok', database: database.kind });
    } catch {
      return c.json({ status: 'error', database: database.kind }, 503);
    }
  });
}
