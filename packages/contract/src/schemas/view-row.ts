/**
 * The one shape of a view's row: every GET view of the API has a zod row schema in this folder.
 * The server derives the view's filterable columns and their types from it ({@link columnsOf}),
 * the OpenAPI document describes the view's answer with it, and the web takes its row type from
 * it — so a row is written once, beside the SQL that answers it (checked by the server's
 * view-shapes test against the real database).
 */
import { z } from '../zod';

/** Column types a view can expose; the reader checks and casts filter values by type. */
export const COLUMN_TYPES = ['text', 'int', 'numeric', 'bool', 'uuid', 'timestamptz', 'date', 'json', 'text[]'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Column types declared on a field because its zod type alone does not tell (see {@link column}). */
const declared = z.registry<{ column: ColumnType }, z.ZodType>();

/**
 * Declares the column type of a row field whose zod type is ambiguous: a PostgreSQL numeric
 * arrives as a string, a JSON array of strings looks like a text[]. Returns the same schema.
 */
export function column<T extends z.ZodType>(schema: T, type: ColumnType): T {
  declared.add(schema, { column: type });
  return schema;
}

/** A timestamp column (timestamptz), answered as an ISO 8601 string in UTC. */
export const timestampField = () => z.iso.datetime();
/** A calendar day column (date), answered as 'YYYY-MM-DD'. */
export const dayField = () => z.iso.date();

interface JsonSchemaNode {
  type?: string;
  format?: string;
  items?: JsonSchemaNode;
}

/** The field without its nullable/optional wrappers: the column's own type. */
function unwrap(field: z.ZodType): z.ZodType {
  let s = field;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
  return s;
}

/** The column type a row field stands for; throws for a field no column type fits. */
export function columnTypeOf(field: z.ZodType): ColumnType {
  const inner = unwrap(field);
  const meta = declared.get(inner) ?? declared.get(field);
  if (meta) return meta.column;
  const js = z.toJSONSchema(inner, { io: 'output', unrepresentable: 'any' }) as JsonSchemaNode;
  switch (js.type) {
    case 'integer':
      return 'int';
    case 'number':
      return 'numeric';
    case 'boolean':
      return 'bool';
    case 'object':
      return 'json';
    case 'array':
      return js.items?.type === 'string' && !js.items.format ? 'text[]' : 'json';
    case 'string':
      if (js.format === 'uuid') return 'uuid';
      if (js.format === 'date-time') return 'timestamptz';
      if (js.format === 'date') return 'date';
      return 'text';
    default:
      throw new Error(`no column type fits the row field ${JSON.stringify(js)}; declare it with column()`);
  }
}

/** Every column of a row schema with its type, in the schema's order. */
export function columnsOf(row: z.ZodObject): Record<string, ColumnType> {
  return Object.fromEntries(Object.entries(row.shape).map(([name, field]) => [name, columnTypeOf(field as z.ZodType)]));
}
