import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * The stylesheet and the small script of the server-rendered pages (sign-in, mailbox). The CSP
 * allows scripts only from our origin (`script-src 'self'`), so nothing is inlined: both are files,
 * versioned by a content hash so they can be cached for good. The stylesheet is kept in parts by
 * concern and sent as one file, the parts in order.
 */
const assets = {
  'pages.css': {
    type: 'text/css; charset=utf-8',
    parts: ['pages-base.css', 'pages-forms.css', 'pages-mailbox.css'],
  },
  'pages.js': { type: 'text/javascript; charset=utf-8', parts: ['pages.js'] },
} as const;
type AssetName = keyof typeof assets;

const loaded = Object.fromEntries(
  (Object.keys(assets) as AssetName[]).map((name) => {
    const body = Buffer.concat(
      assets[name].parts.map((part) => fs.readFileSync(new URL(`./assets/${part}`, import.meta.url))),
    );
    return [name, { body, version: createHash('sha256').update(body).digest('hex').slice(0, 12) }];
  }),
) as Record<AssetName, { body: Buffer; version: string }>;

export function assetUrl(name: AssetName): string {
  return `/static/${name}?v=${loaded[name].version}`;
}

export async function pageAssetRoutes(app: FastifyInstance): Promise<void> {
  for (const name of Object.keys(assets) as AssetName[]) {
    // Cached for good only under its current version (assetUrl); the bare name may change with any
    // release, so it is revalidated (issue 14 §13).
    app.get<{ Querystring: { v?: string } }>(`/static/${name}`, async (request, reply) =>
      reply
        .type(assets[name].type)
        .header(
          'cache-control',
          request.query.v === loaded[name].version ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        .send(loaded[name].body),
    );
  }
}
