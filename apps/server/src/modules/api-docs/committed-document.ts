import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The OpenAPI document as committed for readers of the repository (docs/openapi.json): written by
 * `npm run openapi`, and an API test fails when it differs from what the server serves.
 */
export const committedDocumentPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/openapi.json');

/** The stable text of a document: two-space JSON with a final newline. */
export const documentText = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
