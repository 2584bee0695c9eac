import { describe, expect, it } from 'vitest';
import { NotificationSettingsUpdate } from './account-notifications.ts';

describe('turning notifications off and on', () => {
  it('changes one or more of the known notifications', () => {
    expect(NotificationSettingsUpdate.parse({ topup_credited: false })).toEqual({ topup_credited: false });
    expect(
      NotificationSettingsUpdate.safeParse({
        topup_credited: true,
        activation_refunded: false,
        password_changed: true,
        new_sign_in: false,
      }).success,
    ).toBe(true);
  });

  it('refuses an empty change, an unknown notification and a value that is not true or false', () => {
    const empty = NotificationSettingsUpdate.safeParse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Nothing to change');
    expect(NotificationSettingsUpdate.safeParse({ marketing: true }).success).toBe(false);
    expect(NotificationSettingsUpdate.safeParse({ new_sign_in: 'false' }).success).toBe(false);
    expect(NotificationSettingsUpdate.safeParse({ new_sign_in: null }).success).toBe(false);
  });
});
