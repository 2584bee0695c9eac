import type { OutgoingMail } from './smtp.transport.ts';

export type MailLang = 'pt' | 'en';

/** The store's languages: a preference for English gets English, anything else Portuguese. */
export function mailLanguage(preferred: string | null | undefined): MailLang {
  return preferred?.toLowerCase().startsWith('en') ? 'en' : 'pt';
}

/** What each message says: a subject, paragraphs, and at most one link to act on. */
interface Content {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

type Templates = {
  password_reset: { url: string; minutes: number };
  /** `everywhere`: every session ended (a reset); otherwise only the others (a change while signed in). */
  password_changed: { at: string; everywhere: boolean; settingsUrl: string };
  topup_credited: { amount: string; balanceUrl: string; settingsUrl: string };
  activation_refunded: { amount: string; ordersUrl: string; settingsUrl: string };
  new_sign_in: { at: string; browser: string; ip: string; resetUrl: string; settingsUrl: string };
  two_factor_enabled: Record<string, never>;
  email_verify: { url: string; hours: number };
  /** To the new address: the link that makes the change. */
  email_change_confirm: { url: string; hours: number };
  /** To the old address: a change was asked for, and to what. */
  email_change_requested: { newAddress: string };
  two_factor_disabled: Record<string, never>;
};
export type MailTemplate = keyof Templates;
export type MailParams<T extends MailTemplate> = Templates[T];

const IGNORE = {
  pt: 'Se não foi você, entre em contato com o suporte.',
  en: 'If this was not you, please contact support.',
};

/** The last line of a notification the user may turn off on /profile. */
const optOut = (lang: MailLang, url: string) =>
  lang === 'pt'
    ? `Você pode desativar este aviso no seu perfil: ${url}`
    : `You can turn this notice off on your profile: ${url}`;

const contents: { [T in MailTemplate]: (p: Templates[T], lang: MailLang) => Content } = {
  password_reset: (p, lang) =>
    lang === 'pt'
      ? {
          subject: 'Redefinição de senha — Numero',
          paragraphs: [
            'Recebemos um pedido para redefinir a senha da sua conta Numero.',
            `O link abaixo vale por ${p.minutes} minutos e pode ser usado uma única vez.`,
            'Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
          ],
          action: { label: 'Definir nova senha', url: p.url },
        }
      : {
          subject: 'Password reset — Numero',
          paragraphs: [
            'We received a request to reset the password of your Numero account.',
            `The link below is valid for ${p.minutes} minutes and works only once.`,
            'If you did not ask for a reset, ignore this message: your password stays the same.',
          ],
          action: { label: 'Set a new password', url: p.url },
        },
  password_changed: (p, lang) =>
    lang === 'pt'
      ? {
          subject: 'Sua senha foi alterada — Numero',
          paragraphs: [
            `A senha da sua conta Numero foi alterada em ${p.at} (UTC).`,
            p.everywhere
              ? 'Por segurança, todas as sessões abertas foram encerradas.'
              : 'Por segurança, as outras sessões abertas foram encerradas.',
            IGNORE.pt,
            optOut(lang, p.settingsUrl),
          ],
        }
      : {
          subject: 'Your password was changed — Numero',
          paragraphs: [
            `The password of your Numero account was changed at ${p.at} (UTC).`,
            p.everywhere
              ? 'For your security, every open session was signed out.'
              : 'For your security, your other open sessions were signed out.',
            IGNORE.en,
            optOut(lang, p.settingsUrl),
          ],
        },
  topup_credited: (p, lang) =>
    lang === 'pt'
      ? {
          subject: `Saldo adicionado: ${p.amount} — Numero`,
          paragraphs: [
            `Sua recarga de ${p.amount} foi confirmada e o valor já está no seu saldo.`,
            optOut(lang, p.settingsUrl),
          ],
          action: { label: 'Ver meu saldo', url: p.balanceUrl },
        }
      : {
          subject: `Funds added: ${p.amount} — Numero`,
          paragraphs: [
            `Your top-up of ${p.amount} was confirmed and is now in your balance.`,
            optOut(lang, p.settingsUrl),
          ],
          action: { label: 'See my balance', url: p.balanceUrl },
        },
  activation_refunded: (p, lang) =>
    lang === 'pt'
      ? {
          subject: `Pedido reembolsado: ${p.amount} — Numero`,
          paragraphs: [
            `Um pedido seu não recebeu SMS ou foi cancelado, e ${p.amount} voltaram ao seu saldo.`,
            optOut(lang, p.settingsUrl),
          ],
          action: { label: 'Ver meus pedidos', url: p.ordersUrl },
        }
      : {
          subject: `Order refunded: ${p.amount} — Numero`,
          paragraphs: [
            `One of your orders received no SMS or was cancelled, and ${p.amount} went back to your balance.`,
            optOut(lang, p.settingsUrl),
          ],
          action: { label: 'See my orders', url: p.ordersUrl },
        },
  new_sign_in: (p, lang) =>
    lang === 'pt'
      ? {
          subject: 'Novo acesso à sua conta — Numero',
          paragraphs: [
            `Sua conta Numero foi acessada em ${p.at} (UTC) a partir de um dispositivo ou navegador novo.`,
            `Navegador: ${p.browser}. Endereço: ${p.ip}.`,
            'Se foi você, nada a fazer. Se não foi, redefina sua senha agora.',
            optOut(lang, p.settingsUrl),
          ],
          action: { label: 'Redefinir minha senha', url: p.resetUrl },
        }
      : {
          subject: 'New sign-in to your account — Numero',
          paragraphs: [
            `Your Numero account was signed in to at ${p.at} (UTC) from a new device or browser.`,
            `Browser: ${p.browser}. Address: ${p.ip}.`,
            'If this was you, there is nothing to do. If not, reset your password now.',
            optOut(lang, p.settingsUrl),
          ],
          action: { label: 'Reset my password', url: p.resetUrl },
        },
  email_verify: (p, lang) =>
    lang === 'pt'
      ? {
          subject: 'Confirme seu email — Numero',
          paragraphs: [
            'Bem-vindo à Numero! Confirme seu email para entrar na sua conta.',
            `O link abaixo vale por ${p.hours} horas e pode ser usado uma única vez.`,
            'Se você não criou uma conta, ignore esta mensagem.',
          ],
          action: { label: 'Confirmar meu email', url: p.url },
        }
      : {
          subject: 'Confirm your email — Numero',
          paragraphs: [
            'Welcome to Numero! Confirm your email to sign in to your account.',
            `The link below is valid for ${p.hours} hours and works only once.`,
            'If you did not create an account, ignore this message.',
          ],
          action: { label: 'Confirm my email', url: p.url },
        },
  email_change_confirm: (p, lang) =>
    lang === 'pt'
      ? {
          subject: 'Confirme seu novo email — Numero',
          paragraphs: [
            'Foi pedida a troca do email da sua conta Numero para este endereço.',
            `A troca só vale depois que você abrir o link abaixo, válido por ${p.hours} horas.`,
            'Se você não pediu a troca, ignore esta mensagem: nada muda.',
          ],
          action: { label: 'Confirmar novo email', url: p.url },
        }
      : {
          subject: 'Confirm your new email — Numero',
          paragraphs: [
            'A change of your Numero account email to this address was requested.',
            `The change applies only once you open the link below, valid for ${p.hours} hours.`,
            'If you did not ask for it, ignore this message: nothing changes.',
          ],
          action: { label: 'Confirm new email', url: p.url },
        },
  email_change_requested: (p, lang) =>
    lang === 'pt'
      ? {
          subject: 'Pedido de troca de email — Numero',
          paragraphs: [
            `Foi pedida a troca do email da sua conta Numero para ${p.newAddress}.`,
            'A troca só vale depois de confirmada pelo link enviado ao novo endereço.',
            'Se não foi você, redefina sua senha e entre em contato com o suporte.',
          ],
        }
      : {
          subject: 'Email change requested — Numero',
          paragraphs: [
            `A change of your Numero account email to ${p.newAddress} was requested.`,
            'It applies only once confirmed through the link sent to the new address.',
            'If this was not you, reset your password and contact support.',
          ],
        },
  two_factor_enabled: (_p, lang) =>
    lang === 'pt'
      ? {
          subject: 'Verificação em duas etapas ativada — Numero',
          paragraphs: ['A verificação em duas etapas foi ativada na sua conta Numero.', IGNORE.pt],
        }
      : {
          subject: 'Two-step verification turned on — Numero',
          paragraphs: ['Two-step verification was turned on for your Numero account.', IGNORE.en],
        },
  two_factor_disabled: (_p, lang) =>
    lang === 'pt'
      ? {
          subject: 'Verificação em duas etapas desativada — Numero',
          paragraphs: ['A verificação em duas etapas foi desativada na sua conta Numero.', IGNORE.pt],
        }
      : {
          subject: 'Two-step verification turned off — Numero',
          paragraphs: ['Two-step verification was turned off for your Numero account.', IGNORE.en],
        },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The message as plain text and as simple HTML (no images, no remote content, no scripts). */
export function renderMail<T extends MailTemplate>(
  template: T,
  params: Templates[T],
  lang: MailLang,
): Omit<OutgoingMail, 'to'> {
  const c = contents[template](params, lang);
  const text = [
    ...c.paragraphs,
    ...(c.action ? [`${c.action.label}: ${c.action.url}`] : []),
    '— Numero',
  ].join('\n\n');
  const html = [
    `<!doctype html><html lang="${lang === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:sans-serif;color:#0f172a">`,
    ...c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(c.action ? [`<p><a href="${escapeHtml(c.action.url)}">${escapeHtml(c.action.label)}</a></p>`] : []),
    '<p>— Numero</p></body></html>',
  ].join('\n');
  return { subject: c.subject, text, html };
}
