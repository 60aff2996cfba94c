/**
 * The mail telling a user that a personal API token was created for their login (issue 19), in
 * the account's language: its name, scopes and expiry, and what to do when it was not them. The
 * token's secret is never in it.
 */
import type { Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import type { Mail } from '../../drivers/mail/mailer.js';

interface Texts {
  subject: string;
  created: (name: string, scopes: string, until: string) => string;
  notYou: string;
}

const T: Record<Language, Texts> = {
  en: {
    subject: 'A personal API token was created on your Portside account',
    created: (name, scopes, until) =>
      `A personal API token "${name}" was created for your login, with the scopes ${scopes}, valid until ${until} (UTC).`,
    notYou: 'If this was not you, revoke it in Settings → API tokens, change your password and contact support.',
  },
  pl: {
    subject: 'Na Twoim koncie Portside utworzono osobisty token API',
    created: (name, scopes, until) =>
      `Dla Twojego logowania utworzono osobisty token API „${name}” z zakresami ${scopes}, ważny do ${until} (UTC).`,
    notYou: 'Jeśli to nie Ty, unieważnij go w Ustawieniach → Tokeny API, zmień hasło i skontaktuj się z pomocą techniczną.',
  },
  de: {
    subject: 'Auf Ihrem Portside-Konto wurde ein persönliches API-Token erstellt',
    created: (name, scopes, until) =>
      `Für Ihre Anmeldung wurde das persönliche API-Token „${name}“ mit den Bereichen ${scopes} erstellt, gültig bis ${until} (UTC).`,
    notYou:
      'Falls Sie das nicht waren, widerrufen Sie es unter Einstellungen → API-Tokens, ändern Sie Ihr Passwort und wenden Sie sich an den Support.',
  },
  pt: {
    subject: 'Foi criado um token de API pessoal na sua conta Portside',
    created: (name, scopes, until) =>
      `Foi criado para o seu acesso o token de API pessoal «${name}», com os âmbitos ${scopes}, válido até ${until} (UTC).`,
    notYou: 'Se não foi você, revogue-o em Definições → Tokens de API, altere a sua palavra-passe e contacte o suporte.',
  },
  hi: {
    subject: 'आपके Portside खाते पर एक निजी API टोकन बनाया गया',
    created: (name, scopes, until) =>
      `आपके लॉगिन के लिए निजी API टोकन "${name}" बनाया गया, दायरे ${scopes}, ${until} (UTC) तक मान्य।`,
    notYou: 'अगर यह आपने नहीं किया, तो इसे सेटिंग्स → API टोकन में रद्द करें, अपना पासवर्ड बदलें और सहायता से संपर्क करें।',
  },
  fi: {
    subject: 'Portside-tilillesi luotiin henkilökohtainen API-tunniste',
    created: (name, scopes, until) =>
      `Kirjautumisellesi luotiin henkilökohtainen API-tunniste ”${name}” oikeuksin ${scopes}, voimassa ${until} asti (UTC).`,
    notYou: 'Jos tämä et ollut sinä, mitätöi se kohdassa Asetukset → API-tunnisteet, vaihda salasanasi ja ota yhteyttä tukeen.',
  },
};

/** The mail telling `to` that token `name` was created, in `lang` (the account's language). */
export function tokenCreatedMail(
  to: string,
  lang: string,
  token: { name: string; scopes: readonly string[]; expiresAt: Date },
): Mail {
  const t = T[normalizeLocale(lang)];
  const until = token.expiresAt.toISOString().slice(0, 16).replace('T', ' ');
  return { to, subject: t.subject, text: `${t.created(token.name, token.scopes.join(', '), until)}\n\n${t.notYou}` };
}
