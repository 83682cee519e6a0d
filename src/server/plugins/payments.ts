import fp from 'fastify-plugin';
import { createPaymentProvider, type PaymentProvider } from '../modules/payments/payment-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stripe, the payments sandbox, or off (src/server/modules/payments/payment-provider.ts). */
    payments: PaymentProvider;
  }
}

/** `app.payments`, chosen by configuration (DESIGN §1); tests may pass their own provider. */
export const paymentsPlugin = fp<{ provider?: PaymentProvider }>(
  async (app, options) => {
    app.decorate('payments', options.provider ?? createPaymentProvider(app.config));
  },
  { name: 'payments', dependencies: ['database'] },
);
