/**
 * Abuse reports (EU Digital Services Act art. 16 notice and action), help texts and the provider's
 * status messages.
 */
import crypto from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { normalizeLocale } from '@portside/contract/rules/locale';
import type { ReportAbuseBody } from '@portside/contract/schemas/support';
import { AppError } from '../../http/errors.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import * as repo from './support.repository.js';
import { abuseDecisionMail, abuseReceiptMail } from './support.mails.js';

/** Abuse reports per hour from one address. */
export const ABUSE_REPORTS_PER_IP = 5;

/** Crockford-like letters and digits without 0/O and 1/I, for references read aloud. */
const REF_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A new report reference: AR-<year>-<8 random characters>. */
export function abuseReference(now = new Date()): string {
  const bytes = crypto.randomBytes(8);
  const tail = [...bytes].map((b) => REF_ALPHABET[b % REF_ALPHABET.length]).join('');
  return `AR-${now.getUTCFullYear()}-${tail}`;
}

export async function reportAbuse(ctx: Ctx, b: Omit<ReportAbuseBody, 'p_good_faith' | 'p_kind'> & { p_kind: string }) {
  const reference = abuseReference();
  const language = normalizeLocale(b.p_language);
  await ctx.db.system(async (tx) => {
    await checkRate(tx, `abuse:ip:${ctx.ip}`, ABUSE_REPORTS_PER_IP, 3600);
    await recordRate(tx, `abuse:ip:${ctx.ip}`);
    await repo.insertAbuseReport(tx, {
      reference,
      name: b.p_name,
      email: b.p_email,
      location: b.p_location,
      kind: b.p_kind,
      explanation: b.p_explanation,
      language,
      ip: ctx.ip,
    });
  });
  try {
    await ctx.mailer.send(abuseReceiptMail(b.p_email, language, { name: b.p_name, reference, location: b.p_location }));
  } catch (err) {
    ctx.log.warn({ err: String(err) }, 'abuse report receipt not sent');
  }
  return { reference };
}

/**
 * Records staff's decision on a notice and tells the reporter (DSA art. 16(5)): 'resolved' means the
 * provider acted on the content, 'rejected' that it found no breach. The note goes to the reporter.
 */
export async function resolveAbuseReport(u: UserCtx, b: { p_report: number; p_status: string; p_note?: string | undefined }) {
  const note = b.p_note ?? '';
  const { row, report } = await u.db.system(async (tx) => {
    const report = await repo.lockAbuseReport(tx, b.p_report);
    if (!report) throw new AppError('ABUSE_REPORT_NOT_FOUND', { details: `report ${b.p_report}` });
    if (report.status !== 'open') throw new AppError('ABUSE_REPORT_CLOSED', { details: `status: ${report.status}` });
    return { row: await repo.resolveAbuseReport(tx, b.p_report, b.p_status, note, u.principal.userId), report };
  });
  try {
    await u.mailer.send(
      abuseDecisionMail(report.reporter_email, report.language, {
        name: report.reporter_name,
        reference: report.reference,
        acted: b.p_status === 'resolved',
        note,
      }),
    );
  } catch (err) {
    u.log.warn({ err: String(err) }, 'abuse decision not mailed');
  }
  return row;
}

/**
 * What help texts may hold: text structure, links and images by https, nothing that runs or
 * styles. The browser sanitises once more when it shows them.
 */
const HELPTEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'a',
    'code',
    'pre',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeHelptext(html: string): string {
  return sanitizeHtml(html, HELPTEXT_POLICY).trim();
}

export async function updateHelptext(u: UserCtx, b: { p_label: string; html: string }) {
  const html = sanitizeHelptext(b.html);
  return u.db.system((tx) => repo.saveHelptext(tx, b.p_label, html, u.principal.userId));
}

/**
 * Answers the new status's id only: an answer with a `message` field is an error to the web client
 * (spec 2 §8 'Failure test'), so the row itself cannot be the answer.
 */
export async function postStatus(u: UserCtx, b: { p_message: string; p_level: string }): Promise<{ id: number }> {
  const row = await u.db.system((tx) => repo.insertStatus(tx, b.p_level, b.p_message, u.principal.userId));
  return { id: row.id };
}

export async function endStatus(u: UserCtx, id: number) {
  const ended = await u.db.system((tx) => repo.endStatus(tx, id));
  if (!ended) throw new AppError('STATUS_NOT_FOUND', { details: `status ${id}` });
  return { id };
}
