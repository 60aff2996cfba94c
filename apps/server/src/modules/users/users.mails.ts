import type { Language } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import type { Mail } from '../../drivers/mail/mailer.js';

/** What the invitation names: who added the user, to which account, and how to confirm. */
export interface Invitation {
  inviter: string;
  inviterEmail: string;
  account: string;
  code: string;
  link: string;
  minutes: number;
}

type Texts = { subject: (a: string) => string; body: (i: Invitation) => string };

const T: Record<Language, Texts> = {
  en: {
    subject: (a) => `You have been added to the Portside account ${a}`,
    body: (i) =>
      `${i.inviter} (${i.inviterEmail}) has created a Portside user for you in the account ${i.account}.\n\nYour confirmation code is ${i.code}.\n\nEnter it on the confirmation page or open:\n${i.link}\n\nThe code expires in ${i.minutes} minutes. Then log in with this e-mail address and the password ${i.inviter} gives you. If you do not expect this, ignore this e-mail.`,
  },
  pl: {
    subject: (a) => `Dodano Cię do konta Portside ${a}`,
    body: (i) =>
      `${i.inviter} (${i.inviterEmail}) utworzył(a) dla Ciebie użytkownika Portside na koncie ${i.account}.\n\nTwój kod potwierdzający to ${i.code}.\n\nWpisz go na stronie potwierdzenia lub otwórz:\n${i.link}\n\nKod wygasa za ${i.minutes} minut. Następnie zaloguj się tym adresem e-mail i hasłem, które przekaże Ci ${i.inviter}. Jeśli się tego nie spodziewasz, zignoruj tę wiadomość.`,
  },
  de: {
    subject: (a) => `Sie wurden zum Portside-Konto ${a} hinzugefügt`,
    body: (i) =>
      `${i.inviter} (${i.inviterEmail}) hat für Sie einen Portside-Benutzer im Konto ${i.account} angelegt.\n\nIhr Bestätigungscode lautet ${i.code}.\n\nGeben Sie ihn auf der Bestätigungsseite ein oder öffnen Sie:\n${i.link}\n\nDer Code läuft in ${i.minutes} Minuten ab. Melden Sie sich danach mit dieser E-Mail-Adresse und dem Passwort an, das Ihnen ${i.inviter} mitteilt. Falls Sie dies nicht erwarten, ignorieren Sie diese E-Mail.`,
  },
  pt: {
    subject: (a) => `Foi adicionado à conta Portside ${a}`,
    body: (i) =>
      `${i.inviter} (${i.inviterEmail}) criou um utilizador Portside para si na conta ${i.account}.\n\nO seu código de confirmação é ${i.code}.\n\nIntroduza-o na página de confirmação ou abra:\n${i.link}\n\nO código expira dentro de ${i.minutes} minutos. Depois, inicie sessão com este endereço de e-mail e a palavra-passe que ${i.inviter} lhe indicar. Se não esperava esta mensagem, ignore-a.`,
  },
  hi: {
    subject: (a) => `आपको Portside खाते ${a} में जोड़ा गया है`,
    body: (i) =>
      `${i.inviter} (${i.inviterEmail}) ने खाते ${i.account} में आपके लिए एक Portside उपयोगकर्ता बनाया है।\n\nआपका पुष्टि कोड ${i.code} है।\n\nइसे पुष्टि पृष्ठ पर दर्ज करें या खोलें:\n${i.link}\n\nयह कोड ${i.minutes} मिनट में समाप्त हो जाएगा। इसके बाद इस ई-मेल पते और ${i.inviter} द्वारा दिए गए पासवर्ड से लॉग इन करें। यदि आपको इसकी अपेक्षा नहीं थी, तो इस ई-मेल को अनदेखा करें।`,
  },
  fi: {
    subject: (a) => `Sinut on lisätty Portside-tiliin ${a}`,
    body: (i) =>
      `${i.inviter} (${i.inviterEmail}) on luonut sinulle Portside-käyttäjän tilille ${i.account}.\n\nVahvistuskoodisi on ${i.code}.\n\nSyötä se vahvistussivulla tai avaa:\n${i.link}\n\nKoodi vanhenee ${i.minutes} minuutin kuluttua. Kirjaudu sen jälkeen tällä sähköpostiosoitteella ja salasanalla, jonka ${i.inviter} antaa sinulle. Jos et odottanut tätä viestiä, voit jättää sen huomiotta.`,
  },
};

/** The mail a new sub-user gets: who added them and the code that confirms the address. */
export function invitationMail(to: string, lang: string, i: Invitation): Mail {
  const t = T[normalizeLocale(lang)];
  return { to, subject: t.subject(i.account), text: t.body(i) };
}
