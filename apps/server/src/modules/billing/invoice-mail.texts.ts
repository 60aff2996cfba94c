/**
 * The invoice e-mail in the account's language (clients.language): an open invoice with the bank
 * details and its transfer reference, as its PDF prints them, and its public pay link
 * (/pay-invoice/:issuer/:invoice), or a receipt for one issued paid. The status is the contract's
 * one rule (overdue, partly paid) in the PDF's words, which are the portal's; the bank block's
 * labels are the PDF's too. The menu names match the portal's ("Billing" in
 * apps/web/src/locales/<lang>/shell.json).
 */
import type { Language } from '@portside/contract/constants';
import { displayStatus, type InvoiceStatusFacts } from '@portside/contract/rules/invoice-status';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { formatCents } from '@portside/contract/rules/money';
import type { Mail } from '../../drivers/mail/mailer.js';
import { pdfTexts } from './invoice-pdf.i18n.js';
import type { Seller } from './seller.js';

interface Texts {
  /** The Intl locale of amounts and dates. */
  locale: string;
  subjectOpen: (n: string) => string;
  subjectPaid: (n: string) => string;
  hello: string;
  introOpen: (n: string) => string;
  introPaid: (n: string) => string;
  number: string;
  issuedOn: string;
  dueOn: string;
  total: string;
  status: string;
  payLink: string;
  pdf: string;
}

const T: Record<Language, Texts> = {
  en: {
    locale: 'en-GB',
    subjectOpen: (n) => `Portside invoice ${n}`,
    subjectPaid: (n) => `Portside invoice ${n} (paid)`,
    hello: 'Hello,',
    introOpen: (n) => `your invoice ${n} has been issued.`,
    introPaid: (n) => `your invoice ${n} has been issued and is already paid. Thank you.`,
    number: 'Invoice number',
    issuedOn: 'Date of issue',
    dueOn: 'Due date',
    total: 'Total',
    status: 'Status',
    payLink: 'Pay it online, no login needed:',
    pdf: 'The invoice PDF is under Billing in the portal.',
  },
  pt: {
    locale: 'pt-PT',
    subjectOpen: (n) => `Fatura Portside ${n}`,
    subjectPaid: (n) => `Fatura Portside ${n} (paga)`,
    hello: 'Olá,',
    introOpen: (n) => `a sua fatura ${n} foi emitida.`,
    introPaid: (n) => `a sua fatura ${n} foi emitida e já está paga. Obrigado.`,
    number: 'Número da fatura',
    issuedOn: 'Data de emissão',
    dueOn: 'Data de vencimento',
    total: 'Total',
    status: 'Estado',
    payLink: 'Pague-a online, sem iniciar sessão:',
    pdf: 'O PDF da fatura está em Faturação no portal.',
  },
  de: {
    locale: 'de-DE',
    subjectOpen: (n) => `Portside-Rechnung ${n}`,
    subjectPaid: (n) => `Portside-Rechnung ${n} (bezahlt)`,
    hello: 'Guten Tag,',
    introOpen: (n) => `Ihre Rechnung ${n} wurde ausgestellt.`,
    introPaid: (n) => `Ihre Rechnung ${n} wurde ausgestellt und ist bereits bezahlt. Vielen Dank.`,
    number: 'Rechnungsnummer',
    issuedOn: 'Rechnungsdatum',
    dueOn: 'Fällig am',
    total: 'Gesamtbetrag',
    status: 'Status',
    payLink: 'Online bezahlen, ohne Anmeldung:',
    pdf: 'Die Rechnung als PDF finden Sie im Portal unter Abrechnung.',
  },
  pl: {
    locale: 'pl-PL',
    subjectOpen: (n) => `Faktura Portside ${n}`,
    subjectPaid: (n) => `Faktura Portside ${n} (opłacona)`,
    hello: 'Dzień dobry,',
    introOpen: (n) => `Twoja faktura ${n} została wystawiona.`,
    introPaid: (n) => `Twoja faktura ${n} została wystawiona i jest już opłacona. Dziękujemy.`,
    number: 'Numer faktury',
    issuedOn: 'Data wystawienia',
    dueOn: 'Termin płatności',
    total: 'Razem',
    status: 'Status',
    payLink: 'Zapłać online, bez logowania:',
    pdf: 'Fakturę w formacie PDF znajdziesz w portalu w sekcji Rozliczenia.',
  },
  hi: {
    locale: 'hi-IN',
    subjectOpen: (n) => `Portside चालान ${n}`,
    subjectPaid: (n) => `Portside चालान ${n} (भुगतान हो चुका)`,
    hello: 'नमस्ते,',
    introOpen: (n) => `आपका चालान ${n} जारी किया गया है।`,
    introPaid: (n) => `आपका चालान ${n} जारी किया गया है और इसका भुगतान पहले ही हो चुका है। धन्यवाद।`,
    number: 'चालान संख्या',
    issuedOn: 'जारी करने की तिथि',
    dueOn: 'देय तिथि',
    total: 'कुल',
    status: 'स्थिति',
    payLink: 'ऑनलाइन भुगतान करें, लॉग इन की आवश्यकता नहीं:',
    pdf: 'चालान की PDF पोर्टल में बिलिंग के अंतर्गत उपलब्ध है।',
  },
  fi: {
    locale: 'fi-FI',
    subjectOpen: (n) => `Portside-lasku ${n}`,
    subjectPaid: (n) => `Portside-lasku ${n} (maksettu)`,
    hello: 'Hei,',
    introOpen: (n) => `laskusi ${n} on laadittu.`,
    introPaid: (n) => `laskusi ${n} on laadittu ja se on jo maksettu. Kiitos.`,
    number: 'Laskun numero',
    issuedOn: 'Laskun päivämäärä',
    dueOn: 'Eräpäivä',
    total: 'Yhteensä',
    status: 'Tila',
    payLink: 'Maksa verkossa ilman kirjautumista:',
    pdf: 'Laskun PDF löytyy portaalista kohdasta Laskutus.',
  },
};

