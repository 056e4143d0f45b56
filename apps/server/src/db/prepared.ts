/**
 * Statements prepared once per shape. A list query has optional parts (a
 * filter, a search, a cursor); each combination the screens use is built and
 * prepared the first time it is asked for, with placeholders for its values,
 * and reused from then on: building a query with the ORM cost more server CPU
 * per request than anything but the socket writes (issue 16's profile), and
 * the database keeps the plan. Shapes are few (the combinations of a screen's
 * filters), so the map stays small.
 */
export function preparedByShape<Statement>(prepare: (shape: string) => Statement): (shape: string) => Statement {
  const statements = new Map<string, Statement>();
  return (shape) => {
    let statement = statements.get(shape);
    if (!statement) {
      statement = prepare(shape);
      statements.set(shape, statement);
    }
    return statement;
  };
}
