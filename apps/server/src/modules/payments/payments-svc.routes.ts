/**
 * The payment calls of the payment and service host (spec 2 §7; contract payments.ts), public:
 * - GET  /svc/payments/invoice/:issuer/:invoice → the invoice (PublicInvoice) of a hashed link
 * - POST /svc/payments/invoice/:issuer/:invoice {p_method, p_idempotency_key} → PaymentStarted
 * - GET  /svc/payments/invoice/:issuer/:invoice/payment/:id → PaymentState of that invoice's payment
 * - POST /svc/payments/deposit/:issuer/:email/:client/:epoch/:hash {p_amount_cents, p_method,
 *   p_idempotency_key} → PaymentStarted (hash-in-path as the notification calls)
 * - POST /svc/payments/helper/:issuer/:email/:client/:epoch/:hash, no body → text: the card
 *   provider's public value (pspHelperValue)
 * Failed link or hash checks count against the caller's IP (429 once the limit is reached).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountSalt } from '@portside/contract/hubs';
import { depositSchema, publicInvoicePaySchema, type PublicInvoice } from '@portside/contract/schemas/payments';
import type { ZodError } from 'zod';
import { buildPath } from '@portside/contract/routes';
import type { Config } from '../../config.js';
import type { Database, DbScope } from '../../db/database.js';
import { createPaymentDrivers } from '../../drivers/payments/create-payment-drivers.js';
import { AppError, validationError } from '../../http/errors.js';
import { signedParts, signedPathParts, verifySignedPath, withFailureLimit } from '../../http/signed-path.js';
import { quietLevel } from '../../hubs/log-level.js';
import type { Secrets } from '../../secrets.js';
import { writeAudit } from '../audit/audit.repository.js';
import { verifyInvoiceLink } from './invoice-link.js';
import * as repo from './payments.repository.js';
import { confirmPayment, deposit, payInvoices, stateAnswer } from './payments.service.js';

export interface PaymentSvcDeps {
  db: Database;
  config: Config;
  secrets: Secrets;
}

const BASE = '/svc/payments';
const noStore = { 'Cache-Control': 'no-store' };

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  body: unknown,
): T {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/** Public keys live apart from the account's own (a visitor cannot replay the account's payments). */
const linkKey = (key: string) => `link-${key}`.slice(0, 100);

