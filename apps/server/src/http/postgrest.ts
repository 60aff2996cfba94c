import type { ColumnType } from '@portside/contract/schemas/view-row';
import { AppError } from './errors.js';
import { refuseControlChars } from './control-chars.js';

/** Column types a view can expose (the contract's); filter values are checked and cast by type. */
export type { ColumnType };

const OPS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'LIKE', ilike: 'ILIKE' } as const;
const RESERVED = new Set(['select', 'order', 'limit', 'offset']);
export const MAX_LIMIT = 1000;

const CHECKS: Partial<Record<ColumnType, RegExp>> = {
  int: /^-?\d{1,15}$/,
  numeric: /^-?\d+(\.\d+)?$/,
  bool: /^(true|false)$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}([T ][\d:.]+)?(Z|[+-]\d{2}(:?\d{2})?)?$/,
};

export interface BuiltQuery {
  sql: string;
  countSql: string;
  params: unknown[];
  limit: number;
  offset: number;
}

function checkValue(col: string, type: ColumnType, v: string): void {
  const re = CHECKS[type];
  if (re && !re.test(v)) throw new AppError('BAD_FILTER_VALUE', { details: `${col}: '${v}' is not a valid ${type}` });
}

function splitList(raw: string): string[] {
  const inner = raw.startsWith('(') && raw.endsWith(')') ? raw.slice(1, -1) : null;
  if (inner === null) throw new AppError('BAD_FILTER_VALUE', { details: 'in. takes a list like in.(a,b)' });
  return inner === '' ? [] : inner.split(',').map((s) => s.trim().replace(/^"(.*)"$/, '$1'));
}

function column(columns: Record<string, ColumnType>, name: string): ColumnType {
  // Own keys only: a name like 'constructor' must not pass through the object's prototype.
  const t = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!t) throw new AppError('UNKNOWN_COLUMN', { details: `column '${name}' does not exist in this view` });
  return t;
}

/**
 * Builds SQL for a PostgREST-style read over a whitelisted view source.
 * Supports col=op.value with eq neq gt gte lt lte like ilike in is, `not.` negation, select,
 * order (col.asc|desc[.nullsfirst|nullslast], comma separated), limit and offset.
 */
export function buildQuery(
  source: string,
  columns: Record<string, ColumnType>,
  query: Record<string, string | string[] | undefined>,
  defaultOrder?: string,
): BuiltQuery {
  const params: unknown[] = [];
  const where: string[] = [];
  const p = (v: unknown, type: ColumnType) => {
    params.push(v);
    return `$${params.length}::${type === 'json' ? 'text' : type}`;
  };

  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || raw === undefined) continue;
    const type = column(columns, key);
    for (const expr of Array.isArray(raw) ? raw : [raw]) {
      let rest = expr;
      let negate = false;
      if (rest.startsWith('not.')) {
        negate = true;
        rest = rest.slice(4);
      }
      const dot = rest.indexOf('.');
      const op = dot < 0 ? rest : rest.slice(0, dot);
      const val = dot < 0 ? '' : rest.slice(dot + 1);
      // PostgreSQL cannot compare text holding NUL (22021): such a value is bad input, not a 500.
      refuseControlChars(val, key);
      const col = `v."${key}"`;
      let cond: string;
      if (op === 'in') {
        if (type === 'json' || type === 'text[]')
          throw new AppError('UNKNOWN_OPERATOR', { details: `in is not available on ${key}` });
        const items = splitList(val);
        items.forEach((i) => checkValue(key, type, i));
        if (items.length) params.push(items);
        cond = items.length ? `${col} = ANY($${params.length}::${type}[])` : 'false';
      } else if (op === 'is') {
        const IS: Record<string, string> = { null: 'NULL', true: 'TRUE', false: 'FALSE' };
        const m = Object.hasOwn(IS, val) ? IS[val] : undefined;
        if (!m) throw new AppError('BAD_FILTER_VALUE', { details: 'is. takes null, true or false' });
        if (m !== 'NULL' && type !== 'bool')
          throw new AppError('BAD_FILTER_VALUE', { details: `${key} is not a boolean; use is.null` });
        cond = `${col} IS ${m}`;
      } else if (Object.hasOwn(OPS, op)) {
        const sqlOp = OPS[op as keyof typeof OPS];
        if (sqlOp === 'LIKE' || sqlOp === 'ILIKE') {
          cond = `${col}::text ${sqlOp} ${p(val.replace(/\*/g, '%'), 'text')}`;
        } else {
          if (type === 'json' || type === 'text[]')
            throw new AppError('UNKNOWN_OPERATOR', { details: `${op} is not available on ${key}` });
          checkValue(key, type, val);
          cond = `${col} ${sqlOp} ${p(val, type)}`;
        }
      } else {
        throw new AppError('UNKNOWN_OPERATOR', { details: `'${op}' in ${key}=${expr}` });
      }
      where.push(negate ? `NOT (${cond})` : cond);
    }
  }

  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
  const selectRaw = one(query.select);
  const selected =
    selectRaw && selectRaw !== '*'
      ? selectRaw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : Object.keys(columns);
  selected.forEach((c) => column(columns, c));

  const orderRaw = one(query.order) ?? defaultOrder;
  const orderSql = orderRaw
    ? orderRaw.split(',').map((part) => {
        const [name = '', ...mods] = part.trim().split('.');
        column(columns, name);
        const dir = mods.includes('desc') ? 'DESC' : 'ASC';
        const nulls = mods.includes('nullsfirst') ? ' NULLS FIRST' : mods.includes('nullslast') ? ' NULLS LAST' : '';
        const bad = mods.filter((m) => !['asc', 'desc', 'nullsfirst', 'nullslast'].includes(m));
        if (bad.length) throw new AppError('UNKNOWN_OPERATOR', { details: `order modifier '${bad[0]}'` });
        return `v."${name}" ${dir}${nulls}`;
      })
    : [];

  const int = (raw: string | undefined, name: string, d: number) => {
    if (raw === undefined) return d;
    if (!/^\d{1,9}$/.test(raw)) throw new AppError('BAD_FILTER_VALUE', { details: `${name} must be a whole number` });
    return Number(raw);
  };
  const limit = Math.min(int(one(query.limit), 'limit', MAX_LIMIT), MAX_LIMIT);
  const offset = int(one(query.offset), 'offset', 0);

  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const cols = selected.map((c) => `v."${c}"`).join(', ');
  const base = `FROM (${source}) v${whereSql}`;
  return {
    sql: `SELECT ${cols} ${base}${orderSql.length ? ` ORDER BY ${orderSql.join(', ')}` : ''} LIMIT ${limit} OFFSET ${offset}`,
    countSql: `SELECT count(*)::int AS n ${base}`,
    params,
    limit,
    offset,
  };
}
