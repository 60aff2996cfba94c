/**
 * The hashed link of /pay-invoice/:issuer/:invoice (contract payments.ts): the invoice number, the
 * epoch the link was made and an HMAC-SHA512 over `issuer|number|epoch` with a key derived from
 * the server's data key. Only the server makes and checks it; a link works for PAY_LINK_TTL_DAYS.
 */
import crypto from 'node:crypto';
import { PAY_LINK_TTL_DAYS, formatInvoicePart, invoiceLinkHashInput, parseInvoicePart } from '@portside/contract/payments';
import { buildPath } from '@portside/contract/routes';
import { AppError } from '../../http/errors.js';

/** The link key: the data key, narrowed to this one use. */
const linkKey = (dataKey: Buffer) => crypto.createHmac('sha256', dataKey).update('portside pay-invoice link').digest();

const sign = (dataKey: Buffer, issuer: string, number: string, epoch: number) =>
  crypto
    .createHmac('sha512', linkKey(dataKey))
    .update(invoiceLinkHashInput(issuer, number, epoch))
    .digest('hex');

/** A link may be made this far ahead of this server's clock (other instances' clocks), seconds. */
const CLOCK_SKEW_SECONDS = 300;

/** The invoice part of a link for `number` made at `nowMs`. */
export function invoiceLinkPart(dataKey: Buffer, issuer: string, number: string, nowMs = Date.now()): string {
  const epoch = Math.floor(nowMs / 1000);
  return formatInvoicePart({ number, epoch, hash: sign(dataKey, issuer, number, epoch) });
}

/**
 * The portal path of an invoice's payment page, for the invoice e-mail (prefix it with the
 * portal's public URL): /pay-invoice/<issuer>/<number>.<epoch>.<hash>.
 */
export function payInvoicePath(dataKey: Buffer, issuer: string, number: string, nowMs = Date.now()): string {
  return buildPath('pay-invoice', { issuer, invoice: invoiceLinkPart(dataKey, issuer, number, nowMs) });
}

/**
 * The invoice number a link names. PAY_LINK_INVALID for another issuer, a malformed part or a
 * wrong hash; PAY_LINK_EXPIRED for a right one older than the link's life.
 */
export function verifyInvoiceLink(dataKey: Buffer, ownIssuer: string, issuer: string, part: string, nowMs = Date.now()): string {
  const link = parseInvoicePart(part);
  if (!link || issuer !== ownIssuer) throw new AppError('PAY_LINK_INVALID');
  const want = Buffer.from(sign(dataKey, issuer, link.number, link.epoch), 'hex');
  if (!crypto.timingSafeEqual(want, Buffer.from(link.hash, 'hex'))) throw new AppError('PAY_LINK_INVALID');
  const age = nowMs / 1000 - link.epoch;
  if (age > PAY_LINK_TTL_DAYS * 86_400 || age < -CLOCK_SKEW_SECONDS) throw new AppError('PAY_LINK_EXPIRED');
  return link.number;
}
