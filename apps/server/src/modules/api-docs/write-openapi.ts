import fs from 'node:fs/promises';
import { createTestApp } from '../../testing/test-app';
import { apiDocsPaths } from './api-docs.plugin';
import { committedDocumentPath, documentText } from './committed-document';

/** `npm run openapi`: builds the app over an empty in-memory database and writes its document. */
const app = await createTestApp();
try {
  const answer = await app.server.inject({ method: 'GET', url: apiDocsPaths.document });
  if (answer.statusCode !== 200) throw new Error(`${apiDocsPaths.document} answered ${answer.statusCode}`);
  await fs.writeFile(committedDocumentPath, documentText(answer.json()));
  console.log(`wrote ${committedDocumentPath}`);
} finally {
  await app.close();
}
