import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Lang, requestLanguage } from '../../http/lang.ts';
import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import type { SandboxCheckout, SandboxPaymentProvider } from '../../providers/payments/sandbox/sandbox.ts';
import { SANDBOX_CHECKOUT_PATH } from './payment-providers.ts';
import type { createSandboxPayments } from './sandbox-payments.ts';
import { formatMoney, localiseDescription } from './wallet.service.ts';

const ACTION_PATH = '/api/v1/payments/sandbox/checkout';

const RefParams = z.object({ ref: z.string().regex(/^[A-Za-z0-9]{26,35}$/) });
const PayForm = z.looseObject({
  number: z.string().max(40).optional(),
  exp_month: z.string().max(4).optional(),
  exp_year: z.string().max(6).optional(),
  cvc: z.string().max(6).optional(),
  holder_name: z.string().max(120).optional(),
});

const TEXTS = {
  pt: {
    title: 'Sandbox de pagamentos',
    notice: 'Ambiente de testes: nenhum dinheiro real é cobrado.',
    amount: 'Valor',
    pay: 'Pagar',
    cancel: 'Cancelar',
    number: 'Número do cartão',
    month: 'Mês',
    year: 'Ano',
    cvc: 'CVC',
    holder: 'Nome no cartão',
    cards:
      'Cartões de teste: 4242 4242 4242 4242 aprova; 4000 0000 0000 0002 é recusado; 4000 0000 0000 9995 não tem saldo.',
    line: 'Linha digitável',
    pixCode: 'PIX copia e cola',
    status: {
      pending: 'Aguardando pagamento',
      paid: 'Pago',
      failed: 'Recusado',
      expired: 'Expirado',
      cancelled: 'Cancelado',
    },
    notFound: 'Cobrança não encontrada.',
    invalidCard: 'Dados do cartão inválidos. Confira e tente novamente.',
    back: 'Voltar para a loja',
  },
  en: {
    title: 'Payments sandbox',
    notice: 'Test environment: no real money is charged.',
    amount: 'Amount',
    pay: 'Pay',
    cancel: 'Cancel',
    number: 'Card number',
    month: 'Month',
    year: 'Year',
    cvc: 'CVC',
    holder: 'Name on card',
    cards:
      'Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.',
    line: 'Digitable line',
    pixCode: 'PIX copy and paste',
    status: {
      pending: 'Awaiting payment',
      paid: 'Paid',
      failed: 'Declined',
      expired: 'Expired',
      cancelled: 'Cancelled',
    },
    notFound: 'Charge not found.',
    invalidCard: 'Invalid card details. Check them and try again.',
    back: 'Back to the store',
  },
} as const;

