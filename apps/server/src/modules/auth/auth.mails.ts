import type { Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import type { Mail } from '../../drivers/mail/mailer.js';

interface Texts {
  confirmSubject: string;
  confirmBody: (code: string, link: string, minutes: number) => string;
  resetSubject: string;
  resetBody: (code: string, link: string, minutes: number) => string;
  /** To an address's owner when someone registers with it again (the form says nothing of it). */
  takenSubject: string;
  takenBody: (login: string, reset: string) => string;
}

const T: Record<Language, Texts> = {
  en: {
    confirmSubject: 'Confirm your Portside e-mail address',
    confirmBody: (c, l, m) =>
      `Your confirmation code is ${c}.\n\nEnter it on the confirmation page or open:\n${l}\n\nThe code expires in ${m} minutes.`,
    resetSubject: 'Reset your Portside password',
    resetBody: (c, l, m) =>
      `Your password reset code is ${c}.\n\nEnter it on the reset page or open:\n${l}\n\nThe code expires in ${m} minutes. If you did not ask for this, ignore this e-mail.`,
    takenSubject: 'Someone tried to register at Portside with your e-mail address',
    takenBody: (l, r) =>
      `Someone (perhaps you) just tried to open a new Portside account with this e-mail address. It already has an account, so nothing was created.\n\nTo log in, open:\n${l}\n\nForgot your password? Reset it here:\n${r}\n\nIf this was not you, you can ignore this e-mail; your account is unchanged.`,
  },
  pl: {
    confirmSubject: 'Potwierdź swój adres e-mail w Portside',
    confirmBody: (c, l, m) =>
      `Twój kod potwierdzający to ${c}.\n\nWpisz go na stronie potwierdzenia lub otwórz:\n${l}\n\nKod wygasa za ${m} minut.`,
    resetSubject: 'Zresetuj hasło do Portside',
    resetBody: (c, l, m) =>
      `Twój kod resetowania hasła to ${c}.\n\nWpisz go na stronie resetowania lub otwórz:\n${l}\n\nKod wygasa za ${m} minut. Jeśli to nie Ty, zignoruj tę wiadomość.`,
    takenSubject: 'Ktoś próbował zarejestrować się w Portside Twoim adresem e-mail',
    takenBody: (l, r) =>
      `Ktoś (być może Ty) właśnie próbował założyć nowe konto w Portside z tym adresem e-mail. Konto z tym adresem już istnieje, więc nic nie zostało utworzone.\n\nAby się zalogować, otwórz:\n${l}\n\nNie pamiętasz hasła? Zresetuj je tutaj:\n${r}\n\nJeśli to nie Ty, zignoruj tę wiadomość; Twoje konto pozostało bez zmian.`,
  },
  de: {
    confirmSubject: 'Bestätigen Sie Ihre E-Mail-Adresse bei Portside',
    confirmBody: (c, l, m) =>
      `Ihr Bestätigungscode lautet ${c}.\n\nGeben Sie ihn auf der Bestätigungsseite ein oder öffnen Sie:\n${l}\n\nDer Code läuft in ${m} Minuten ab.`,
    resetSubject: 'Setzen Sie Ihr Portside-Passwort zurück',
    resetBody: (c, l, m) =>
      `Ihr Code zum Zurücksetzen des Passworts lautet ${c}.\n\nGeben Sie ihn auf der Seite ein oder öffnen Sie:\n${l}\n\nDer Code läuft in ${m} Minuten ab. Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail.`,
    takenSubject: 'Jemand wollte sich mit Ihrer E-Mail-Adresse bei Portside registrieren',
    takenBody: (l, r) =>
      `Jemand (vielleicht Sie) hat gerade versucht, mit dieser E-Mail-Adresse ein neues Portside-Konto anzulegen. Für die Adresse gibt es bereits ein Konto, daher wurde nichts angelegt.\n\nZum Anmelden öffnen Sie:\n${l}\n\nPasswort vergessen? Hier setzen Sie es zurück:\n${r}\n\nFalls Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Konto ist unverändert.`,
  },
  pt: {
    confirmSubject: 'Confirme o seu endereço de e-mail no Portside',
    confirmBody: (c, l, m) =>
      `O seu código de confirmação é ${c}.\n\nIntroduza-o na página de confirmação ou abra:\n${l}\n\nO código expira dentro de ${m} minutos.`,
    resetSubject: 'Redefina a sua palavra-passe do Portside',
    resetBody: (c, l, m) =>
      `O seu código para redefinir a palavra-passe é ${c}.\n\nIntroduza-o na página de redefinição ou abra:\n${l}\n\nO código expira dentro de ${m} minutos. Se não fez este pedido, ignore este e-mail.`,
    takenSubject: 'Alguém tentou registar-se no Portside com o seu endereço de e-mail',
    takenBody: (l, r) =>
      `Alguém (talvez você) tentou agora abrir uma nova conta no Portside com este endereço de e-mail. Já existe uma conta com este endereço, por isso nada foi criado.\n\nPara iniciar sessão, abra:\n${l}\n\nEsqueceu-se da palavra-passe? Redefina-a aqui:\n${r}\n\nSe não foi você, ignore este e-mail; a sua conta não foi alterada.`,
  },
  hi: {
    confirmSubject: 'अपना Portside ई-मेल पता पुष्टि करें',
    confirmBody: (c, l, m) =>
      `आपका पुष्टि कोड ${c} है।\n\nइसे पुष्टि पृष्ठ पर दर्ज करें या खोलें:\n${l}\n\nयह कोड ${m} मिनट में समाप्त हो जाएगा।`,
    resetSubject: 'अपना Portside पासवर्ड रीसेट करें',
    resetBody: (c, l, m) =>
      `आपका पासवर्ड रीसेट कोड ${c} है।\n\nइसे रीसेट पृष्ठ पर दर्ज करें या खोलें:\n${l}\n\nयह कोड ${m} मिनट में समाप्त हो जाएगा। यदि आपने यह अनुरोध नहीं किया, तो इस ई-मेल को अनदेखा करें।`,
    takenSubject: 'किसी ने आपके ई-मेल पते से Portside पर पंजीकरण करने का प्रयास किया',
    takenBody: (l, r) =>
      `किसी ने (शायद आपने) अभी इस ई-मेल पते से नया Portside खाता खोलने का प्रयास किया। इस पते का खाता पहले से मौजूद है, इसलिए कुछ भी नहीं बनाया गया।\n\nलॉग इन करने के लिए खोलें:\n${l}\n\nपासवर्ड भूल गए? यहाँ रीसेट करें:\n${r}\n\nयदि यह आप नहीं थे, तो इस ई-मेल को अनदेखा करें; आपका खाता अपरिवर्तित है।`,
  },
  fi: {
    confirmSubject: 'Vahvista Portside-sähköpostiosoitteesi',
    confirmBody: (c, l, m) =>
      `Vahvistuskoodisi on ${c}.\n\nSyötä se vahvistussivulla tai avaa:\n${l}\n\nKoodi vanhenee ${m} minuutin kuluttua.`,
    resetSubject: 'Nollaa Portside-salasanasi',
    resetBody: (c, l, m) =>
      `Salasanan nollauskoodisi on ${c}.\n\nSyötä se nollaussivulla tai avaa:\n${l}\n\nKoodi vanhenee ${m} minuutin kuluttua. Jos et pyytänyt tätä, voit jättää viestin huomiotta.`,
    takenSubject: 'Joku yritti rekisteröityä Portsideen sähköpostiosoitteellasi',
    takenBody: (l, r) =>
      `Joku (ehkä sinä) yritti juuri avata uuden Portside-tilin tällä sähköpostiosoitteella. Osoitteella on jo tili, joten mitään ei luotu.\n\nKirjaudu sisään avaamalla:\n${l}\n\nUnohditko salasanasi? Nollaa se täällä:\n${r}\n\nJos tämä et ollut sinä, voit jättää viestin huomiotta; tiliisi ei tehty muutoksia.`,
  },
};

export function confirmMail(to: string, lang: string, code: string, link: string, minutes: number): Mail {
  const t = T[normalizeLocale(lang)];
  return { to, subject: t.confirmSubject, text: t.confirmBody(code, link, minutes) };
}

export function resetMail(to: string, lang: string, code: string, link: string, minutes: number): Mail {
  const t = T[normalizeLocale(lang)];
  return { to, subject: t.resetSubject, text: t.resetBody(code, link, minutes) };
}

export function takenMail(to: string, lang: string, loginLink: string, resetLink: string): Mail {
  const t = T[normalizeLocale(lang)];
  return { to, subject: t.takenSubject, text: t.takenBody(loginLink, resetLink) };
}
