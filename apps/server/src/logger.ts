/** A deliberately small logger: one line per event on stdout/stderr. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** `error` is described without its data (see describeError). */
  error(message: string, error?: unknown): void;
}

export function createLogger(options: { silent?: boolean } = {}): Logger {
  const stamp = () => new Date().toISOString();
  return {
    info: (message) => {
      if (!options.silent) console.log(`${stamp()} ${message}`);
    },
    warn: (message) => {
      if (!options.silent) console.warn(`${stamp()} WARN ${message}`);
    },
    error: (message, error) => {
      // Errors are always printed, tests included: a 500 is a bug we must see.
      console.error(`${stamp()} ERROR ${message}${error === undefined ? '' : `\n${describeError(error)}`}`);
    },
  };
}

/** Quoted values inside an error message ("…" or '…'): they may be a client's name or a note. */
function redactQuoted(text: string): string {
  return text.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
}

/**
 * What may be logged of an error: its kind, the database's error code,
 * constraint and table, a message with quoted values removed, and where it
 * happened. Never the query's parameters (drizzle puts them in its message:
 * note contents, client names), the database's DETAIL line (it repeats the
 * values), or a request body.
 */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  let stack: string | undefined;
  while (current && !seen.has(current) && lines.length < 5) {
    seen.add(current);
    if (current instanceof Error) {
      const db = current as Error & { code?: unknown; constraint?: unknown; table?: unknown; constraint_name?: unknown; table_name?: unknown };
      const isDrizzle = current.name === 'DrizzleQueryError' || current.message.startsWith('Failed query:');
      const parts = [current.name];
      if (typeof db.code === 'string') parts.push(`código ${db.code}`);
      const constraint = db.constraint ?? db.constraint_name;
      if (typeof constraint === 'string') parts.push(`restricción ${constraint}`);
      const table = db.table ?? db.table_name;
      if (typeof table === 'string') parts.push(`tabla ${table}`);
      const message = isDrizzle ? 'consulta fallida (parámetros omitidos)' : redactQuoted(current.message).slice(0, 300);
      lines.push(`  ${parts.join(', ')}: ${message}`);
      // Only the frames: the first lines of a stack repeat the message, parameters included.
      stack ??= current.stack
        ?.split('\n')
        .filter((line) => /^\s+at /.test(line))
        .slice(0, 5)
        .join('\n');
      current = (current as { cause?: unknown }).cause;
    } else {
      lines.push(`  ${typeof current}`);
      break;
    }
  }
  return stack ? `${lines.join('\n')}\n${stack}` : lines.join('\n');
}

/**
 * An error as background work records it (the log, the jobs table): its kind
 * and codes only, through its causes ('Error EENVELOPE SMTP 550',
 * 'DrizzleQueryError › PostgresError 23505'). Never its message: a refused
 * mail names the client's address, a failed insert carries a notice's title
 * or an email's subject.
 */
export function errorCodeOf(error: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current) && parts.length < 4) {
    seen.add(current);
    const record = current as { name?: unknown; code?: unknown; responseCode?: unknown; status?: unknown; cause?: unknown };
    const part = [
      typeof record.name === 'string' ? record.name : 'Error',
      typeof record.code === 'string' || typeof record.code === 'number' ? String(record.code) : null,
      typeof record.responseCode === 'number' ? `SMTP ${record.responseCode}` : null,
      typeof record.status === 'number' ? `HTTP ${record.status}` : null,
    ]
      .filter(Boolean)
      .join(' ');
    parts.push(part);
    current = record.cause;
  }
  return parts.join(' › ') || typeof error;
}

/** A path as it may be logged: signed-file tokens are secrets until they expire. */
export function redactPath(pathname: string): string {
  return pathname
    .replace(/^\/api\/files\/[^/]+/, '/api/files/[token]')
    .replace(/^\/api\/calendario\/feed\/(?!regenerate$)[^/]+/, '/api/calendario/feed/[token]')
    .slice(0, 200);
}
