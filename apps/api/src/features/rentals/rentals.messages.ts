import { registerMessages } from '../../http/errors.ts';

registerMessages({
  RENTAL_NOT_FOUND: { pt: 'Locação não encontrada.', en: 'Rental not found.' },
  RENTAL_UNAVAILABLE: {
    pt: 'Este produto não está disponível para locação no momento.',
    en: 'This product cannot be rented at the moment.',
  },
  RENTAL_BAD_DURATION: {
    pt: 'Duração de locação indisponível para este número. Escolha outra duração.',
    en: 'This rental duration is not available for this number. Choose another duration.',
  },
  RENTAL_PRICE_CHANGED: {
    pt: 'O preço mudou para {price} centavos. Nada foi cobrado: confira o novo preço e confirme de novo.',
    en: 'The price changed to {price} cents. Nothing was charged: check the new price and confirm again.',
  },
  RENTAL_PENDING: {
    pt: 'Esta locação ainda está sendo processada. Tente novamente em instantes.',
    en: 'This rental is still being processed. Try again shortly.',
  },
  RENTAL_CLOSED: { pt: 'Esta locação já terminou.', en: 'This rental has already ended.' },
  RENTAL_ALREADY_CANCELLED: {
    pt: 'Esta locação já foi cancelada.',
    en: 'This rental was already cancelled.',
  },
  RENTAL_ALREADY_FINISHED: { pt: 'Esta locação já foi encerrada.', en: 'This rental was already finished.' },
  RENTAL_HAS_SMS: {
    pt: 'Este número já recebeu SMS: a locação não pode mais ser cancelada com reembolso. Você pode encerrá-la.',
    en: 'This number has already received SMS: the rental can no longer be cancelled for a refund. You can finish it.',
  },
  RENTAL_CANCEL_WINDOW_OVER: {
    pt: 'O prazo para cancelar com reembolso terminou. Você pode encerrar a locação, sem reembolso.',
    en: 'The time to cancel for a refund is over. You can finish the rental, without a refund.',
  },
  RENTAL_NOT_EXTENDABLE: {
    pt: 'O fornecedor deste número não permite prorrogar a locação.',
    en: "This number's provider does not allow extending the rental.",
  },
  RENTAL_EXTEND_FAILED: {
    pt: 'O fornecedor não prorrogou a locação. O valor da prorrogação voltou para o seu saldo.',
    en: 'The provider did not extend the rental. The extension amount went back to your balance.',
  },
});
