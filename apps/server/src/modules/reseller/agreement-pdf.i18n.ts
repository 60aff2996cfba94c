/**
 * The reseller agreement's texts in the account's language, one set per language of the portal
 * (the embedded Noto Sans draws every one of them). `{x}` marks a value put in by agreement-pdf.ts
 * (billing's fill()); dates and the Intl locale come from the invoice's texts, so both documents
 * of an account speak the same way.
 */
import type { Language } from '@portside/contract/constants';

export interface AgreementTexts {
  title: string;
  between: string;
  provider: string;
  reseller: string;
  account: string;
  email: string;
  terms_title: string;
  /** The clauses, numbered in order; {months} and {percent} are put in. */
  clauses: readonly string[];
  sign_title: string;
  for_provider: string;
  for_reseller: string;
  name_line: string;
  place_date: string;
  signature: string;
  /** The footer's two lines: which account and when; what to do with the document. */
  footer_account: string;
  footer_upload: string;
}

const TEXTS: Record<Language, AgreementTexts> = {
  en: {
    title: 'Reseller agreement',
    between: 'This agreement is made on {date} between',
    provider: 'The provider',
    reseller: 'The reseller',
    account: 'Customer account',
    email: 'E-mail',
    terms_title: 'Terms',
    clauses: [
      'The reseller recommends the provider’s cloud and dedicated servers to its own customers and contacts, using the referral links and banners given in the portal. It does not present itself as the provider.',
      'A customer who registers through the reseller’s referral link, or whom the provider puts under contract at the reseller’s request, becomes the reseller’s client for {months} months from that day.',
      'For each invoice of a client that is paid and was issued within that period, the reseller earns a commission of {percent} % of the invoice’s net amount (without VAT), calculated per invoice in euro cents and rounded half up. Open, unpaid and void invoices earn nothing.',
      'The reseller cannot refer itself or accounts it controls, and cannot offer customers the provider’s services on other terms than the provider’s own.',
      'The portal shows the reseller its contracts, its clients’ invoices and the commission earned. Commission is paid out monthly by bank transfer against the reseller’s invoice.',
      'Either party may end this agreement with 30 days’ notice in writing. Contracts made before then keep earning commission until they expire.',
    ],
    sign_title: 'Signatures',
    for_provider: 'For the provider',
    for_reseller: 'For the reseller',
    name_line: 'Name and position',
    place_date: 'Place and date',
    signature: 'Signature',
    footer_account: 'Account {client} · generated on {date}',
    footer_upload: 'Sign the agreement and upload the signed copy on the Reseller page of the portal.',
  },
  pl: {
    title: 'Umowa partnera handlowego',
    between: 'Niniejsza umowa zostaje zawarta dnia {date} pomiędzy',
    provider: 'Dostawca',
    reseller: 'Partner handlowy',
    account: 'Konto klienta',
    email: 'E-mail',
    terms_title: 'Warunki',
    clauses: [
      'Partner handlowy poleca serwery chmurowe i dedykowane dostawcy swoim klientom i kontaktom, korzystając z linków polecających i banerów udostępnionych w portalu. Nie przedstawia się jako dostawca.',
      'Klient, który zarejestruje się przez link polecający partnera handlowego lub którego dostawca obejmie umową na wniosek partnera, staje się klientem partnera na {months} miesięcy od tego dnia.',
      'Od każdej opłaconej faktury klienta wystawionej w tym okresie partner handlowy otrzymuje prowizję w wysokości {percent} % kwoty netto faktury (bez VAT), liczoną osobno dla każdej faktury w eurocentach i zaokrąglaną w górę od połowy. Faktury otwarte, nieopłacone i anulowane nie dają prowizji.',
      'Partner handlowy nie może polecać samego siebie ani kont, które kontroluje, ani oferować klientom usług dostawcy na innych warunkach niż warunki dostawcy.',
      'Portal pokazuje partnerowi handlowemu jego umowy, faktury jego klientów i należną prowizję. Prowizja jest wypłacana co miesiąc przelewem bankowym na podstawie faktury partnera.',
      'Każda ze stron może wypowiedzieć umowę z 30-dniowym wypowiedzeniem w formie pisemnej. Umowy z klientami zawarte wcześniej dają prowizję aż do ich wygaśnięcia.',
    ],
    sign_title: 'Podpisy',
    for_provider: 'W imieniu dostawcy',
    for_reseller: 'W imieniu partnera handlowego',
    name_line: 'Imię, nazwisko i stanowisko',
    place_date: 'Miejscowość i data',
    signature: 'Podpis',
    footer_account: 'Konto {client} · wygenerowano {date}',
    footer_upload: 'Podpisz umowę i prześlij podpisaną kopię na stronie Partner handlowy w portalu.',
  },
  de: {
    title: 'Wiederverkäufervertrag',
    between: 'Dieser Vertrag wird am {date} geschlossen zwischen',
    provider: 'Der Anbieter',
    reseller: 'Der Wiederverkäufer',
    account: 'Kundenkonto',
    email: 'E-Mail',
    terms_title: 'Bedingungen',
    clauses: [
      'Der Wiederverkäufer empfiehlt die Cloud- und dedizierten Server des Anbieters seinen eigenen Kunden und Kontakten und nutzt dafür die Empfehlungslinks und Banner aus dem Portal. Er tritt nicht als Anbieter auf.',
      'Ein Kunde, der sich über den Empfehlungslink des Wiederverkäufers registriert oder den der Anbieter auf Antrag des Wiederverkäufers unter Vertrag nimmt, wird für {months} Monate ab diesem Tag Kunde des Wiederverkäufers.',
      'Für jede bezahlte Rechnung eines Kunden, die in diesem Zeitraum ausgestellt wurde, erhält der Wiederverkäufer eine Provision von {percent} % des Nettobetrags der Rechnung (ohne USt.), je Rechnung in Euro-Cent berechnet und kaufmännisch gerundet. Offene, unbezahlte und stornierte Rechnungen bringen keine Provision.',
      'Der Wiederverkäufer darf weder sich selbst noch von ihm kontrollierte Konten empfehlen und Kunden die Leistungen des Anbieters nicht zu anderen Bedingungen als denen des Anbieters anbieten.',
      'Das Portal zeigt dem Wiederverkäufer seine Verträge, die Rechnungen seiner Kunden und die verdiente Provision. Die Provision wird monatlich per Banküberweisung gegen Rechnung des Wiederverkäufers ausgezahlt.',
      'Jede Partei kann diesen Vertrag mit einer Frist von 30 Tagen schriftlich kündigen. Vorher geschlossene Kundenverträge bringen bis zu ihrem Ablauf weiter Provision.',
    ],
    sign_title: 'Unterschriften',
    for_provider: 'Für den Anbieter',
    for_reseller: 'Für den Wiederverkäufer',
    name_line: 'Name und Funktion',
    place_date: 'Ort und Datum',
    signature: 'Unterschrift',
    footer_account: 'Konto {client} · erstellt am {date}',
    footer_upload: 'Unterschreiben Sie den Vertrag und laden Sie die Kopie auf der Seite Wiederverkäufer im Portal hoch.',
  },
  pt: {
    title: 'Contrato de revendedor',
    between: 'O presente contrato é celebrado em {date} entre',
    provider: 'O fornecedor',
    reseller: 'O revendedor',
    account: 'Conta de cliente',
    email: 'E-mail',
    terms_title: 'Condições',
    clauses: [
      'O revendedor recomenda os servidores na nuvem e dedicados do fornecedor aos seus próprios clientes e contactos, usando as ligações de referência e os banners disponibilizados no portal. Não se apresenta como sendo o fornecedor.',
      'Um cliente que se registe através da ligação de referência do revendedor, ou que o fornecedor coloque sob contrato a pedido do revendedor, passa a ser cliente do revendedor durante {months} meses a contar desse dia.',
      'Por cada fatura de um cliente paga e emitida dentro desse período, o revendedor recebe uma comissão de {percent} % do valor líquido da fatura (sem IVA), calculada por fatura em cêntimos de euro e arredondada por excesso a partir de meio cêntimo. Faturas em aberto, por pagar e anuladas não dão comissão.',
      'O revendedor não pode referenciar-se a si próprio nem a contas que controle, nem oferecer aos clientes os serviços do fornecedor noutras condições que não as do fornecedor.',
      'O portal mostra ao revendedor os seus contratos, as faturas dos seus clientes e a comissão obtida. A comissão é paga mensalmente por transferência bancária contra fatura do revendedor.',
      'Qualquer das partes pode pôr termo a este contrato com um pré-aviso de 30 dias, por escrito. Os contratos celebrados antes disso continuam a dar comissão até expirarem.',
    ],
    sign_title: 'Assinaturas',
    for_provider: 'Pelo fornecedor',
    for_reseller: 'Pelo revendedor',
    name_line: 'Nome e cargo',
    place_date: 'Local e data',
    signature: 'Assinatura',
    footer_account: 'Conta {client} · gerado em {date}',
    footer_upload: 'Assine o contrato e carregue a cópia assinada na página Revendedor do portal.',
  },
  hi: {
    title: 'रीसेलर अनुबंध',
    between: 'यह अनुबंध {date} को इनके बीच किया जाता है',
    provider: 'प्रदाता',
    reseller: 'रीसेलर',
    account: 'ग्राहक खाता',
    email: 'ई-मेल',
    terms_title: 'शर्तें',
    clauses: [
      'रीसेलर पोर्टल में दिए गए रेफ़रल लिंक और बैनरों का उपयोग करके प्रदाता के क्लाउड और डेडिकेटेड सर्वर की सिफ़ारिश अपने ग्राहकों और संपर्कों से करता है। वह स्वयं को प्रदाता के रूप में प्रस्तुत नहीं करता।',
      'जो ग्राहक रीसेलर के रेफ़रल लिंक से पंजीकरण करता है, या जिसे प्रदाता रीसेलर के अनुरोध पर अनुबंध में लेता है, वह उस दिन से {months} महीनों के लिए रीसेलर का ग्राहक बन जाता है।',
      'इस अवधि में जारी हुए ग्राहक के हर भुगतान किए गए इनवॉइस पर रीसेलर को इनवॉइस की शुद्ध राशि (VAT के बिना) का {percent} % कमीशन मिलता है, जिसकी गणना हर इनवॉइस के लिए यूरो सेंट में होती है और आधे सेंट से ऊपर पूर्णांकित की जाती है। खुले, अवैतनिक और रद्द इनवॉइस पर कोई कमीशन नहीं मिलता।',
      'रीसेलर स्वयं को या अपने नियंत्रण वाले खातों को रेफ़र नहीं कर सकता, और ग्राहकों को प्रदाता की सेवाएँ प्रदाता की शर्तों से अलग शर्तों पर नहीं दे सकता।',
      'पोर्टल रीसेलर को उसके अनुबंध, उसके ग्राहकों के इनवॉइस और अर्जित कमीशन दिखाता है। कमीशन का भुगतान हर महीने रीसेलर के इनवॉइस पर बैंक ट्रांसफ़र से किया जाता है।',
      'कोई भी पक्ष 30 दिन की लिखित सूचना देकर यह अनुबंध समाप्त कर सकता है। उससे पहले बने अनुबंधों पर उनकी समाप्ति तक कमीशन मिलता रहता है।',
    ],
    sign_title: 'हस्ताक्षर',
    for_provider: 'प्रदाता की ओर से',
    for_reseller: 'रीसेलर की ओर से',
    name_line: 'नाम और पद',
    place_date: 'स्थान और तिथि',
    signature: 'हस्ताक्षर',
    footer_account: 'खाता {client} · {date} को बनाया गया',
    footer_upload: 'अनुबंध पर हस्ताक्षर करें और हस्ताक्षरित प्रति पोर्टल के रीसेलर पेज पर अपलोड करें।',
  },
  fi: {
    title: 'Jälleenmyyjäsopimus',
    between: 'Tämä sopimus on tehty {date} seuraavien osapuolten välillä',
    provider: 'Palveluntarjoaja',
    reseller: 'Jälleenmyyjä',
    account: 'Asiakastili',
    email: 'Sähköposti',
    terms_title: 'Ehdot',
    clauses: [
      'Jälleenmyyjä suosittelee palveluntarjoajan pilvi- ja omistettuja palvelimia omille asiakkailleen ja kontakteilleen portaalissa annettujen suosituslinkkien ja bannerien avulla. Se ei esiinny palveluntarjoajana.',
      'Asiakas, joka rekisteröityy jälleenmyyjän suosituslinkin kautta tai jonka palveluntarjoaja ottaa sopimuksen piiriin jälleenmyyjän pyynnöstä, on jälleenmyyjän asiakas {months} kuukauden ajan siitä päivästä alkaen.',
      'Jokaisesta asiakkaan maksetusta laskusta, joka on laadittu tänä aikana, jälleenmyyjä saa {percent} %:n provision laskun nettosummasta (ilman arvonlisäveroa) laskettuna laskukohtaisesti eurosentteinä ja pyöristettynä puolikkaasta ylöspäin. Avoimista, maksamattomista ja mitätöidyistä laskuista ei makseta provisiota.',
      'Jälleenmyyjä ei voi suositella itseään tai hallitsemiaan tilejä eikä tarjota asiakkaille palveluntarjoajan palveluja muilla kuin palveluntarjoajan omilla ehdoilla.',
      'Portaali näyttää jälleenmyyjälle sen sopimukset, sen asiakkaiden laskut ja ansaitun provision. Provisio maksetaan kuukausittain pankkisiirtona jälleenmyyjän laskua vastaan.',
      'Kumpi tahansa osapuoli voi irtisanoa tämän sopimuksen kirjallisesti 30 päivän irtisanomisajalla. Sitä ennen tehdyt sopimukset tuottavat provisiota voimassaolonsa loppuun asti.',
    ],
    sign_title: 'Allekirjoitukset',
    for_provider: 'Palveluntarjoajan puolesta',
    for_reseller: 'Jälleenmyyjän puolesta',
    name_line: 'Nimi ja asema',
    place_date: 'Paikka ja päivämäärä',
    signature: 'Allekirjoitus',
    footer_account: 'Tili {client} · luotu {date}',
    footer_upload: 'Allekirjoita sopimus ja lataa allekirjoitettu kopio portaalin Jälleenmyyjä-sivulla.',
  },
};

/** The agreement's texts for an account's language; anything unknown gets English. */
export function agreementTexts(language: string): AgreementTexts {
  return (TEXTS as Record<string, AgreementTexts>)[language] ?? TEXTS.en;
}
