// `npm run catalog:import <file>`: loads an operator's product feed (CSV or JSON) into the
// catalogue. Every row is checked first; a file with any bad row changes nothing.
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { CatalogueImporter } from '../modules/library/catalogue-import';
import { systemClock } from '../platform/clock';
import { createLocalStorage } from '../platform/storage';

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run catalog:import <feed.csv|feed.json>');
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db, database.dialect);
    const importer = new CatalogueImporter({
      db: database.db,
      storage: createLocalStorage(config.catalogueDir),
      clock: systemClock,
    });
    const report = await importer.importFile(file);
    for (const problem of report.problems) {
      console.error(problem.line > 0 ? `line ${problem.line}: ${problem.reason}` : problem.reason);
    }
    if (report.problems.length > 0) {
      console.error(`Nothing was imported: ${report.problems.length} problem(s) in ${file}.`);
      return 1;
    }
    console.log(`Imported ${report.imported} product(s) from ${file}.`);
    return 0;
  } finally {
    await database.destroy();
  }
}

process.exitCode = await main();
