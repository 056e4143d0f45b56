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
