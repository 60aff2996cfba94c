/**
 * The test card provider's hosted checkout page (test-card.ts), served by the portal itself:
 * - GET  /svc/test-card/:session → the page (HTML, in the language of the `language` cookie): who is
 *   paid, the amount, a card number field, Pay and Cancel.
 * - POST /svc/test-card/:session (form: card, action=pay|cancel) → 303 back to the portal's return
 *   page once the checkout has ended (paid, declined or cancelled); a number that is not a test
 *   card shows the page again with the message.
 * No scripts (the portal's CSP allows none inline); the card number is never logged or kept, only
 * its last four digits. Unknown sessions count against the caller's IP like a wrong hash.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES, type Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { withFailureLimit } from '../../http/signed-path.js';
import { quietLevel } from '../../hubs/log-level.js';
import { createTestCardDriver, type TestCardSession } from './test-card.js';
import { TEST_CARD_TEXTS, type TestCardTexts } from './test-card-texts.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function languageOf(req: FastifyRequest): Language {
  const cookie = (req.headers.cookie ?? '')
    .split(';')
    .map((p) => p.trim().split('='))
    .find(([k]) => k === COOKIES.language.name);
  return normalizeLocale(cookie?.[1] ? decodeURIComponent(cookie[1]) : req.headers['accept-language']);
}

const money = (cents: number, lng: Language) =>
  new Intl.NumberFormat(lng, { style: 'currency', currency: 'EUR' }).format(cents / 100);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:16px;color:#212529}
main{max-width:440px;margin:24px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 8px}.note{background:#fff3bf;padding:8px;border-radius:4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#495057}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin-top:12px}input{box-sizing:border-box;width:100%;font-size:1.1rem;padding:8px;margin-top:4px}
.hint{font-size:.85rem;color:#495057}[role=alert]{color:#c92a2a;font-weight:600}
.actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}button,a.button{font-size:1rem;padding:10px 16px;border-radius:4px;border:1px solid #1c7ed6;cursor:pointer}
button[value=pay]{background:#1c7ed6;color:#fff}button[value=cancel],a.button{background:#fff;color:#1c7ed6;text-decoration:none}`;

function page(lng: Language, t: TestCardTexts, body: string): string {
  return `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t.title)}</title><style>${STYLE}</style></head><body><main><h1>${esc(t.title)}</h1>${body}</main></body></html>`;
}

function checkoutPage(lng: Language, s: TestCardSession, payee: string, error: keyof TestCardTexts | null): string {
  const t = TEST_CARD_TEXTS[lng];
  const amount = money(s.amountCents, lng);
  return page(
    lng,
    t,
    `<p class="note">${esc(t.test_mode)}</p>
<dl><dt>${esc(t.pay_to)}</dt><dd>${esc(payee)}</dd><dt>${esc(t.amount)}</dt><dd>${esc(amount)}</dd><dt>${esc(t.reference)}</dt><dd>${esc(s.description)}</dd></dl>
<form method="post" action="/svc/test-card/${esc(s.id)}">
${error ? `<p role="alert" id="card-error">${esc(t[error])}</p>` : ''}
<label for="card">${esc(t.card_label)}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" maxlength="23" aria-describedby="${error ? 'card-error ' : ''}hint" autofocus>
<p class="hint" id="hint">${esc(t.cards_hint)}</p>
<div class="actions"><button type="submit" name="action" value="pay">${esc(t.pay.replace('{amount}', amount))}</button>
<button type="submit" name="action" value="cancel">${esc(t.cancel)}</button></div></form>`,
  );
}

function overPage(lng: Language, returnUrl: string | null): string {
  const t = TEST_CARD_TEXTS[lng];
  const back = returnUrl ? `<div class="actions"><a class="button" href="${esc(returnUrl)}">${esc(t.back)}</a></div>` : '';
  return page(lng, t, `<p role="alert">${esc(t.session_over)}</p>${back}`);
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body);

export async function registerTestCardRoutes(app: FastifyInstance, deps: { db: Database; config: Config }): Promise<void> {
  if (deps.config.payments.cardProvider !== 'test-card') return;
  const driver = createTestCardDriver(deps.db);
  const payee = deps.config.payments.bank.beneficiary;
  const rateKey = (ip: string) => `test-card:ip:${ip}`;

  /** The session of the path; an unknown one is a 404 that counts against the IP. */
  const load = (req: FastifyRequest) =>
    withFailureLimit(deps, rateKey(req.ip), async () => {
      const s = await driver.session((req.params as { session: string }).session);
      if (!s) throw new AppError('NotFound');
      return s;
    });

  await app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 2048 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );

      scope.get('/svc/test-card/:session', async (req, reply) => {
        const lng = languageOf(req);
        const s = await load(req);
        if (s.status !== 'pending' || s.expired) return html(reply, 409, overPage(lng, s.returnUrl));
        return html(reply, 200, checkoutPage(lng, s, payee, null));
      });

      scope.post('/svc/test-card/:session', async (req, reply) => {
        const lng = languageOf(req);
        const s = await load(req);
        const form = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
        const answer =
          form.action === 'cancel'
            ? await driver.cancel(s.id)
            : await driver.submit(s.id, typeof form.card === 'string' ? form.card : '');
        if (answer.ended)
          return reply.status(303).header('Location', answer.returnUrl).header('Cache-Control', 'no-store').send();
        if (answer.error === 'session_over') return html(reply, 409, overPage(lng, s.returnUrl));
        return html(reply, 422, checkoutPage(lng, s, payee, answer.error));
      });
    },
    { logLevel: quietLevel(app.log) },
  );
}
