import type { Activation as ActivationDto } from '@numero/contract/activations';
import type { ActivationView } from './activations.repository.ts';

/** What the customer sees at `at`: the time left and the actions allowed depend on the clock, not the row. */
export function toActivationDto(v: ActivationView, at: Date): ActivationDto {
  const a = v.activation;
  const expiresAt = a.expiresAt ? new Date(a.expiresAt) : null;
  const open = expiresAt !== null && at < expiresAt;
  const awaitingResend = a.status === 'code_received' && a.nextCheckAt !== null;
  return {
    id: a.id,
    public_id: a.publicId,
    product_id: a.productId,
    service_code: a.serviceCode,
    service_name: v.serviceName,
    country_code: a.countryCode,
    country_name_pt: v.countryNamePt,
    country_name_en: v.countryNameEn,
    currency: a.currency,
    price: a.price,
    status: a.status,
    phone_number: a.phoneNumber,
    operator: a.operator,
    code: a.code,
    sms_text: a.smsText,
    resend_count: a.resendCount,
    awaiting_sms: a.status === 'waiting_sms' || awaitingResend,
    settled: a.settled,
    expires_at: expiresAt?.toISOString() ?? null,
    remaining_seconds:
      expiresAt === null ? null : Math.max(0, Math.ceil((expiresAt.getTime() - at.getTime()) / 1000)),
    can_cancel: a.status === 'waiting_sms',
    can_resend: a.status === 'code_received' && !awaitingResend && open,
    can_finish: a.status === 'code_received',
    can_reuse: a.settled === 'captured' && a.phoneNumber !== null,
    reused_from: a.reusedFrom,
    created_at: new Date(a.createdAt).toISOString(),
    updated_at: new Date(a.updatedAt).toISOString(),
  };
}
