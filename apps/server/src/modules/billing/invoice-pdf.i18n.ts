/**
 * The invoice PDF's texts in the account's language, and the Intl locale its dates and euro amounts
 * are formatted with: one set per language of the portal (the embedded Noto Sans draws every one
 * of them, Devanagari included). `{x}` marks a value put in by invoice-pdf.ts.
 */
import type { Language } from '@portside/contract/constants';

export interface PdfTexts {
  locale: string;
  invoice: string;
  number: string;
  issued_on: string;
  due_on: string;
  status: string;
  open: string;
  paid: string;
  void: string;
  partly_paid: string;
  overdue: string;
  kind_order: string;
  kind_monthly: string;
  kind_deposit: string;
  bill_to: string;
  vat_number: string;
  description: string;
  period: string;
  days: string;
  monthly: string;
  amount: string;
  subtotal: string;
  vat: string;
  total: string;
  paid_amount: string;
  amount_due: string;
  reverse_charge: string;
  outside_eu: string;
  bank_title: string;
  bank_intro: string;
  account_holder: string;
  bank: string;
  reference: string;
  thanks: string;
}

const TEXTS: Record<Language, PdfTexts> = {
  en: {
    locale: 'en-GB',
    invoice: 'Invoice',
    number: 'Invoice number',
    issued_on: 'Date of issue',
    due_on: 'Due date',
    status: 'Status',
    open: 'Open',
    paid: 'Paid',
    void: 'Void',
    partly_paid: 'Partly paid',
    overdue: 'Overdue',
    kind_order: 'Order {order}',
    kind_monthly: 'Cloud servers, {month}',
    kind_deposit: 'Deposit',
    bill_to: 'Bill to',
    vat_number: 'VAT number',
    description: 'Description',
    period: '{from} – {to}',
    days: 'Days',
    monthly: 'Monthly',
    amount: 'Amount',
    subtotal: 'Subtotal',
    vat: 'VAT {percent}%',
    total: 'Total',
    paid_amount: 'Paid',
    amount_due: 'Amount due',
    reverse_charge: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
    outside_eu: 'Supply of services outside the EU: not subject to VAT in the EU.',
    bank_title: 'Payment by bank transfer',
    bank_intro: 'Please transfer the amount due by the due date, quoting the reference below, so we can match your payment.',
    account_holder: 'Account holder',
    bank: 'Bank',
    reference: 'Reference',
    thanks: 'Thank you for your business.',
  },
  pt: {
    locale: 'pt-PT',
    invoice: 'Fatura',
    number: 'Número da fatura',
    issued_on: 'Data de emissão',
    due_on: 'Data de vencimento',
    status: 'Estado',
    open: 'Em aberto',
    paid: 'Paga',
    void: 'Anulada',
    partly_paid: 'Parcialmente paga',
    overdue: 'Vencida',
    kind_order: 'Encomenda {order}',
    kind_monthly: 'Servidores cloud, {month}',
    kind_deposit: 'Depósito',
    bill_to: 'Faturar a',
    vat_number: 'NIF',
    description: 'Descrição',
    period: '{from} – {to}',
    days: 'Dias',
    monthly: 'Mensal',
    amount: 'Valor',
    subtotal: 'Subtotal',
    vat: 'IVA {percent}%',
    total: 'Total',
    paid_amount: 'Pago',
    amount_due: 'Valor em dívida',
    reverse_charge: 'Autoliquidação: IVA devido pelo adquirente (artigo 196.º da Diretiva 2006/112/CE).',
    outside_eu: 'Prestação de serviços fora da UE: não sujeita a IVA na UE.',
    bank_title: 'Pagamento por transferência bancária',
    bank_intro:
      'Transfira o valor em dívida até à data de vencimento, indicando a referência abaixo, para podermos identificar o seu pagamento.',
    account_holder: 'Titular da conta',
    bank: 'Banco',
    reference: 'Referência',
    thanks: 'Obrigado pela sua preferência.',
  },
  de: {
    locale: 'de-DE',
    invoice: 'Rechnung',
    number: 'Rechnungsnummer',
    issued_on: 'Rechnungsdatum',
    due_on: 'Fällig am',
    status: 'Status',
    open: 'Offen',
    paid: 'Bezahlt',
    void: 'Storniert',
    partly_paid: 'Teilweise bezahlt',
    overdue: 'Überfällig',
    kind_order: 'Bestellung {order}',
    kind_monthly: 'Cloud-Server, {month}',
    kind_deposit: 'Einzahlung',
    bill_to: 'Rechnungsempfänger',
    vat_number: 'USt-IdNr.',
    description: 'Beschreibung',
    period: '{from} – {to}',
    days: 'Tage',
    monthly: 'Monatlich',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    vat: 'USt. {percent} %',
    total: 'Gesamt',
    paid_amount: 'Bezahlt',
    amount_due: 'Offener Betrag',
    reverse_charge: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, Art. 196 Richtlinie 2006/112/EG).',
    outside_eu: 'Leistung außerhalb der EU: in der EU nicht umsatzsteuerbar.',
    bank_title: 'Zahlung per Banküberweisung',
    bank_intro:
      'Bitte überweisen Sie den offenen Betrag bis zum Fälligkeitsdatum mit dem unten genannten Verwendungszweck, damit wir Ihre Zahlung zuordnen können.',
    account_holder: 'Kontoinhaber',
    bank: 'Bank',
    reference: 'Verwendungszweck',
    thanks: 'Vielen Dank für Ihren Auftrag.',
  },
  pl: {
    locale: 'pl-PL',
    invoice: 'Faktura',
    number: 'Numer faktury',
    issued_on: 'Data wystawienia',
    due_on: 'Termin płatności',
    status: 'Status',
    open: 'Nieopłacona',
    paid: 'Opłacona',
    void: 'Anulowana',
    partly_paid: 'Częściowo opłacona',
    overdue: 'Przeterminowana',
    kind_order: 'Zamówienie {order}',
    kind_monthly: 'Serwery w chmurze, {month}',
    kind_deposit: 'Wpłata',
    bill_to: 'Nabywca',
    vat_number: 'NIP',
    description: 'Opis',
    period: '{from} – {to}',
    days: 'Dni',
    monthly: 'Miesięcznie',
    amount: 'Kwota',
    subtotal: 'Suma netto',
    vat: 'VAT {percent}%',
    total: 'Razem',
    paid_amount: 'Zapłacono',
    amount_due: 'Do zapłaty',
    reverse_charge: 'Odwrotne obciążenie: VAT rozlicza nabywca (art. 196 dyrektywy 2006/112/WE).',
    outside_eu: 'Usługa świadczona poza UE: nie podlega VAT w UE.',
    bank_title: 'Płatność przelewem bankowym',
    bank_intro:
      'Prosimy o przelew kwoty do zapłaty w terminie płatności, z podanym niżej tytułem przelewu, abyśmy mogli przypisać płatność.',
    account_holder: 'Właściciel rachunku',
    bank: 'Bank',
    reference: 'Tytuł przelewu',
    thanks: 'Dziękujemy za współpracę.',
  },
  fi: {
    locale: 'fi-FI',
    invoice: 'Lasku',
    number: 'Laskun numero',
    issued_on: 'Laskun päivämäärä',
    due_on: 'Eräpäivä',
    status: 'Tila',
    open: 'Avoin',
    paid: 'Maksettu',
    void: 'Mitätöity',
    partly_paid: 'Osittain maksettu',
    overdue: 'Erääntynyt',
    kind_order: 'Tilaus {order}',
    kind_monthly: 'Pilvipalvelimet, {month}',
    kind_deposit: 'Talletus',
    bill_to: 'Laskutettava',
    vat_number: 'ALV-tunniste',
    description: 'Kuvaus',
    period: '{from} – {to}',
    days: 'Päivät',
    monthly: 'Kuukausittain',
    amount: 'Summa',
    subtotal: 'Välisumma',
    vat: 'ALV {percent} %',
    total: 'Yhteensä',
    paid_amount: 'Maksettu',
    amount_due: 'Maksettava',
    reverse_charge: 'Käännetty verovelvollisuus: ostaja tilittää arvonlisäveron (direktiivin 2006/112/EY 196 artikla).',
    outside_eu: 'Palvelu EU:n ulkopuolelle: ei EU:n arvonlisäveron alainen.',
    bank_title: 'Maksu tilisiirrolla',
    bank_intro: 'Maksa maksettava summa eräpäivään mennessä ja käytä alla olevaa viitettä, jotta voimme kohdistaa maksusi.',
    account_holder: 'Tilinhaltija',
    bank: 'Pankki',
    reference: 'Viite',
    thanks: 'Kiitos asioinnistasi.',
  },
  hi: {
    locale: 'hi-IN',
    invoice: 'चालान',
    number: 'चालान संख्या',
    issued_on: 'जारी करने की तिथि',
    due_on: 'देय तिथि',
    status: 'स्थिति',
    open: 'खुला',
    paid: 'भुगतान हो गया',
    void: 'रद्द',
    partly_paid: 'आंशिक भुगतान',
    overdue: 'अतिदेय',
    kind_order: 'ऑर्डर {order}',
    kind_monthly: 'क्लाउड सर्वर, {month}',
    kind_deposit: 'जमा',
    bill_to: 'बिल प्राप्तकर्ता',
    vat_number: 'VAT संख्या',
    description: 'विवरण',
    period: '{from} – {to}',
    days: 'दिन',
    monthly: 'मासिक',
    amount: 'राशि',
    subtotal: 'उप-योग',
    vat: 'VAT {percent}%',
    total: 'कुल',
    paid_amount: 'भुगतान किया गया',
    amount_due: 'देय राशि',
    reverse_charge: 'रिवर्स चार्ज: VAT का हिसाब प्राप्तकर्ता करेगा (अनुच्छेद 196, परिषद निर्देश 2006/112/EC)।',
    outside_eu: 'EU के बाहर सेवाओं की आपूर्ति: EU में VAT लागू नहीं।',
    bank_title: 'बैंक ट्रांसफ़र से भुगतान',
    bank_intro: 'कृपया देय राशि देय तिथि तक ट्रांसफ़र करें और नीचे दिया गया संदर्भ लिखें, ताकि हम आपके भुगतान का मिलान कर सकें।',
    account_holder: 'खाताधारक',
    bank: 'बैंक',
    reference: 'संदर्भ',
    thanks: 'आपके व्यवसाय के लिए धन्यवाद।',
  },
};

/** The texts for an account's language; anything unknown gets English. */
export function pdfTexts(language: string): PdfTexts {
  return (TEXTS as Record<string, PdfTexts>)[language] ?? TEXTS.en;
}

/** Puts values into a text's `{name}` places. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
