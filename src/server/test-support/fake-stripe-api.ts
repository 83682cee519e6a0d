import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The form-encoded body, decoded (`line_items[0][price]` → value). */
  form: Record<string, string>;
}

/**
 * A local HTTP server standing in for api.stripe.com (STRIPE_API_URL), so that tests drive the
 * real `stripe` package without any network: it records every request and answers the two calls
 * we make. `fail` makes checkout-session creation answer as Stripe does for a bad price.
 */
export interface FakeStripeApi {
  url: string;
  requests: RecordedStripeRequest[];
  /** The prices listed as a session's line items (payment-link sessions). */
  lineItemPrices: Map<string, string[]>;
  fail: boolean;
  close(): Promise<void>;
}

export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  let sessions = 0;
  const fake: Omit<FakeStripeApi, 'url' | 'close'> = { requests: [], lineItemPrices: new Map(), fail: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      fake.requests.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${sessions}` });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        if (fake.fail) {
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message:
                "No such price: 'price_gone'; a similar object exists in live mode (sk_test_secret_hint).",
              param: 'line_items[0][price]',
            },
          });
        }
        sessions += 1;
        const id = `cs_test_fake_${sessions}`;
        return answer(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          payment_status: 'unpaid',
        });
      }
      const lineItems = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(path);
      if (request.method === 'GET' && lineItems?.[1]) {
        const prices = fake.lineItemPrices.get(lineItems[1]) ?? [];
        return answer(200, {
          object: 'list',
          url: path,
          has_more: false,
          data: prices.map((price, index) => ({
            id: `li_${index}`,
            object: 'item',
            quantity: 1,
            price: { id: price, object: 'price' },
          })),
        });
      }
      return answer(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path}).` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
