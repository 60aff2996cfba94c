/**
 * Every view's row is written once, as a zod schema in the contract; its SQL must answer exactly
 * that row. This runs each view's SQL with LIMIT 0 on the real database and compares the columns
 * PostgreSQL describes (names and types) with the row schema's fields, so a column added to the
 * SQL and not to the schema (or the other way round), or a column whose type changed, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { columnsOf, type ColumnType } from '@portside/contract/schemas/view-row';
import { myLogRow } from '@portside/contract/schemas/logs';
import { defineView, viewSource, type ViewDef } from '../src/routes/route-defs.js';
import { buildRegistry } from '../src/registry.js';
import { startTestServer, type TestServer } from './harness.js';

/** PostgreSQL type OIDs (pg_type.oid) and the column type each one is answered as. */
const OID_COLUMN_TYPES: Record<number, ColumnType> = {
  16: 'bool',
  19: 'text', // name
  20: 'int', // int8: parsed to a number (db/database.ts)
  21: 'int',
  23: 'int',
  25: 'text',
  114: 'json',
  1009: 'text[]',
  1043: 'text', // varchar
  1082: 'date',
  1184: 'timestamptz',
  1700: 'numeric',
  2950: 'uuid',
  3802: 'json', // jsonb
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

/** The columns the view's SQL answers, with their column types, in the SQL's order. */
async function sqlColumns(view: ViewDef): Promise<Record<string, string>> {
  // LIMIT 0 plans and describes the query without reading a row; the system context lets every
  // source be planned (row-level security would only filter rows, and there are none).
  const r = await s.db.system((tx) => tx.query(`SELECT * FROM (${viewSource(view, s.config)}) v LIMIT 0`));
  return Object.fromEntries(r.fields.map((f) => [f.name, OID_COLUMN_TYPES[f.dataTypeID] ?? `pg type oid ${f.dataTypeID}`]));
}

/** How the SQL's columns differ from the view's row schema: one line per difference, none when they agree. */
async function differences(view: ViewDef): Promise<string[]> {
  const declared = columnsOf(view.row);
  const actual = await sqlColumns(view);
  const out: string[] = [];
  for (const [name, type] of Object.entries(declared)) {
    if (!(name in actual)) out.push(`${view.name}.${name}: in the row schema, not answered by the SQL`);
    else if (actual[name] !== type) out.push(`${view.name}.${name}: the schema says ${type}, the SQL answers ${actual[name]}`);
  }
  for (const name of Object.keys(actual))
    if (!(name in declared)) out.push(`${view.name}.${name}: answered by the SQL, missing from the row schema`);
  return out;
}

describe('view shapes: each view answers exactly its contract row', () => {
  const views = buildRegistry().views;

  it('finds a difference in names and in types when a row schema is wrong', async () => {
    const logs = views.find((v) => v.name === 'MyLogs')!;
    const wrong = defineView({
      ...logs,
      row: myLogRow.omit({ ip: true }).extend({ id: z.string(), extra: z.boolean() }),
    });
    expect((await differences(wrong)).sort()).toEqual([
      'MyLogs.extra: in the row schema, not answered by the SQL',
      'MyLogs.id: the schema says text, the SQL answers int',
      'MyLogs.ip: answered by the SQL, missing from the row schema',
    ]);
    expect(await differences(logs)).toEqual([]);
  });

  it('derives every view’s columns from its row schema', () => {
    for (const v of views) expect(v.columns, v.name).toEqual(columnsOf(v.row));
  });

  it('runs every view’s SQL and finds the row schema’s columns with their types', async () => {
    expect(views.length).toBeGreaterThan(25);
    const all: string[] = [];
    for (const v of views) all.push(...(await differences(v)));
    expect(all).toEqual([]);
  });
});
