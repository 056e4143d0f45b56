import * as shared from '@bufete/shared';
import type { EndpointShape } from '@bufete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/** Every endpoint of the shared contract (the `…Api` objects the web calls). */
function contractEndpoints(): EndpointShape[] {
  return Object.entries(shared)
    .filter(([name, value]) => name.endsWith('Api') && value && typeof value === 'object')
    .flatMap(([, api]) => Object.values(api as Record<string, EndpointShape>));
}

describe('contrato de la API', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.stop();
  });

  it('serves exactly the endpoints of the contract, no more and no fewer', () => {
    const served = new Set(ts.server.routes.map((route) => `${route.method} ${route.path}`));
    const promised = new Set(contractEndpoints().map((endpoint) => `${endpoint.method} /api${endpoint.path}`));
    expect([...promised].filter((route) => !served.has(route))).toEqual([]);
    expect([...served].filter((route) => !promised.has(route))).toEqual([]);
  });

  it('uses one language for paths and one casing on the wire', () => {
    for (const endpoint of contractEndpoints()) {
      // Lower-case words joined by hyphens; parameters as :name.
      expect(endpoint.path, endpoint.path).toMatch(/^(\/([a-z]+(-[a-z]+)*|:[a-z_]+))+$/);
      const shapes = [endpoint.query, endpoint.body, endpoint.upload?.fields].filter(Boolean) as { shape?: Record<string, unknown> }[];
      for (const schema of shapes) {
        for (const key of Object.keys(schema.shape ?? {})) expect(key, `${endpoint.path}: ${key}`).toMatch(/^[a-zñ]+(_[a-zñ]+)*$|^(currentPassword|newPassword|confirmPassword)$/);
      }
    }
  });
});
