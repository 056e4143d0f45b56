/**
 * What of its tables a module hands over to an account's export ('Exportar
 * todos mis datos') and takes back on import: each module declares this in
 * its own `portable.ts`, next to the tables it owns, and `modules/portability`
 * (the zip, its manifest, the import's checks and id rewriting) reads and
 * writes them through these declarations alone. A module's new table is
 * either exported or left out with its reason (a test fails otherwise).
 */

import type { SQL } from 'drizzle-orm';
import type { Bucket } from '../storage';

export interface TableSpec {
  tabla: string;
  /** Its file in the zip: the area's Spanish name. */
  archivo: string;
  /** Its rows of one lawyer: by their own owner column, or by a parent's (`nota_tags` by their note's). */
  owner: { column: 'user_id' | 'id' } | { parent: string; via: string };
  /** The key rows are paged and told apart by. */
  key: string[];
  /**
   * Columns holding the id of a record of this export (its own id, links to
   * others): an import gives each record a new id of its own, the same every
   * time for the same account, and rewrites every link to it.
   */
  ids: string[];
  /**
   * Of `ids`, the columns that may name what the export does not hold (the
   * history's record ids, a plazo's appointments: no foreign key), kept
   * as they are. In every other link column, an id the export does not hold
   * is dropped on import: a zip made by hand cannot link a record to another
   * lawyer's.
   */
  loose?: string[];
  /**
   * JSON arrays that may name records of this export among other values (a
   * matter template's escritos: Bufete's by name, the lawyer's own by id): an
   * element the export holds is rewritten to its new id, the rest kept.
   */
  idLists?: string[];
  /** A stored file per row, under its case's folder in the zip. */
  file?: { bucket: Bucket };
  /**
   * One row per lawyer: an import meets the account's own row. 'fill' (the
   * profile) writes only what the account has left empty, never its
   * `identity` columns; 'greatest' (the invoice counter) keeps the larger.
   */
  single?: 'fill' | 'greatest';
  /** Columns an import never writes over (the account's own name). */
  identity?: string[];
  /** How the import's preview and summary name the area ('Casos'); link tables have none. */
  etiqueta?: string;
  /** Columns not exported (besides the owner and the derived ones). */
  omit?: string[];
  /** Tables whose primary key the database generates (the history): an import tells repeated rows apart by their content. */
  generatedKey?: boolean;
  /** Columns an earlier version named otherwise, by their old name: a zip made then is read as today's. */
  formerly?: Record<string, string>;
}

/** A module's declaration: its exported tables, in the order an import inserts them, and those it leaves out, each with why. */
export interface Portable {
  exported: TableSpec[];
  leftOut: Record<string, string>;
  /** What the import runs once every row is in, in its transaction: an older zip's data brought up to date, as the upgrade did. */
  afterImport?: (userId: string) => SQL;
}
