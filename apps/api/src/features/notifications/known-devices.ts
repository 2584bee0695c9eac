import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import type { NotificationsService, Recipient } from './notifications.service.ts';

/** A device cookie is 256 random bits in base64url; anything else is treated as no cookie. */
const DEVICE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** A browser not seen for this long is forgotten: its next sign-in counts as a new device. */
export const DEVICE_FORGOTTEN_AFTER_MS = 400 * 24 * 60 * 60_000;

export interface SignInDevice {
  /** The device cookie the browser sent, if any. */
  deviceToken: string | undefined;
  userAgent: string | null;
  ip: string;
}

/** A short, readable name for a browser from its user agent ("Firefox on Linux"), or the agent itself. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return '?';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} / ${os}`;
  return (browser ?? os ?? userAgent).slice(0, 120);
}

/**
 * Recognises the browsers a user signs in from, by a long-lived random cookie stored only as its hash.
 * A sign-in from a browser the user never used, when they have used others, sends the new sign-in notice.
 */
export function createKnownDevices({
  repository,
  notifications,
  publicUrl,
  now,
}: {
  repository: NotificationsRepository;
  notifications: Pick<NotificationsService, 'notify'>;
  publicUrl: string;
  now: () => Date;
}) {
  return {
    /**
     * Called in the sign-in's transaction. Returns the device cookie the browser should hold from now on
     * (a new one when it sent none or a malformed one).
     */
    async recordSignIn(user: Recipient, device: SignInDevice, ex: Executor): Promise<string> {
      const token =
        device.deviceToken && DEVICE_TOKEN_SHAPE.test(device.deviceToken)
          ? device.deviceToken
          : randomBytes(32).toString('base64url');
      const at = now();
      // The first browser of an account is not news: the notice is for a browser beside known ones.
      const hadDevices = await repository.hasAnyDevice(user.id, ex);
      const isNew = await repository.seeDevice(
        user.id,
        createHash('sha256').update(token).digest('hex'),
        device.userAgent?.slice(0, 512) ?? null,
        at,
        ex,
      );
      if (isNew && hadDevices)
        await notifications.notify(
          user,
          'new_sign_in',
          {
            at: at.toISOString().slice(0, 16).replace('T', ' '),
            browser: describeBrowser(device.userAgent),
            ip: device.ip,
            resetUrl: `${publicUrl}/forgot-password`,
          },
          ex,
        );
      return token;
    },

    /** Whether this browser's device cookie is one the user has signed in with before. */
    isKnown: (userId: string, deviceToken: string | undefined): Promise<boolean> =>
      deviceToken && DEVICE_TOKEN_SHAPE.test(deviceToken)
        ? repository.hasDevice(userId, createHash('sha256').update(deviceToken).digest('hex'))
        : Promise.resolve(false),

    purgeForgotten: () =>
      repository.forgetDevicesSeenBefore(new Date(now().getTime() - DEVICE_FORGOTTEN_AFTER_MS)),
  };
}
export type KnownDevices = ReturnType<typeof createKnownDevices>;
