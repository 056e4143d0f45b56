/**
 * How Bufete reads a court's site (issue 35): as a good citizen. Every
 * request names Bufete in its User-Agent, waits at least `gapMs` after the
 * previous one to the same site, asks robots.txt first (RFC 9309: a path it
 * disallows is not fetched; a robots.txt the site cannot serve disallows
 * everything for now), gives up after `timeoutMs`, and reads at most
 * `maxBytes` of a body.
 */

export const USER_AGENT = 'Bufete/0.1 (gestor de despachos; lee el boletín del día para los abogados que lo siguen)';
/** The token robots.txt groups are matched by. */
const ROBOTS_TOKEN = 'bufete';

export interface Fetched {
  status: number;
  contentType: string;
  body: Buffer;
  url: string;
}

/** A site that did not answer as a site does (a 5xx, a timeout, a refused connection): worth another try later. */
export class SourceUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceUnavailable';
  }
}

/** robots.txt forbids the path: Bufete does not fetch it. */
export class DisallowedByRobots extends Error {
  constructor(url: string) {
    super(`robots.txt no permite leer ${new URL(url).pathname}`);
    this.name = 'DisallowedByRobots';
  }
}

type Rules = { allow: string[]; disallow: string[] } | 'all-disallowed';

/** The rules of the group that applies to Bufete (its own, else '*'). */
export function robotsRules(text: string): { allow: string[]; disallow: string[] } {
  const groups: { agents: string[]; allow: string[]; disallow: string[] }[] = [];
  let current: (typeof groups)[number] | null = null;
  let readingAgents = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const match = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (!match) continue;
    const field = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (field === 'user-agent') {
      if (!current || !readingAgents) {
        current = { agents: [], allow: [], disallow: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      readingAgents = true;
    } else if (current && (field === 'allow' || field === 'disallow')) {
      readingAgents = false;
      if (value) current[field].push(value);
    }
  }
  const own = groups.filter((group) => group.agents.includes(ROBOTS_TOKEN));
  const chosen = own.length ? own : groups.filter((group) => group.agents.includes('*'));
  return { allow: chosen.flatMap((group) => group.allow), disallow: chosen.flatMap((group) => group.disallow) };
}

/** Whether `path` may be fetched: the longest matching rule wins, Allow on a tie (RFC 9309, section 2.2.2). */
export function robotsAllow(rules: { allow: string[]; disallow: string[] }, path: string): boolean {
  const longest = (patterns: string[]) => Math.max(-1, ...patterns.filter((pattern) => matches(pattern, path)).map((pattern) => pattern.length));
  return longest(rules.allow) >= longest(rules.disallow);
}

function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern).split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${body.join('.*')}${anchored ? '$' : ''}`).test(path);
}

export function createPoliteFetcher(options: { gapMs: number; timeoutMs?: number; maxBytes: number; now?: () => number; sleep?: (ms: number) => Promise<void> }) {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const lastRequest = new Map<string, number>();
  const robots = new Map<string, Rules>();

  /** One request to a site, after the pause it is owed. */
  async function request(url: string): Promise<Fetched> {
    const origin = new URL(url).origin;
    const wait = (lastRequest.get(origin) ?? -Infinity) + options.gapMs - now();
    if (wait > 0) await sleep(wait);
    lastRequest.set(origin, now());
    let response: Response;
    try {
      response = await fetch(url, { headers: { 'user-agent': USER_AGENT, accept: '*/*' }, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new SourceUnavailable(`sin respuesta de ${origin} (${(error as Error).name})`);
    } finally {
      // The pause counts from when the site answered, not only from when it was asked.
      lastRequest.set(origin, now());
    }
    if (new URL(response.url || url).origin !== origin) {
      await response.body?.cancel();
      throw new SourceUnavailable(`${origin} redirigió a otro sitio`);
    }
    const body = await readBounded(response, options.maxBytes);
    lastRequest.set(origin, now());
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', body, url: response.url || url };
  }

  async function rulesFor(origin: string): Promise<Rules> {
    const known = robots.get(origin);
    if (known) return known;
    const fetched = await request(`${origin}/robots.txt`);
    const rules: Rules = fetched.status >= 500 ? 'all-disallowed' : fetched.status >= 400 ? { allow: [], disallow: [] } : robotsRules(fetched.body.toString('utf8'));
    robots.set(origin, rules);
    return rules;
  }

  return {
    /** GET `url` as a good citizen: robots.txt first (once per run), the pause between requests, the size bound. */
    async get(url: string): Promise<Fetched> {
      const parsed = new URL(url);
      const rules = await rulesFor(parsed.origin);
      if (rules === 'all-disallowed') throw new SourceUnavailable(`${parsed.origin} no sirvió su robots.txt`);
      if (!robotsAllow(rules, parsed.pathname + parsed.search)) throw new DisallowedByRobots(url);
      const fetched = await request(url);
      if (fetched.status >= 500 || fetched.status === 429) throw new SourceUnavailable(`${parsed.origin} respondió ${fetched.status}`);
      return fetched;
    },
  };
}

export type PoliteFetcher = ReturnType<typeof createPoliteFetcher>;

async function readBounded(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new SourceUnavailable(`la respuesta pesa más de ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new SourceUnavailable(`la respuesta pesa más de ${Math.round(maxBytes / 1024 / 1024)} MB`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
