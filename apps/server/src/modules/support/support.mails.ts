/**
 * The support e-mails in the recipient's language: a reply to the other side of a ticket, a new
 * ticket to the agents, a visitor's confirmation link, and the receipt of an abuse report.
 */
import type { Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import type { Mail } from '../../drivers/mail/mailer.js';

interface Texts {
  replySubject: (id: number, title: string) => string;
  replyBody: (author: string, id: number, title: string, comment: string, link: string) => string;
  newSubject: (id: number, title: string) => string;
  newBody: (author: string, id: number, title: string, text: string, link: string) => string;
  confirmSubject: (id: number) => string;
  confirmBody: (name: string, id: number, title: string, link: string, days: number) => string;
  abuseSubject: (ref: string) => string;
  abuseBody: (name: string, ref: string, location: string) => string;
  decisionSubject: (ref: string) => string;
  decisionBody: (name: string, ref: string, acted: boolean, note: string) => string;
}

const T: Record<Language, Texts> = {
  en: {
    replySubject: (id, t) => `Re: [#${id}] ${t}`,
    replyBody: (a, id, t, c, l) => `${a} replied to ticket #${id} "${t}":\n\n${c}\n\nOpen the ticket to answer:\n${l}`,
    newSubject: (id, t) => `New ticket [#${id}] ${t}`,
    newBody: (a, id, t, x, l) => `${a} opened ticket #${id} "${t}":\n\n${x}\n\nOpen the ticket:\n${l}`,
    confirmSubject: (id) => `Confirm your support ticket #${id}`,
    confirmBody: (n, id, t, l, d) =>
      `Hello ${n},\n\nyou opened the support ticket #${id} "${t}". Open this link to confirm your e-mail address; the ticket reaches our team once you do. The same link shows the ticket and our replies:\n${l}\n\nThe link works for ${d} days after the last message. If you did not open a ticket, ignore this e-mail.`,
    abuseSubject: (r) => `Your abuse report ${r} was received`,
    abuseBody: (n, r, loc) =>
      `Hello ${n},\n\nwe received your report about:\n${loc}\n\nIts reference is ${r}. Our team reviews every report and acts on it as the law requires; quote the reference if you write to us about it.`,
    decisionSubject: (r) => `Decision on your abuse report ${r}`,
    decisionBody: (n, r, a, x) =>
      `Hello ${n},\n\nwe reviewed your report ${r}. ${a ? 'We found the content in breach of our terms and acted on it.' : 'We found no breach of our terms or of the law and took no action.'}${x ? `\n\n${x}` : ''}`,
  },
  pl: {
    replySubject: (id, t) => `Odp.: [#${id}] ${t}`,
    replyBody: (a, id, t, c, l) =>
      `${a} odpowiedział(a) w zgłoszeniu #${id} „${t}”:\n\n${c}\n\nOtwórz zgłoszenie, aby odpowiedzieć:\n${l}`,
    newSubject: (id, t) => `Nowe zgłoszenie [#${id}] ${t}`,
    newBody: (a, id, t, x, l) => `${a} otworzył(a) zgłoszenie #${id} „${t}”:\n\n${x}\n\nOtwórz zgłoszenie:\n${l}`,
    confirmSubject: (id) => `Potwierdź swoje zgłoszenie #${id}`,
    confirmBody: (n, id, t, l, d) =>
      `Dzień dobry ${n},\n\notworzono zgłoszenie #${id} „${t}”. Otwórz ten link, aby potwierdzić adres e-mail; zgłoszenie trafi do naszego zespołu po potwierdzeniu. Ten sam link pokazuje zgłoszenie i nasze odpowiedzi:\n${l}\n\nLink działa przez ${d} dni od ostatniej wiadomości. Jeśli nie otwierałeś(-aś) zgłoszenia, zignoruj tę wiadomość.`,
    abuseSubject: (r) => `Otrzymaliśmy Twoje zgłoszenie nadużycia ${r}`,
    abuseBody: (n, r, loc) =>
      `Dzień dobry ${n},\n\notrzymaliśmy Twoje zgłoszenie dotyczące:\n${loc}\n\nJego numer to ${r}. Nasz zespół rozpatruje każde zgłoszenie i działa zgodnie z prawem; podaj ten numer, jeśli napiszesz do nas w tej sprawie.`,
    decisionSubject: (r) => `Decyzja w sprawie zgłoszenia nadużycia ${r}`,
    decisionBody: (n, r, a, x) =>
      `Dzień dobry ${n},\n\nrozpatrzyliśmy Twoje zgłoszenie ${r}. ${a ? 'Stwierdziliśmy naruszenie naszego regulaminu i podjęliśmy działania.' : 'Nie stwierdziliśmy naruszenia regulaminu ani prawa i nie podjęliśmy działań.'}${x ? `\n\n${x}` : ''}`,
  },
  de: {
    replySubject: (id, t) => `AW: [#${id}] ${t}`,
    replyBody: (a, id, t, c, l) =>
      `${a} hat auf das Ticket #${id} „${t}“ geantwortet:\n\n${c}\n\nÖffnen Sie das Ticket, um zu antworten:\n${l}`,
    newSubject: (id, t) => `Neues Ticket [#${id}] ${t}`,
    newBody: (a, id, t, x, l) => `${a} hat das Ticket #${id} „${t}“ eröffnet:\n\n${x}\n\nTicket öffnen:\n${l}`,
    confirmSubject: (id) => `Bestätigen Sie Ihr Support-Ticket #${id}`,
    confirmBody: (n, id, t, l, d) =>
      `Hallo ${n},\n\nSie haben das Support-Ticket #${id} „${t}“ eröffnet. Öffnen Sie diesen Link, um Ihre E-Mail-Adresse zu bestätigen; erst dann erreicht das Ticket unser Team. Derselbe Link zeigt das Ticket und unsere Antworten:\n${l}\n\nDer Link gilt ${d} Tage nach der letzten Nachricht. Falls Sie kein Ticket eröffnet haben, ignorieren Sie diese E-Mail.`,
    abuseSubject: (r) => `Ihre Missbrauchsmeldung ${r} ist eingegangen`,
    abuseBody: (n, r, loc) =>
      `Hallo ${n},\n\nwir haben Ihre Meldung zu folgendem Inhalt erhalten:\n${loc}\n\nIhr Aktenzeichen lautet ${r}. Unser Team prüft jede Meldung und handelt, wie es das Gesetz verlangt; geben Sie das Aktenzeichen an, wenn Sie uns dazu schreiben.`,
    decisionSubject: (r) => `Entscheidung zu Ihrer Missbrauchsmeldung ${r}`,
    decisionBody: (n, r, a, x) =>
      `Hallo ${n},\n\nwir haben Ihre Meldung ${r} geprüft. ${a ? 'Der Inhalt verstößt gegen unsere Bedingungen; wir haben gehandelt.' : 'Wir haben keinen Verstoß gegen unsere Bedingungen oder das Gesetz festgestellt und nichts unternommen.'}${x ? `\n\n${x}` : ''}`,
  },
  pt: {
    replySubject: (id, t) => `Re: [#${id}] ${t}`,
    replyBody: (a, id, t, c, l) => `${a} respondeu ao pedido #${id} «${t}»:\n\n${c}\n\nAbra o pedido para responder:\n${l}`,
    newSubject: (id, t) => `Novo pedido [#${id}] ${t}`,
    newBody: (a, id, t, x, l) => `${a} abriu o pedido #${id} «${t}»:\n\n${x}\n\nAbrir o pedido:\n${l}`,
    confirmSubject: (id) => `Confirme o seu pedido de suporte #${id}`,
    confirmBody: (n, id, t, l, d) =>
      `Olá ${n},\n\nabriu o pedido de suporte #${id} «${t}». Abra esta ligação para confirmar o seu endereço de e-mail; só então o pedido chega à nossa equipa. A mesma ligação mostra o pedido e as nossas respostas:\n${l}\n\nA ligação funciona durante ${d} dias após a última mensagem. Se não abriu nenhum pedido, ignore este e-mail.`,
    abuseSubject: (r) => `A sua denúncia de abuso ${r} foi recebida`,
    abuseBody: (n, r, loc) =>
      `Olá ${n},\n\nrecebemos a sua denúncia sobre:\n${loc}\n\nA referência é ${r}. A nossa equipa analisa todas as denúncias e age conforme a lei exige; indique a referência se nos escrever sobre o assunto.`,
    decisionSubject: (r) => `Decisão sobre a sua denúncia de abuso ${r}`,
    decisionBody: (n, r, a, x) =>
      `Olá ${n},\n\nanalisámos a sua denúncia ${r}. ${a ? 'Verificámos que o conteúdo viola os nossos termos e agimos.' : 'Não verificámos qualquer violação dos nossos termos ou da lei e não tomámos medidas.'}${x ? `\n\n${x}` : ''}`,
  },
  hi: {
    replySubject: (id, t) => `उत्तर: [#${id}] ${t}`,
    replyBody: (a, id, t, c, l) => `${a} ने टिकट #${id} "${t}" का उत्तर दिया:\n\n${c}\n\nउत्तर देने के लिए टिकट खोलें:\n${l}`,
    newSubject: (id, t) => `नया टिकट [#${id}] ${t}`,
    newBody: (a, id, t, x, l) => `${a} ने टिकट #${id} "${t}" खोला:\n\n${x}\n\nटिकट खोलें:\n${l}`,
    confirmSubject: (id) => `अपने सहायता टिकट #${id} की पुष्टि करें`,
    confirmBody: (n, id, t, l, d) =>
      `नमस्ते ${n},\n\nआपने सहायता टिकट #${id} "${t}" खोला है। अपने ई-मेल पते की पुष्टि के लिए यह लिंक खोलें; पुष्टि के बाद ही टिकट हमारी टीम तक पहुँचता है। यही लिंक टिकट और हमारे उत्तर दिखाता है:\n${l}\n\nयह लिंक अंतिम संदेश के बाद ${d} दिनों तक काम करता है। यदि आपने कोई टिकट नहीं खोला, तो इस ई-मेल को अनदेखा करें।`,
    abuseSubject: (r) => `आपकी दुरुपयोग रिपोर्ट ${r} प्राप्त हुई`,
    abuseBody: (n, r, loc) =>
      `नमस्ते ${n},\n\nहमें इसके बारे में आपकी रिपोर्ट मिली है:\n${loc}\n\nइसका संदर्भ ${r} है। हमारी टीम हर रिपोर्ट की समीक्षा करती है और क़ानून के अनुसार कार्रवाई करती है; इस बारे में लिखते समय संदर्भ बताएँ।`,
    decisionSubject: (r) => `आपकी दुरुपयोग रिपोर्ट ${r} पर निर्णय`,
    decisionBody: (n, r, a, x) =>
      `नमस्ते ${n},\n\nहमने आपकी रिपोर्ट ${r} की समीक्षा की। ${a ? 'हमने पाया कि सामग्री हमारी शर्तों का उल्लंघन करती है और हमने कार्रवाई की।' : 'हमें हमारी शर्तों या क़ानून का कोई उल्लंघन नहीं मिला और हमने कोई कार्रवाई नहीं की।'}${x ? `\n\n${x}` : ''}`,
  },
  fi: {
    replySubject: (id, t) => `Vs: [#${id}] ${t}`,
    replyBody: (a, id, t, c, l) => `${a} vastasi tukipyyntöön #${id} ”${t}”:\n\n${c}\n\nAvaa tukipyyntö vastataksesi:\n${l}`,
    newSubject: (id, t) => `Uusi tukipyyntö [#${id}] ${t}`,
    newBody: (a, id, t, x, l) => `${a} avasi tukipyynnön #${id} ”${t}”:\n\n${x}\n\nAvaa tukipyyntö:\n${l}`,
    confirmSubject: (id) => `Vahvista tukipyyntösi #${id}`,
    confirmBody: (n, id, t, l, d) =>
      `Hei ${n},\n\navasit tukipyynnön #${id} ”${t}”. Vahvista sähköpostiosoitteesi avaamalla tämä linkki; tukipyyntö tulee tiimillemme vasta sen jälkeen. Sama linkki näyttää tukipyynnön ja vastauksemme:\n${l}\n\nLinkki toimii ${d} päivää viimeisimmän viestin jälkeen. Jos et avannut tukipyyntöä, voit jättää tämän viestin huomiotta.`,
    abuseSubject: (r) => `Väärinkäyttöilmoituksesi ${r} on vastaanotettu`,
    abuseBody: (n, r, loc) =>
      `Hei ${n},\n\nvastaanotimme ilmoituksesi koskien:\n${loc}\n\nSen viite on ${r}. Tiimimme käsittelee jokaisen ilmoituksen ja toimii lain edellyttämällä tavalla; mainitse viite, jos kirjoitat meille asiasta.`,
    decisionSubject: (r) => `Päätös väärinkäyttöilmoituksestasi ${r}`,
    decisionBody: (n, r, a, x) =>
      `Hei ${n},\n\nkäsittelimme ilmoituksesi ${r}. ${a ? 'Sisältö rikkoi ehtojamme, ja ryhdyimme toimiin.' : 'Emme havainneet ehtojemme tai lain rikkomusta emmekä ryhtyneet toimiin.'}${x ? `\n\n${x}` : ''}`,
  },
};

const texts = (lang: string) => T[normalizeLocale(lang)];

export function replyMail(
  to: string,
  lang: string,
  m: { author: string; id: number; title: string; comment: string; link: string },
): Mail {
  const t = texts(lang);
  return { to, subject: t.replySubject(m.id, m.title), text: t.replyBody(m.author, m.id, m.title, m.comment, m.link) };
}

export function newTicketMail(
  to: string,
  lang: string,
  m: { author: string; id: number; title: string; text: string; link: string },
): Mail {
  const t = texts(lang);
  return { to, subject: t.newSubject(m.id, m.title), text: t.newBody(m.author, m.id, m.title, m.text, m.link) };
}

export function guestConfirmMail(
  to: string,
  lang: string,
  m: { name: string; id: number; title: string; link: string; days: number },
): Mail {
  const t = texts(lang);
  return { to, subject: t.confirmSubject(m.id), text: t.confirmBody(m.name, m.id, m.title, m.link, m.days) };
}

export function abuseDecisionMail(
  to: string,
  lang: string,
  m: { name: string; reference: string; acted: boolean; note: string },
): Mail {
  const t = texts(lang);
  return { to, subject: t.decisionSubject(m.reference), text: t.decisionBody(m.name, m.reference, m.acted, m.note) };
}

export function abuseReceiptMail(to: string, lang: string, m: { name: string; reference: string; location: string }): Mail {
  const t = texts(lang);
  return { to, subject: t.abuseSubject(m.reference), text: t.abuseBody(m.name, m.reference, m.location) };
}
