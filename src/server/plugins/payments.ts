import fp from 'fastify-plugin';
import { createPaymentProvider, type PaymentProvider } from '../modules/payments/payment-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stripe, the payments sandbox, or off (src/server/modules/payments/payment-provider.ts). */
    payments: PaymentProvider;
  }
}

/** `app.payments`, chosen by configuration once at start-up (DESIGN §1). */
export const paymentsPlugin = fp(
  async (app) => {
    app.decorate('payments', createPaymentProvider(app.config));
  },
  { name: 'payments', dependencies: ['database'] },
);
