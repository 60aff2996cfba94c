/**
 * The mails of two-factor sign-in (issue 19): every change of a user's second factors, and of
 * the account's rule, is told to the user in the account's language, with what to do when it
 * was not them. No mail names a secret or a code.
 */
import type { Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import type { Mail } from '../../drivers/mail/mailer.js';

/** What happened. */
export type TwoFactorEvent =
  | 'totp_enabled'
  | 'totp_disabled'
  | 'recovery_regenerated'
  | 'recovery_used'
  | 'required_on'
  | 'required_off'
  | 'passkey_added'
  | 'passkey_removed';

interface Texts {
  subject: string;
  events: Record<TwoFactorEvent, string>;
  notYou: string;
}

const T: Record<Language, Texts> = {
  en: {
    subject: 'Security change on your Portside account',
    events: {
      totp_enabled: 'Two-factor sign-in with an authenticator app was turned on for your login. Your other sessions were ended.',
      totp_disabled: 'Two-factor sign-in was turned off for your login.',
      recovery_regenerated: 'New recovery codes were created for your login; the earlier ones no longer work.',
      recovery_used: 'A recovery code was used to sign in to your login.',
      required_on: 'Your account now requires two-factor sign-in of every user.',
      required_off: 'Your account no longer requires two-factor sign-in of every user.',
      passkey_added: 'A passkey was added to your login.',
      passkey_removed: 'A passkey was removed from your login.',
    },
    notYou: 'If this was not you, change your password at once and contact support.',
  },
  pl: {
    subject: 'Zmiana zabezpieczeń na Twoim koncie Portside',
    events: {
      totp_enabled:
        'Dla Twojego logowania włączono logowanie dwuetapowe z aplikacją uwierzytelniającą. Pozostałe sesje zostały zakończone.',
      totp_disabled: 'Dla Twojego logowania wyłączono logowanie dwuetapowe.',
      recovery_regenerated: 'Utworzono nowe kody odzyskiwania dla Twojego logowania; poprzednie już nie działają.',
      recovery_used: 'Do zalogowania na Twoje konto użyto kodu odzyskiwania.',
      required_on: 'Twoje konto wymaga teraz logowania dwuetapowego od każdego użytkownika.',
      required_off: 'Twoje konto nie wymaga już logowania dwuetapowego od każdego użytkownika.',
      passkey_added: 'Do Twojego logowania dodano klucz dostępu.',
      passkey_removed: 'Z Twojego logowania usunięto klucz dostępu.',
    },
    notYou: 'Jeśli to nie Ty, natychmiast zmień hasło i skontaktuj się z pomocą techniczną.',
  },
  de: {
    subject: 'Sicherheitsänderung an Ihrem Portside-Konto',
    events: {
      totp_enabled:
        'Für Ihre Anmeldung wurde die Zwei-Faktor-Anmeldung mit einer Authenticator-App eingeschaltet. Ihre anderen Sitzungen wurden beendet.',
      totp_disabled: 'Für Ihre Anmeldung wurde die Zwei-Faktor-Anmeldung ausgeschaltet.',
      recovery_regenerated: 'Für Ihre Anmeldung wurden neue Wiederherstellungscodes erstellt; die bisherigen gelten nicht mehr.',
      recovery_used: 'Zur Anmeldung mit Ihrem Zugang wurde ein Wiederherstellungscode verwendet.',
      required_on: 'Ihr Konto verlangt jetzt von jedem Benutzer die Zwei-Faktor-Anmeldung.',
      required_off: 'Ihr Konto verlangt nicht mehr von jedem Benutzer die Zwei-Faktor-Anmeldung.',
      passkey_added: 'Ihrer Anmeldung wurde ein Passkey hinzugefügt.',
      passkey_removed: 'Ein Passkey wurde aus Ihrer Anmeldung entfernt.',
    },
    notYou: 'Falls Sie das nicht waren, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Support.',
  },
  pt: {
    subject: 'Alteração de segurança na sua conta Portside',
    events: {
      totp_enabled:
        'O início de sessão de dois fatores com uma aplicação de autenticação foi ativado para o seu acesso. As suas outras sessões foram terminadas.',
      totp_disabled: 'O início de sessão de dois fatores foi desativado para o seu acesso.',
      recovery_regenerated: 'Foram criados novos códigos de recuperação para o seu acesso; os anteriores deixaram de funcionar.',
      recovery_used: 'Foi usado um código de recuperação para iniciar sessão com o seu acesso.',
      required_on: 'A sua conta exige agora o início de sessão de dois fatores a todos os utilizadores.',
      required_off: 'A sua conta deixou de exigir o início de sessão de dois fatores a todos os utilizadores.',
      passkey_added: 'Foi adicionada uma chave de acesso ao seu acesso.',
      passkey_removed: 'Foi removida uma chave de acesso do seu acesso.',
    },
    notYou: 'Se não foi você, altere já a sua palavra-passe e contacte o suporte.',
  },
  hi: {
    subject: 'आपके Portside खाते में सुरक्षा परिवर्तन',
    events: {
      totp_enabled: 'आपके लॉगिन के लिए ऑथेंटिकेटर ऐप से दो-चरणीय साइन-इन चालू किया गया। आपके अन्य सत्र समाप्त कर दिए गए।',
      totp_disabled: 'आपके लॉगिन के लिए दो-चरणीय साइन-इन बंद किया गया।',
      recovery_regenerated: 'आपके लॉगिन के लिए नए रिकवरी कोड बनाए गए; पुराने कोड अब काम नहीं करते।',
      recovery_used: 'आपके लॉगिन से साइन इन करने के लिए एक रिकवरी कोड का उपयोग किया गया।',
      required_on: 'आपका खाता अब हर उपयोगकर्ता से दो-चरणीय साइन-इन माँगता है।',
      required_off: 'आपका खाता अब हर उपयोगकर्ता से दो-चरणीय साइन-इन नहीं माँगता।',
      passkey_added: 'आपके लॉगिन में एक पासकी जोड़ी गई।',
      passkey_removed: 'आपके लॉगिन से एक पासकी हटाई गई।',
    },
    notYou: 'यदि यह आप नहीं थे, तो तुरंत अपना पासवर्ड बदलें और सहायता से संपर्क करें।',
  },
  fi: {
    subject: 'Turvallisuusmuutos Portside-tililläsi',
    events: {
      totp_enabled:
        'Kirjautumisellesi otettiin käyttöön kaksivaiheinen kirjautuminen todennussovelluksella. Muut istuntosi päätettiin.',
      totp_disabled: 'Kirjautumisesi kaksivaiheinen kirjautuminen poistettiin käytöstä.',
      recovery_regenerated: 'Kirjautumisellesi luotiin uudet palautuskoodit; aiemmat eivät enää toimi.',
      recovery_used: 'Kirjautumiseen tunnuksellasi käytettiin palautuskoodia.',
      required_on: 'Tilisi vaatii nyt kaksivaiheisen kirjautumisen jokaiselta käyttäjältä.',
      required_off: 'Tilisi ei enää vaadi kaksivaiheista kirjautumista jokaiselta käyttäjältä.',
      passkey_added: 'Kirjautumiseesi lisättiin pääsyavain.',
      passkey_removed: 'Kirjautumisestasi poistettiin pääsyavain.',
    },
    notYou: 'Jos tämä et ollut sinä, vaihda salasanasi heti ja ota yhteyttä tukeen.',
  },
};

/** The mail telling `to` of `event`, in `lang` (the account's language). */
export function twoFactorMail(to: string, lang: string, event: TwoFactorEvent): Mail {
  const t = T[normalizeLocale(lang)];
  return { to, subject: t.subject, text: `${t.events[event]}\n\n${t.notYou}` };
}
