import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('configuración', () => {
  it('applies the documented defaults and generates APP_SECRET into DATA_DIR once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-config-'));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.aiDailyLimit).toBe(50);
    expect(config.secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'secret'), 'utf8').trim()).toBe(config.secret);
    expect(loadConfig({ DATA_DIR: dataDir }).secret).toBe(config.secret);
  });

  it('asks for APP_SECRET with DATABASE_URL: processes sharing a database must share it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-config-'));
    dirs.push(dataDir);
    const url = 'postgres://postgres@127.0.0.1:5432/bufete';
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url })).toThrow(/APP_SECRET: obligatorio con DATABASE_URL/);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, APP_SECRET: 's'.repeat(40) }).secret).toBe('s'.repeat(40));
    expect(existsSync(path.join(dataDir, 'secret'))).toBe(false);
  });

  it('keeps the diagnostic pages off unless enabled, and reads TRUST_PROXY and the mail limits', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-config-'));
    dirs.push(dataDir);
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults.diagnosticsEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }).diagnosticsEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, DIAGNOSTICS_ENABLED: 'true' }).diagnosticsEnabled).toBe(true);
    expect(defaults.trustProxyHops).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'a veces' })).toThrow(/TRUST_PROXY/);
    expect(defaults.clientEmailLimits).toEqual({ hourly: 30, daily: 150 });
    expect(defaults.extractionTimeoutMs).toBe(30_000);
  });

  it('runs one process unless WORKERS says more, and more only on PostgreSQL', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-config-'));
    dirs.push(dataDir);
    const postgres = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bufete', APP_SECRET: 's'.repeat(40) };
    expect(loadConfig({ DATA_DIR: dataDir }).workers).toBe(1);
    expect(loadConfig({ ...postgres, WORKERS: '4' }).workers).toBe(4);
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: '2' })).toThrow(/WORKERS: más de un proceso requiere DATABASE_URL/);
    for (const bad of ['0', '65', '1.5', 'muchos']) expect(() => loadConfig({ ...postgres, WORKERS: bad })).toThrow(/WORKERS debe ser un número entero de 1 a 64/);
  });

  it('gives the search two PostgreSQL connections per process unless SEARCH_CONNECTIONS says otherwise', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-config-'));
    dirs.push(dataDir);
    expect(loadConfig({ DATA_DIR: dataDir }).searchConnections).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, SEARCH_CONNECTIONS: '6' }).searchConnections).toBe(6);
    for (const bad of ['0', '33', 'dos'])
      expect(() => loadConfig({ DATA_DIR: dataDir, SEARCH_CONNECTIONS: bad })).toThrow(/SEARCH_CONNECTIONS debe ser un número entero de 1 a 32/);
  });

  it('asks OpenAI for max_completion_tokens and other OpenAI-compatible servers for max_tokens, unless AI_MAX_TOKENS_FIELD says', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-config-'));
    dirs.push(dataDir);
    const ai = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm', ...env }).ai!;
    expect(ai({ AI_BASE_URL: 'https://api.openai.com/v1' })).toMatchObject({ maxTokensField: 'max_completion_tokens', firstTokenMs: 60_000 });
    expect(ai({ AI_BASE_URL: 'http://localhost:11434/v1' }).maxTokensField).toBe('max_tokens');
    expect(ai({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MAX_TOKENS_FIELD: 'max_completion_tokens', AI_FIRST_TOKEN_SECONDS: '20' })).toMatchObject({
      maxTokensField: 'max_completion_tokens',
      firstTokenMs: 20_000,
    });
    expect(() => ai({ AI_BASE_URL: 'http://localhost:11434/v1', AI_FIRST_TOKEN_SECONDS: '1' })).toThrow(/AI_FIRST_TOKEN_SECONDS/);
  });

  it('rejects invalid values with a clear message', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-config-'));
    dirs.push(dataDir);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'corto' })).toThrow(/APP_SECRET/);
    expect(existsSync(path.join(dataDir, 'secret'))).toBe(false);
  });
});

describe('archivos temporales de subidas', () => {
  it('each process has its folder; at start-up the folders of dead processes go at once, other leftovers once an hour old', async () => {
    const { processTempDir } = await import('../../src/http/temp-dir');
    const { mkdir, readdir, utimes, writeFile } = await import('node:fs/promises');
    const { hostname } = await import('node:os');
    const { spawnSync } = await import('node:child_process');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-tmp-'));
    dirs.push(dataDir);
    const tmp = path.join(dataDir, 'tmp');
    const host = hostname().replace(/[^a-zA-Z0-9.]/g, '_');
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!; // ran and ended
    const put = async (relative: string, ageMs = 0) => {
      const file = path.join(tmp, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'x');
      const when = new Date(Date.now() - ageMs);
      await utimes(file, when, when);
    };
    await put(`${host}-${deadPid}/a.upload`); // a process killed a minute ago: goes now
    await put(`${host}-${deadPid}/b.upload`);
    await put(`${host}-${process.ppid}/en-curso.upload`); // a live process' upload: stays
    await put('otra-maquina-123/vieja.upload', 2 * 60 * 60 * 1000); // another machine's, two hours old: goes
    await put('otra-maquina-123/reciente.upload'); // another machine's, recent: stays
    await put('suelto-viejo.upload', 2 * 60 * 60 * 1000); // an older version's, loose: goes when old
    await put('suelto-reciente.upload');

    const temp = processTempDir(dataDir);
    expect(temp.path).toBe(path.join(tmp, `${host}-${process.pid}`));
    expect(await temp.prepare()).toBe(4);
    expect((await readdir(tmp)).sort()).toEqual([`${host}-${process.pid}`, `${host}-${process.ppid}`, 'otra-maquina-123', 'suelto-reciente.upload'].sort());
    expect(await readdir(path.join(tmp, 'otra-maquina-123'))).toEqual(['reciente.upload']);
    expect(await readdir(path.join(tmp, `${host}-${process.ppid}`))).toEqual(['en-curso.upload']);
    await temp.remove();
    expect(await readdir(tmp)).not.toContain(`${host}-${process.pid}`);
  });
});
