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
  password_changed: { at: string };
  two_factor_enabled: Record<string, never>;
  two_factor_disabled: Record<string, never>;
};
export type MailTemplate = keyof Templates;
export type MailParams<T extends MailTemplate> = Templates[T];

const IGNORE = {
  pt: 'Se não foi você, entre em contato com o suporte.',
  en: 'If this was not you, please contact support.',
};

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
            'Por segurança, todas as sessões abertas foram encerradas.',
            IGNORE.pt,
          ],
        }
      : {
          subject: 'Your password was changed — Numero',
          paragraphs: [
            `The password of your Numero account was changed at ${p.at} (UTC).`,
            'For your security, every open session was signed out.',
            IGNORE.en,
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
