/**
 * Writes docs/openapi.json from the contract's zod schemas (the document the server serves at
 * /api/openapi.json). `--check` fails instead when the file is out of date.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../server/openapi.ts';

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '..', 'docs', 'openapi.json');

export function openApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = openApiText();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    if (current !== text) {
      console.error('docs/openapi.json is out of date: run npm run openapi');
      process.exit(1);
    }
    console.log('docs/openapi.json is up to date.');
  } else {
    fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
    fs.writeFileSync(OPENAPI_FILE, text);
    console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
  }
}
