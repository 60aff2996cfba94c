/**
 * Turning a zod error into what forms and the server's error handler show: message keys per field.
 */
import type { z } from 'zod';

/** The field name used for issues that belong to the whole body rather than one field. */
export const ROOT_FIELD = '_root';

/** One issue: the top-level field it belongs to and its message key. */
export interface IssueItem {
  field: string;
  key: string;
}

function fieldOf(issue: z.core.$ZodIssue): string {
  const first = issue.path[0];
  return first === undefined ? ROOT_FIELD : String(first);
}

/**
 * The issue's dotted path down to the object field that failed (`p_rules.0.dport`); an element of
 * a list of plain values is named by its list (`p_claims`), as forms know their fields.
 */
function pathOf(issue: z.core.$ZodIssue): string {
  const parts = issue.path.map(String);
  while (parts.length > 1 && /^\d+$/.test(parts[parts.length - 1]!)) parts.pop();
  return parts.length ? parts.join('.') : ROOT_FIELD;
}

/** Every issue with its dotted path (what the API's VALIDATION_FAILED details name) and message key. */
export function issuePaths(error: z.ZodError): Array<{ path: string; key: string }> {
  return error.issues.map((issue) => ({ path: pathOf(issue), key: issue.message }));
}

/** Every issue in order, each with its top-level field (ROOT_FIELD for the body) and message key. */
export function issueList(error: z.ZodError): IssueItem[] {
  return error.issues.map((issue) => ({ field: fieldOf(issue), key: issue.message }));
}

/** The first message key of each top-level field, in the order the fields first fail. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const seen = new Map<string, string>();
  for (const { field, key } of issueList(error)) {
    if (!seen.has(field)) seen.set(field, key);
  }
  // fromEntries defines own properties, so a field named like an Object method stays a field.
  return Object.fromEntries(seen);
}