export async function registerPaymentSvcRoutes(app: FastifyInstance, deps: PaymentSvcDeps): Promise<void> {
  const { db, config } = deps;
  const tenant = (clientId: string, userId = ''): DbScope => ({ kind: 'tenant', clientId, userId });

  /** The open invoice a link names (system scope: the link is the authority); 404 when it is gone. */
  async function linkedInvoice(
    req: FastifyRequest,
    issuer: string,
    part: string,
  ): Promise<{ invoice: repo.InvoiceRow; issuer: string; part: string }> {
    return withFailureLimit(
      deps,
      `pay-link:ip:${req.ip}`,
      async () => {
        const number = verifyInvoiceLink(deps.secrets.dataKey, config.notificationIssuer, issuer, part);
        const invoice = await db.system((tx) => repo.invoiceByNumber(tx, number));
        if (!invoice) throw new AppError('NotFound', { details: 'invoice' });
        return { invoice, issuer, part };
      },
      ['PAY_LINK_EXPIRED', 'NotFound', 'VALIDATION_FAILED'],
    );
  }

  await app.register(
    async (scope) => {
      // The invoice part (with its 128-digit hash) is longer than a router parameter may be: the
      // parts are read from the raw URL.
      const linkParts = (req: FastifyRequest, n: number) => signedPathParts(req, `${BASE}/invoice/`, n);

      scope.get(`${BASE}/invoice/*`, async (req, reply) => {
        if (/\/payment\/[^/]*$/.test((req.raw.url ?? '').split('?')[0]!)) return paymentOfLink(req, reply);
        const [issuer, part] = linkParts(req, 2);
        const { invoice: i } = await linkedInvoice(req, issuer!, part!);
        const body: PublicInvoice = {
          number: i.number,
          reference: i.reference,
          issued_on: i.issued_on,
          due_on: i.due_on,
          status: i.status,
          total_cents: i.total_cents,
          paid_cents: i.paid_cents,
          open_cents: i.status === 'open' ? i.total_cents - i.paid_cents : 0,
        };
        return reply.headers(noStore).send(body);
      });

      scope.post(`${BASE}/invoice/*`, async (req, reply) => {
        const [issuer = '', part = ''] = linkParts(req, 2);
        const { invoice } = await linkedInvoice(req, issuer, part);
        const b = parse(publicInvoicePaySchema, req.body);
        const env = { db, config, ip: req.ip };
        const actor = { userId: null, email: null, ip: req.ip };
        const out = await db.run(tenant(invoice.client_id), async (tx) => {
          const started = await payInvoices(tx, env, {
            clientId: invoice.client_id,
            invoiceIds: [invoice.id],
            method: b.p_method,
            key: linkKey(b.p_idempotency_key),
            actor,
            returnPath: (id) => `${buildPath('pay-invoice', { issuer, invoice: part })}?payment=${id}`,
          });
          await writeAudit(tx, {
            clientId: invoice.client_id,
            ...actor,
            action: 'PayInvoiceLink',
            target: `${invoice.number} ${b.p_method}`,
            result: 'ok',
          });
          return started;
        });
        return reply.headers(noStore).send(out);
      });

      /** GET …/invoice/:issuer/:invoice/payment/:id */
      async function paymentOfLink(req: FastifyRequest, reply: FastifyReply) {
        const [issuer, part, word, paymentId] = linkParts(req, 4);
        if (word !== 'payment') throw new AppError('NotFound');
        const { invoice } = await linkedInvoice(req, issuer!, part!);
        const id = Number(paymentId);
        if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('NotFound');
        const env = { db, config, ip: req.ip };
        const out = await db.run(tenant(invoice.client_id), async (tx) => {
          const p = await repo.getPayment(tx, id, invoice.client_id);
          // Only payments of exactly this invoice are shown through its link: one paying it alone, or
          // the payment of the order it is the invoice of (a transfer for it quotes the same reference).
          const ofInvoice = p?.purpose === 'invoices' && p.invoice_ids.length === 1 && p.invoice_ids[0] === invoice.id;
          const ofOrder = p?.purpose === 'order' && invoice.kind === 'order' && p.order_id === invoice.order_id;
          if (!p || !(ofInvoice || ofOrder)) throw new AppError('NotFound');
          return stateAnswer(
            tx,
            env,
            await confirmPayment(tx, env, id, invoice.client_id, { userId: null, email: null, ip: req.ip }),
          );
        });
        return reply.headers(noStore).send(out);
      }

      scope.post(`${BASE}/deposit/*`, async (req, reply) => {
        const user = await verifySignedPath(deps, req.ip, signedParts(signedPathParts(req, `${BASE}/deposit/`, 5)), accountSalt, {
          rateKey: `payments:ip:${req.ip}`,
        });
        const b = parse(depositSchema, req.body);
        const actor = { userId: user.userId, email: user.email, ip: req.ip };
        const out = await db.run(tenant(user.clientId, user.userId), async (tx) => {
          const started = await deposit(
            tx,
            { db, config, ip: req.ip },
            { clientId: user.clientId, amountCents: b.p_amount_cents, method: b.p_method, key: b.p_idempotency_key, actor },
          );
          await writeAudit(tx, {
            clientId: user.clientId,
            ...actor,
            action: 'Deposit',
            target: `deposit:${b.p_amount_cents} ${b.p_method}`,
            result: 'ok',
          });
          return started;
        });
        return reply.headers(noStore).send(out);
      });

      scope.post(`${BASE}/helper/*`, async (req, reply) => {
        await verifySignedPath(deps, req.ip, signedParts(signedPathParts(req, `${BASE}/helper/`, 5)), accountSalt, {
          rateKey: `payments:ip:${req.ip}`,
        });
        return reply.headers(noStore).type('text/plain; charset=utf-8').send(createPaymentDrivers(db, config).card.publicValue());
      });
    },
    { logLevel: quietLevel(app.log) },
  );
}
