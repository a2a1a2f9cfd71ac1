import { ensurePgliteTemplate, testDatabaseKind } from './database.js';

export default async function setup() {
  if (testDatabaseKind === 'pglite') await ensurePgliteTemplate();
}
