/** A deliberately small logger: one line per event on stdout/stderr. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
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
      console.error(`${stamp()} ERROR ${message}`, error ?? '');
    },
  };
}