function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}.notice{color:#92400e;background:#fef3c7;border-radius:.5rem;padding:.5rem .75rem;font-size:.875rem}
.amount{font-size:2rem;font-weight:600;margin:.25rem 0 1rem}label{display:block;font-size:.875rem;font-weight:500;margin:.75rem 0 .25rem}
input{box-sizing:border-box;width:100%;height:2.75rem;border:1px solid #cbd5e1;border-radius:.5rem;padding:0 .75rem;font-size:1rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}button,a.button{display:inline-flex;align-items:center;justify-content:center;height:2.75rem;border-radius:.5rem;font-size:1rem;font-weight:500;padding:0 1.25rem;border:0;cursor:pointer;text-decoration:none}
.pay{background:#047857;color:#fff;width:100%;margin-top:1rem}.cancel{background:#fff;color:#334155;border:1px solid #cbd5e1;width:100%;margin-top:.5rem}
.hint{font-size:.8rem;color:#475569}.error{color:#b91c1c;background:#fee2e2;border-radius:.5rem;padding:.5rem .75rem}
code{word-break:break-all;font-size:.8rem;background:#f1f5f9;padding:.5rem;border-radius:.5rem;display:block}`;

function renderPage(ref: string, checkout: SandboxCheckout, lang: Lang, error?: string): string {
  const t = TEXTS[lang];
  const { state, method } = checkout;
  const action = (what: string) => `${ACTION_PATH}/${encodeURIComponent(ref)}/${what}`;
  const parts: string[] = [];
  parts.push(`<h1>${esc(localiseDescription(checkout.description, lang))}</h1>`);
  parts.push(`<p class="notice">${esc(t.notice)}</p>`);
  parts.push(`<p class="hint">${esc(t.amount)}</p>`);
  parts.push(`<p class="amount" data-testid="amount">${esc(formatMoney(state.amount, state.currency))}</p>`);
  parts.push(`<p role="status">${esc(t.status[state.status])}</p>`);
  if (error) parts.push(`<p class="error" role="alert">${esc(error)}</p>`);
  if (checkout.charge.boleto)
    parts.push(`<p class="hint">${esc(t.line)}</p><code>${esc(checkout.charge.boleto.digitableLine)}</code>`);
  if (checkout.charge.pix)
    parts.push(`<p class="hint">${esc(t.pixCode)}</p><code>${esc(checkout.charge.pix.copyPaste)}</code>`);
  if (state.status === 'pending') {
    const fields =
      method === 'card'
        ? `<label for="number">${esc(t.number)}</label><input id="number" name="number" inputmode="numeric" autocomplete="off" value="4242 4242 4242 4242" required>
<div class="row"><div><label for="exp_month">${esc(t.month)}</label><input id="exp_month" name="exp_month" inputmode="numeric" value="12" required></div>
<div><label for="exp_year">${esc(t.year)}</label><input id="exp_year" name="exp_year" inputmode="numeric" value="${new Date().getUTCFullYear() + 5}" required></div>
<div><label for="cvc">${esc(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="off" value="123" required></div></div>
<label for="holder_name">${esc(t.holder)}</label><input id="holder_name" name="holder_name" value="Cliente Teste" required>
<p class="hint">${esc(t.cards)}</p>`
        : '';
    parts.push(
      `<form method="post" action="${action('pay')}">${fields}<button class="pay" type="submit">${esc(t.pay)}</button></form>`,
    );
    parts.push(
      `<form method="post" action="${action('cancel')}"><button class="cancel" type="submit">${esc(t.cancel)}</button></form>`,
    );
  } else if (checkout.successUrl || checkout.cancelUrl) {
    const back = state.status === 'paid' ? checkout.successUrl : (checkout.cancelUrl ?? checkout.successUrl);
    if (back) parts.push(`<a class="button cancel" href="${esc(back)}">${esc(t.back)}</a>`);
  }
  return `<!doctype html><html lang="${lang === 'en' ? 'en' : 'pt-BR'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(t.title)}</title><style>${STYLE}</style></head><body><main>${parts.join('\n')}</main></body></html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The sandbox's hosted checkout page (what Stripe Checkout or Checkout Pro would show), registered in
 * sandbox mode only. Server-rendered with no script at all (the CSP allows none inline); its forms
 * post to API paths, so the usual Origin check applies to them.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxPaymentProvider;
  sandboxPayments: Pick<
    ReturnType<typeof createSandboxPayments>,
    'paySandboxCheckoutCard' | 'cancelSandboxCheckout'
  >;
}> = async (app, { sandbox, sandboxPayments }) => {
  async function load(ref: string): Promise<SandboxCheckout | null> {
    try {
      return await sandbox.getCheckout(ref);
    } catch (err) {
      if (err instanceof PaymentProviderError && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  const notFound = (reply: FastifyReply, lang: Lang) =>
    sendPage(
      reply,
      404,
      `<!doctype html><html><head><meta charset="utf-8"><title>404</title></head><body><p>${esc(TEXTS[lang].notFound)}</p></body></html>`,
    );

  app.get(
    `${SANDBOX_CHECKOUT_PATH}/:ref`,
    { schema: { hide: true, params: RefParams } },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const checkout = await load(request.params.ref);
      if (!checkout) return notFound(reply, lang);
      return sendPage(reply, 200, renderPage(request.params.ref, checkout, lang));
    },
  );

  app.post(
    `${ACTION_PATH}/:ref/pay`,
    { config: { access: 'public' }, schema: { hide: true, params: RefParams, body: PayForm.nullish() } },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const { ref } = request.params;
      const checkout = await load(ref);
      if (!checkout) return notFound(reply, lang);
      if (checkout.state.status === 'pending') {
        try {
          if (checkout.method === 'card') {
            const form = request.body ?? {};
            await sandboxPayments.paySandboxCheckoutCard(ref, {
              number: form.number ?? '',
              expMonth: Number(form.exp_month),
              expYear: Number(form.exp_year),
              cvc: form.cvc ?? '',
              holderName: form.holder_name ?? '',
            });
          } else {
            await sandbox.simulatePayment(ref, 'paid');
          }
        } catch (err) {
          if (!(err instanceof PaymentProviderError && err.code === 'DECLINED')) throw err;
          return sendPage(reply, 422, renderPage(ref, checkout, lang, TEXTS[lang].invalidCard));
        }
      }
      const after = (await load(ref)) ?? checkout;
      if (after.state.status === 'paid' && after.successUrl) return reply.redirect(after.successUrl, 303);
      return sendPage(reply, 200, renderPage(ref, after, lang));
    },
  );

  app.post(
    `${ACTION_PATH}/:ref/cancel`,
    { config: { access: 'public' }, schema: { hide: true, params: RefParams, body: PayForm.nullish() } },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const { ref } = request.params;
      const checkout = await load(ref);
      if (!checkout) return notFound(reply, lang);
      if (checkout.state.status === 'pending') await sandboxPayments.cancelSandboxCheckout(ref);
      const after = (await load(ref)) ?? checkout;
      const back = after.cancelUrl ?? after.successUrl;
      if (after.state.status === 'cancelled' && back) return reply.redirect(back, 303);
      return sendPage(reply, 200, renderPage(ref, after, lang));
    },
  );
};
