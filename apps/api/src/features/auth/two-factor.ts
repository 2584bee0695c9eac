import { randomBytes } from 'node:crypto';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@numero/contract/auth';
import { isStaffRole, type Role } from '@numero/contract/common';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, registerMessages } from '../../http/errors.ts';
import { type RateLimiter, type RateLimitRule, rateLimited } from '../../http/rate-limit.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { mailLanguage } from '../mail/mail.templates.ts';
import { sha256Hex } from './session.service.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

registerMessages({
  TOTP_REQUIRED: {
    pt: 'Informe o código de verificação do seu aplicativo autenticador.',
    en: 'Enter the verification code from your authenticator app.',
  },
  TOTP_INVALID: {
    pt: 'Código de verificação incorreto ou já usado.',
    en: 'Wrong or already used verification code.',
  },
  TWO_FACTOR_ALREADY_ENABLED: {
    pt: 'A verificação em duas etapas já está ativada.',
    en: 'Two-step verification is already turned on.',
  },
  TWO_FACTOR_NOT_STARTED: {
    pt: 'Comece a configuração da verificação em duas etapas novamente.',
    en: 'Please start setting up two-step verification again.',
  },
  TWO_FACTOR_NOT_ENABLED: {
    pt: 'A verificação em duas etapas não está ativada.',
    en: 'Two-step verification is not turned on.',
  },
  TWO_FACTOR_REQUIRED_FOR_STAFF: {
    pt: 'Contas da equipe precisam manter a verificação em duas etapas ativada.',
    en: 'Staff accounts must keep two-step verification turned on.',
  },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    pt: 'Ative a verificação em duas etapas no seu perfil para acessar a área administrativa.',
    en: 'Turn on two-step verification on your profile to reach the admin area.',
  },
});

export const RECOVERY_CODE_COUNT = 10;
/**
 * Wrong second-factor codes (TOTP or recovery) one account may be sent in 15 minutes, wherever they are
 * entered (sign-in, turning it off): the next gets 429 until the window ends. Six digits guessed at this
 * pace take years; without it, someone holding a session or a password takes about 40 minutes.
 */
export const SECOND_FACTOR_FAILURES: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
/** The same from one address across accounts: wide enough for a carrier's NAT. */
export const SECOND_FACTOR_FAILURES_PER_ADDRESS: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };
// 32 letters and digits without the look-alikes l, o, 0 and 1: each character is 5 random bits.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A recovery code as the user types it: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

interface Actor {
  id: string;
  email: string;
  role: Role;
  preferredLanguage: string;
}

