/**
 * How customers reach support, set at build time: VITE_SUPPORT_EMAIL (an address) and, optionally,
 * VITE_SUPPORT_WHATSAPP (a phone number in international form; the WhatsApp link appears only with it).
 */
export interface SupportContact {
  email: string;
  /** Digits only, for https://wa.me/<digits>; null when not configured. */
  whatsapp: string | null;
}

export function readSupportContact(env: Record<string, string | undefined>): SupportContact {
  const email = env.VITE_SUPPORT_EMAIL?.trim();
  const digits = env.VITE_SUPPORT_WHATSAPP?.replace(/\D/g, '') ?? '';
  return {
    email: email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : 'suporte@numero.dev',
    whatsapp: digits.length >= 10 && digits.length <= 15 ? digits : null,
  };
}

export const SUPPORT: SupportContact = readSupportContact(import.meta.env);
