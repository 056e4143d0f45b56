import { createHash } from 'node:crypto';
import { Column, type DriverValueDecoder, is, SQL } from 'drizzle-orm';

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
 * The name of one shape's prepared statement. PostgreSQL keeps prepared
 * statements per connection by name, and node-postgres refuses a name reused
 * for another text: each shape gets its own, the same every time it is made
 * again (the text is the same too).
 */
export function statementName(base: string, shape: string): string {
  return `${base}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
}

/** What a prepared select of drizzle 0.45 (node-postgres and PGlite alike) holds: its selected fields, in order, and an optional mapper of raw rows. */
interface PreparedSelectInternals {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** How drizzle turns a field's raw value into its JavaScript value (utils.js' mapResultRow, resolved once instead of per value). */
function decoderOf(field: unknown): (value: unknown) => unknown {
  // An SQL expression's decoder is internal to drizzle's types (`sql<T>` has none: values pass as they come).
  const decoder: DriverValueDecoder<unknown, unknown> | undefined = is(field, Column)
    ? field
    : is(field, SQL)
      ? (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder
      : is(field, SQL.Aliased)
        ? (field.sql as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder
        : undefined;
  if (!decoder) throw new Error('withFlatRows: campo no admitido');
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * A prepared select whose rows are built by a mapper resolved once, not by
 * drizzle's general one, which asks each value of each row what kind of
 * field it came from (two `is()` checks, a path walk): a tenth of a list
 * request's server CPU (bench/README.md, fourth pass). Only for flat
 * selections (`{ id: casos.id, … }`, no nested objects, which is what the
 * lists select); the rows are the same objects drizzle makes
 * (prepared-rows.test.ts compares them). It sets drizzle's own hook for a custom
 * mapper (`customResultMapper`, what its relational queries use), so a
 * drizzle upgrade that moves it fails that test rather than a screen.
 */
export function withFlatRows<Statement extends object>(statement: Statement): Statement {
  const internals = statement as PreparedSelectInternals;
  const fields = internals.fields;
  if (!fields || internals.customResultMapper) throw new Error('withFlatRows: no es una consulta select preparada');
  const keys = fields.map(({ path }) => {
    if (path.length !== 1) throw new Error('withFlatRows: solo selecciones planas');
    return path[0]!;
  });
  const decoders = fields.map(({ field }) => decoderOf(field));
  internals.customResultMapper = (rows) =>
    rows.map((row) => {
      const item: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i += 1) {
        const value = row[i];
        item[keys[i]!] = value === null ? null : decoders[i]!(value);
      }
      return item;
    });
  return statement;
}
