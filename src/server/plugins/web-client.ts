import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ClientConfig } from '#domain/client-config.ts';
import type { Config } from '../config.ts';
import { mailboxPath } from '../modules/mailbox/mailbox-availability.ts';

export function clientConfigFor(config: Config): ClientConfig {
  const mailboxUrl = mailboxPath(config);
  return {
    productName: config.productName,
    oidc: {
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      claimsNamespace: config.oidc.claimsNamespace,
    },
    session: config.session,
    ...(mailboxUrl ? { mailboxUrl } : {}),
    quickExitUrl: config.quickExitUrl,
    supportLine: config.supportLine,
    // Issue 41 §5: a transcription endpoint sends answers (spoken ones) to an outside AI too.
    ...(config.openai || config.recordings.transcription ? { outsideAi: true as const } : {}),
    recording: {
      maxMinutes: config.recordings.maxMinutes,
      transcription: config.recordings.transcription !== undefined,
    },
    ...(config.oidc.embedded ? {} : { externalSignIn: true as const }),
  };
}

/** `</script>` inside the JSON must not end the script element it is embedded in. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * Serves the built React client (`dist/client`, made by `vite build`). index.html gets this
 * deployment's client configuration; hashed assets are cached for good.
 */
export const webClientPlugin = fp<{ clientDir: string }>(
  async (app, { clientDir }) => {
    const clientConfig = clientConfigFor(app.config);
    app.get('/api/client-config', async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(clientConfig),
    );

    const indexPath = path.join(clientDir, 'index.html');
    if (!fs.existsSync(indexPath)) {
      app.log.warn(`No built web client in ${clientDir}: run "npm run build" (npm start does it for you).`);
      app.get('/', async (_request, reply) =>
        reply
          .status(503)
          .type('text/plain')
          .send('The web client is not built yet. Run "npm run build", or start the app with "npm start".'),
      );
      return;
    }
    const html = fs
      .readFileSync(indexPath, 'utf8')
      .replace(
        '<!--app-config-->',
        `<script id="app-config" type="application/json">${jsonForHtml(clientConfig)}</script>`,
      )
      .replaceAll('__PRODUCT_NAME__', escapeHtml(app.config.productName));

    const sendIndex = async (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    app.get('/', sendIndex);
    app.get('/index.html', sendIndex);

    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      // vite.config.ts writes .br and .gz beside each asset; the smallest one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  },
  { name: 'web-client', dependencies: ['database'] },
);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
