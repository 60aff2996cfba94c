/**
 * The credit note PDF's own texts in the account's language (the rest are the invoice's,
 * invoice-pdf.i18n.ts). `{x}` marks a value put in by credit-note-pdf.ts.
 */
import type { Language } from '@portside/contract/constants';

export interface CreditNoteTexts {
  title: string;
  number: string;
  invoice: string;
  invoice_date: string;
  credits: string;
  reason: string;
  total: string;
  refund_balance: string;
  refund_bank: string;
}

const TEXTS: Record<Language, CreditNoteTexts> = {
  en: {
    title: 'Credit note',
    number: 'Credit note number',
    invoice: 'Invoice credited',
    invoice_date: 'Invoice date',
    credits: 'This credit note credits invoice {invoice}.',
    reason: 'Reason',
    total: 'Total credited',
    refund_balance: 'The amount credited has been added to your account balance and pays your next invoices.',
    refund_bank: 'The amount credited is refunded to you by bank transfer.',
  },
  pl: {
    title: 'Faktura korygująca',
    number: 'Numer faktury korygującej',
    invoice: 'Faktura korygowana',
    invoice_date: 'Data faktury',
    credits: 'Niniejsza faktura korygująca koryguje fakturę {invoice}.',
    reason: 'Przyczyna korekty',
    total: 'Razem do zwrotu',
    refund_balance: 'Kwota korekty została dodana do salda konta i pokryje kolejne faktury.',
    refund_bank: 'Kwota korekty zostanie zwrócona przelewem bankowym.',
  },
  de: {
    title: 'Gutschrift',
    number: 'Gutschriftsnummer',
    invoice: 'Gutgeschriebene Rechnung',
    invoice_date: 'Rechnungsdatum',
    credits: 'Diese Gutschrift bezieht sich auf die Rechnung {invoice}.',
    reason: 'Grund',
    total: 'Gutschrift gesamt',
    refund_balance: 'Der gutgeschriebene Betrag wurde Ihrem Kontoguthaben hinzugefügt und begleicht Ihre nächsten Rechnungen.',
    refund_bank: 'Der gutgeschriebene Betrag wird Ihnen per Banküberweisung erstattet.',
  },
  pt: {
    title: 'Nota de crédito',
    number: 'Número da nota de crédito',
    invoice: 'Fatura creditada',
    invoice_date: 'Data da fatura',
    credits: 'Esta nota de crédito credita a fatura {invoice}.',
    reason: 'Motivo',
    total: 'Total creditado',
    refund_balance: 'O valor creditado foi adicionado ao saldo da sua conta e paga as suas próximas faturas.',
    refund_bank: 'O valor creditado é-lhe devolvido por transferência bancária.',
  },
  hi: {
    title: 'क्रेडिट नोट',
    number: 'क्रेडिट नोट संख्या',
    invoice: 'क्रेडिट किया गया चालान',
    invoice_date: 'चालान की तिथि',
    credits: 'यह क्रेडिट नोट चालान {invoice} पर क्रेडिट देता है।',
    reason: 'कारण',
    total: 'कुल क्रेडिट',
    refund_balance: 'क्रेडिट की गई राशि आपके खाते की शेष राशि में जोड़ दी गई है और आपके अगले चालानों का भुगतान करेगी।',
    refund_bank: 'क्रेडिट की गई राशि आपको बैंक ट्रांसफ़र से लौटाई जाती है।',
  },
  fi: {
    title: 'Hyvityslasku',
    number: 'Hyvityslaskun numero',
    invoice: 'Hyvitetty lasku',
    invoice_date: 'Laskun päivä',
    credits: 'Tämä hyvityslasku hyvittää laskun {invoice}.',
    reason: 'Syy',
    total: 'Hyvitys yhteensä',
    refund_balance: 'Hyvitetty summa on lisätty tilisi saldoon, ja sillä maksetaan seuraavat laskusi.',
    refund_bank: 'Hyvitetty summa palautetaan sinulle tilisiirtona.',
  },
};

export function creditNoteTexts(language: string): CreditNoteTexts {
  return (TEXTS as Record<string, CreditNoteTexts>)[language] ?? TEXTS.en;
}
