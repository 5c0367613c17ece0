import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { Router } from 'express';
import type { Operation } from '@propfolio/core';
import { openApiDocument } from './openapi-document.js';

const DOCS_PAGE = (specUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Propfolio API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: ${JSON.stringify(specUrl)}, dom_id: '#ui', persistAuthorization: true });</script>
</body></html>`;

/** `/api/v1/openapi.json` and the interactive page at `/api/docs` (Swagger UI served locally). */
export function docsRoutes(operations: readonly Operation[], prefix: string): Router {
  // Built on the first request for it, not at start: no other answer needs it.
  let document: string | undefined;
  const specUrl = `${prefix}/openapi.json`;
  const assets = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const router = Router();
  router.get(specUrl, (_req, res) => {
    document ??= JSON.stringify(openApiDocument(operations, prefix));
    res.type('application/json').send(document);
  });
  router.use('/api/docs/assets', express.static(assets, { index: false, maxAge: '1d' }));
  router.get(['/api/docs', '/api/docs/'], (_req, res) => {
    res.type('html').send(DOCS_PAGE(specUrl));
  });
  return router;
}
