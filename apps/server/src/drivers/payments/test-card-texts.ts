/**
 * The hosted test card page's texts in the six interface languages (the page is the provider's,
 * served outside the single-page app, so it carries its own). `{amount}` is filled in.
 */
import type { Language } from '@portside/contract/constants';

export interface TestCardTexts {
  title: string;
  test_mode: string;
  pay_to: string;
  amount: string;
  reference: string;
  card_label: string;
  pay: string;
  cancel: string;
  cards_hint: string;
  card_empty: string;
  card_unknown: string;
  session_over: string;
  back: string;
}

export const TEST_CARD_TEXTS: Record<Language, TestCardTexts> = {
  en: {
    title: 'Test card payment',
    test_mode: 'Test mode: no real money is charged.',
    pay_to: 'Pay to',
    amount: 'Amount',
    reference: 'Reference',
    card_label: 'Card number',
    pay: 'Pay {amount}',
    cancel: 'Cancel',
    cards_hint:
      'Test cards: 4242 4242 4242 4242 is paid; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.',
    card_empty: 'Enter a card number',
    card_unknown: 'This is not one of the test cards below',
    session_over: 'This payment has ended already.',
    back: 'Back to the portal',
  },
  pt: {
    title: 'Pagamento com cartão de teste',
    test_mode: 'Modo de teste: não é cobrado dinheiro real.',
    pay_to: 'Pagar a',
    amount: 'Montante',
    reference: 'Referência',
    card_label: 'Número do cartão',
    pay: 'Pagar {amount}',
    cancel: 'Cancelar',
    cards_hint:
      'Cartões de teste: 4242 4242 4242 4242 é pago; 4000 0000 0000 0002 é recusado; 4000 0000 0000 9995 não tem saldo suficiente.',
    card_empty: 'Introduza um número de cartão',
    card_unknown: 'Este não é um dos cartões de teste abaixo',
    session_over: 'Este pagamento já terminou.',
    back: 'Voltar ao portal',
  },
  de: {
    title: 'Zahlung mit Testkarte',
    test_mode: 'Testmodus: Es wird kein echtes Geld belastet.',
    pay_to: 'Zahlung an',
    amount: 'Betrag',
    reference: 'Referenz',
    card_label: 'Kartennummer',
    pay: '{amount} zahlen',
    cancel: 'Abbrechen',
    cards_hint:
      'Testkarten: 4242 4242 4242 4242 wird bezahlt; 4000 0000 0000 0002 wird abgelehnt; 4000 0000 0000 9995 hat keine ausreichende Deckung.',
    card_empty: 'Geben Sie eine Kartennummer ein',
    card_unknown: 'Dies ist keine der unten genannten Testkarten',
    session_over: 'Diese Zahlung ist bereits beendet.',
    back: 'Zurück zum Portal',
  },
  pl: {
    title: 'Płatność kartą testową',
    test_mode: 'Tryb testowy: nie są pobierane prawdziwe pieniądze.',
    pay_to: 'Odbiorca',
    amount: 'Kwota',
    reference: 'Numer referencyjny',
    card_label: 'Numer karty',
    pay: 'Zapłać {amount}',
    cancel: 'Anuluj',
    cards_hint:
      'Karty testowe: 4242 4242 4242 4242 zostaje opłacona; 4000 0000 0000 0002 zostaje odrzucona; 4000 0000 0000 9995 nie ma wystarczających środków.',
    card_empty: 'Wpisz numer karty',
    card_unknown: 'To nie jest żadna z poniższych kart testowych',
    session_over: 'Ta płatność została już zakończona.',
    back: 'Powrót do portalu',
  },
  hi: {
    title: 'टेस्ट कार्ड भुगतान',
    test_mode: 'टेस्ट मोड: कोई असली पैसा नहीं लिया जाता।',
    pay_to: 'भुगतान प्राप्तकर्ता',
    amount: 'राशि',
    reference: 'संदर्भ',
    card_label: 'कार्ड नंबर',
    pay: '{amount} का भुगतान करें',
    cancel: 'रद्द करें',
    cards_hint:
      'टेस्ट कार्ड: 4242 4242 4242 4242 से भुगतान होता है; 4000 0000 0000 0002 अस्वीकार होता है; 4000 0000 0000 9995 में पर्याप्त राशि नहीं है।',
    card_empty: 'कार्ड नंबर दर्ज करें',
    card_unknown: 'यह नीचे दिए गए टेस्ट कार्डों में से नहीं है',
    session_over: 'यह भुगतान पहले ही समाप्त हो चुका है।',
    back: 'पोर्टल पर वापस जाएँ',
  },
  fi: {
    title: 'Testikorttimaksu',
    test_mode: 'Testitila: oikeaa rahaa ei veloiteta.',
    pay_to: 'Saaja',
    amount: 'Summa',
    reference: 'Viite',
    card_label: 'Kortin numero',
    pay: 'Maksa {amount}',
    cancel: 'Peruuta',
    cards_hint: 'Testikortit: 4242 4242 4242 4242 maksetaan; 4000 0000 0000 0002 hylätään; 4000 0000 0000 9995 kattamaton.',
    card_empty: 'Anna kortin numero',
    card_unknown: 'Tämä ei ole mikään alla olevista testikorteista',
    session_over: 'Tämä maksu on jo päättynyt.',
    back: 'Takaisin portaaliin',
  },
};
