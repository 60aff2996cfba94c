import type { Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import type { Mail } from '../../drivers/mail/mailer.js';

interface Texts {
  confirmSubject: string;
  confirmBody: (code: string, link: string, minutes: number) => string;
  resetSubject: string;
  resetBody: (code: string, link: string, minutes: number) => string;
}

const T: Record<Language, Texts> = {
  en: {
    confirmSubject: 'Confirm your Portside e-mail address',
    confirmBody: (c, l, m) => `Your confirmation code is ${c}.\n\nEnter it on the confirmation page or open:\n${l}\n\nThe code expires in ${m} minutes.`,
    resetSubject: 'Reset your Portside password',
    resetBody: (c, l, m) => `Your password reset code is ${c}.\n\nEnter it on the reset page or open:\n${l}\n\nThe code expires in ${m} minutes. If you did not ask for this, ignore this e-mail.`,
  },
  pl: {
    confirmSubject: 'Potwierdź swój adres e-mail w Portside',
    confirmBody: (c, l, m) => `Twój kod potwierdzający to ${c}.\n\nWpisz go na stronie potwierdzenia lub otwórz:\n${l}\n\nKod wygasa za ${m} minut.`,
    resetSubject: 'Zresetuj hasło do Portside',
    resetBody: (c, l, m) => `Twój kod resetowania hasła to ${c}.\n\nWpisz go na stronie resetowania lub otwórz:\n${l}\n\nKod wygasa za ${m} minut. Jeśli to nie Ty, zignoruj tę wiadomość.`,
  },
  de: {
    confirmSubject: 'Bestätigen Sie Ihre E-Mail-Adresse bei Portside',
    confirmBody: (c, l, m) => `Ihr Bestätigungscode lautet ${c}.\n\nGeben Sie ihn auf der Bestätigungsseite ein oder öffnen Sie:\n${l}\n\nDer Code läuft in ${m} Minuten ab.`,
    resetSubject: 'Setzen Sie Ihr Portside-Passwort zurück',
    resetBody: (c, l, m) => `Ihr Code zum Zurücksetzen des Passworts lautet ${c}.\n\nGeben Sie ihn auf der Seite ein oder öffnen Sie:\n${l}\n\nDer Code läuft in ${m} Minuten ab. Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail.`,
  },
  pt: {
    confirmSubject: 'Confirme o seu endereço de e-mail no Portside',
    confirmBody: (c, l, m) => `O seu código de confirmação é ${c}.\n\nIntroduza-o na página de confirmação ou abra:\n${l}\n\nO código expira dentro de ${m} minutos.`,
    resetSubject: 'Redefina a sua palavra-passe do Portside',
    resetBody: (c, l, m) => `O seu código para redefinir a palavra-passe é ${c}.\n\nIntroduza-o na página de redefinição ou abra:\n${l}\n\nO código expira dentro de ${m} minutos. Se não fez este pedido, ignore este e-mail.`,
  },
  hi: {
    confirmSubject: 'अपना Portside ई-मेल पता पुष्टि करें',
    confirmBody: (c, l, m) => `आपका पुष्टि कोड ${c} है।\n\nइसे पुष्टि पृष्ठ पर दर्ज करें या खोलें:\n${l}\n\nयह कोड ${m} मिनट में समाप्त हो जाएगा।`,
    resetSubject: 'अपना Portside पासवर्ड रीसेट करें',
    resetBody: (c, l, m) => `आपका पासवर्ड रीसेट कोड ${c} है।\n\nइसे रीसेट पृष्ठ पर दर्ज करें या खोलें:\n${l}\n\nयह कोड ${m} मिनट में समाप्त हो जाएगा। यदि आपने यह अनुरोध नहीं किया, तो इस ई-मेल को अनदेखा करें।`,
  },
  fi: {
    confirmSubject: 'Vahvista Portside-sähköpostiosoitteesi',
    confirmBody: (c, l, m) => `Vahvistuskoodisi on ${c}.\n\nSyötä se vahvistussivulla tai avaa:\n${l}\n\nKoodi vanhenee ${m} minuutin kuluttua.`,
    resetSubject: 'Nollaa Portside-salasanasi',
    resetBody: (c, l, m) => `Salasanan nollauskoodisi on ${c}.\n\nSyötä se nollaussivulla tai avaa:\n${l}\n\nKoodi vanhenee ${m} minuutin kuluttua. Jos et pyytänyt tätä, voit jättää viestin huomiotta.`,
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
