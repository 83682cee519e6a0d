import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * The stylesheet and the small script of the server-rendered pages (sign-in, mailbox). The CSP
 * allows scripts only from our origin (`script-src 'self'`), so nothing is inlined: both are files,
 * versioned by a content hash so they can be cached for good.
 */
const assets = {
  'pages.css': 'text/css; charset=utf-8',
  'pages.js': 'text/javascript; charset=utf-8',
} as const;
type AssetName = keyof typeof assets;

const loaded = Object.fromEntries(
  (Object.keys(assets) as AssetName[]).map((name) => {
    const body = fs.readFileSync(new URL(`./assets/${name}`, import.meta.url));
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
        .type(assets[name])
        .header(
          'cache-control',
          request.query.v === loaded[name].version ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        .send(loaded[name].body),
    );
  }
}