export function createTwoFactor({
  db,
  repository,
  mail,
  audit,
  limiter,
  requireStaff,
  now,
}: {
  db: Db;
  repository: TwoFactorRepository;
  /** Shared by every process (PostgreSQL or Redis), so the budget holds however requests are spread. */
  limiter: Pick<RateLimiter, 'consume' | 'hit' | 'peek' | 'clear'>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  audit: Pick<AuditService, 'record'>;
  /** REQUIRE_STAFF_2FA */
  requireStaff: boolean;
  now: () => Date;
}) {
  const epoch = () => Math.floor(now().getTime() / 1000);
  const isRequired = (role: Role) => requireStaff && isStaffRole(role);

  /** The time step a 6-digit code matches (one step of clock drift either way), or null. */
  async function matchTotp(secret: string, code: string, after: number | null): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const result = await verify({
      secret,
      token: code,
      epoch: epoch(),
      epochTolerance: 30,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /**
   * A TOTP code not used before, or an unused recovery code; either is used up by this call. Spends the
   * account's and the address's attempt budget (SECOND_FACTOR_FAILURES): past it, 429 before any check.
   */
  async function verifySecondFactor(userId: string, code: string, ip: string, ex?: Executor) {
    const accountKey = `2fa:${userId}`;
    const addressKey = `2fa-address:${ip}`;
    const spent = await limiter.peek(addressKey);
    if (spent && spent.count >= SECOND_FACTOR_FAILURES_PER_ADDRESS.limit)
      throw rateLimited(spent.resetAt, now());
    // Counted before the check, so parallel guesses cannot all slip in under the limit.
    await limiter.consume(accountKey, SECOND_FACTOR_FAILURES);
    const valid = await checkCode(userId, code, ex);
    if (valid) await limiter.clear(accountKey);
    else await limiter.hit(addressKey, SECOND_FACTOR_FAILURES_PER_ADDRESS);
    return valid;
  }

  async function checkCode(userId: string, code: string, ex?: Executor): Promise<boolean> {
    const totp = await repository.find(userId, ex);
    if (!totp?.enabledAt) return false;
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const step = await matchTotp(totp.secret, trimmed, totp.lastTimeStep);
      return step !== null && (await repository.useTimeStep(userId, step, ex));
    }
    const normalised = normaliseRecoveryCode(trimmed);
    if (normalised.length !== 10) return false;
    return repository.useRecoveryCode(userId, sha256Hex(normalised), now(), ex);
  }

  const notify = (actor: Actor, template: 'two_factor_enabled' | 'two_factor_disabled', ex: Executor) =>
    mail.enqueue(
      {
        to: actor.email,
        userId: actor.id,
        lang: mailLanguage(actor.preferredLanguage),
        template,
        params: {},
      },
      ex,
    );

  return {
    isRequired,
    isEnabled: (userId: string) => repository.isEnabled(userId),
    verifySecondFactor,

    async status(actor: Actor): Promise<TwoFactorStatus> {
      const enabled = await repository.isEnabled(actor.id);
      return {
        enabled,
        required: isRequired(actor.role),
        recovery_codes_left: enabled ? await repository.recoveryCodesLeft(actor.id) : 0,
      };
    },

    /** A new secret for the authenticator app; nothing changes at sign-in until a code confirms it. */
    async start(actor: Actor): Promise<TwoFactorSetup> {
      if (await repository.isEnabled(actor.id)) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409);
      const secret = generateSecret();
      await repository.savePending(actor.id, secret, now());
      const url = generateURI({ issuer: 'Numero', label: actor.email, secret });
      const qr = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1 });
      return { secret, otpauth_url: url, qr_code: qr };
    },

    /** The first code proves the app works: sign-in asks for codes from now on. */
    async enable(actor: Actor, code: string, ip: string): Promise<RecoveryCodes> {
      const pending = await repository.find(actor.id);
      if (pending?.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409);
      if (!pending) throw new AppError('TWO_FACTOR_NOT_STARTED', 409);
      const step = await matchTotp(pending.secret, code.trim(), null);
      if (step === null) throw new AppError('TOTP_INVALID', 400);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        if (!(await repository.enable(actor.id, now(), step, tx)))
          throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409);
        await repository.replaceRecoveryCodes(
          actor.id,
          codes.map((c) => sha256Hex(normaliseRecoveryCode(c))),
          tx,
        );
        await notify(actor, 'two_factor_enabled', tx);
        await audit.record(
          { action: 'TWO_FACTOR_ENABLED', actor, entityType: 'users', entityId: actor.id, ip },
          tx,
        );
      });
      mail.kick();
      return { recovery_codes: codes };
    },

    /** Turning it off takes a current code (or a recovery code); staff who must have it cannot. */
    async disable(actor: Actor, code: string, ip: string): Promise<void> {
      if (isRequired(actor.role)) throw new AppError('TWO_FACTOR_REQUIRED_FOR_STAFF', 403);
      if (!(await repository.isEnabled(actor.id))) throw new AppError('TWO_FACTOR_NOT_ENABLED', 409);
      await db.transaction(async (tx) => {
        if (!(await verifySecondFactor(actor.id, code, ip, tx))) throw new AppError('TOTP_INVALID', 400);
        await repository.remove(actor.id, tx);
        await notify(actor, 'two_factor_disabled', tx);
        await audit.record(
          { action: 'TWO_FACTOR_DISABLED', actor, entityType: 'users', entityId: actor.id, ip },
          tx,
        );
      });
      mail.kick();
    },
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
