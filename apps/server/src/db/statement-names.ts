/**
 * Names for prepared statements. A named statement is parsed and planned once per connection and
 * then only bound and executed, which saves the database most of its work on short, frequent reads
 * (a list view's plan takes longer than its execution). Texts are named as first seen, up to
 * {@link MAX_NAMED}: filters make texts vary, and every name costs each pooled connection a plan,
 * so texts beyond that run unnamed, as before.
 */
import crypto from 'node:crypto';

const MAX_NAMED = 500;
const names = new Map<string, string>();

/** The statement name of `sql`, or undefined once the process has named as many texts as it keeps. */
export function statementName(sql: string): string | undefined {
  const known = names.get(sql);
  if (known || names.size >= MAX_NAMED) return known;
  const name = `ps-${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
  names.set(sql, name);
  return name;
}