/** What the e-mail tells of an invoice; `payUrl` only for an open one. */
export interface InvoiceMailFacts extends InvoiceStatusFacts {
  number: string;
  /** The invoice's bank-transfer reference (invoices.reference). */
  reference: string;
  issued_on: string;
  total_cents: number;
  payUrl: string | null;
}

/** `today` is the calendar day the status is told for (UTC, 'YYYY-MM-DD'). */
export function invoiceMail(
  to: string,
  lang: string,
  inv: InvoiceMailFacts,
  o: { seller: Pick<Seller, 'name' | 'bank'>; today: string },
): Mail {
  const language = normalizeLocale(lang);
  const t = T[language];
  const pdf = pdfTexts(language);
  const day = (d: string) =>
    new Intl.DateTimeFormat(t.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const paid = inv.status === 'paid';
  const facts = [
    `${t.number}: ${inv.number}`,
    `${t.issuedOn}: ${day(inv.issued_on)}`,
    `${t.dueOn}: ${day(inv.due_on)}`,
    `${t.total}: ${formatCents(inv.total_cents, t.locale)}`,
    `${t.status}: ${pdf[displayStatus(inv, o.today)]}`,
  ].join('\n');
  const parts = [`${t.hello}\n${paid ? t.introPaid(inv.number) : t.introOpen(inv.number)}`, facts];
  if (inv.status === 'open') {
    parts.push(
      [
        pdf.bank_title,
        pdf.bank_intro,
        `${pdf.account_holder}: ${o.seller.name}`,
        `IBAN: ${o.seller.bank.iban}`,
        `BIC: ${o.seller.bank.bic}`,
        `${pdf.reference}: ${inv.reference}`,
        `${pdf.amount_due}: ${formatCents(Math.max(0, inv.total_cents - inv.paid_cents), t.locale)}`,
      ].join('\n'),
    );
    if (inv.payUrl) parts.push(`${t.payLink}\n${inv.payUrl}`);
  }
  parts.push(t.pdf);
  return { to, subject: paid ? t.subjectPaid(inv.number) : t.subjectOpen(inv.number), text: parts.join('\n\n') };
}
