/**
 * Statements prepared once per shape. A list query has optional parts (a
 * filter, a search, a cursor); each combination the screens use is built and
 * prepared the first time it is asked for, with placeholders for its values,
 * and reused from then on: building a query with the ORM cost more server CPU
 * per request than anything but the socket writes (issue 16's profile), and
 * the database keeps the plan. Shapes are few (the combinations of a screen's
 * filters), so the map stays small; where they could be many (the search:
 * its words), `max` keeps the most recently used.
 */
export function preparedByShape<Statement>(prepare: (shape: string) => Statement, options: { max?: number } = {}): (shape: string) => Statement {
  const statements = new Map<string, Statement>();
  const max = options.max ?? Infinity;
  return (shape) => {
    let statement = statements.get(shape);
    if (statement) {
      // A Map iterates in insertion order: re-inserting marks it as the most recent.
      statements.delete(shape);
    } else {
      statement = prepare(shape);
      if (statements.size >= max) statements.delete(statements.keys().next().value!);
    }
    statements.set(shape, statement);
    return statement;
  };
}

/**
 * The name to give `.prepare()` for a statement that is built once but
 * planned on each run with its values. Drizzle asks the database to keep a
 * statement (and, after five runs, possibly one generic plan for any values)
 * only when it has a name. Where the best plan depends on the values, that
 * cached plan can cost ten times more: the search's two-letter word has no
 * trigram to look up, so a plan made for any word reads a whole trigram index
 * (53 ms against 6 ms planned for 'ga', bench/README.md). Such a statement
 * keeps what building it once saves (the server's CPU) and is planned per run.
 */
export const PLANNED_PER_RUN = undefined as unknown as string;
