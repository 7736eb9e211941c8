import type { Kysely } from 'kysely';

/** Textures, where each product came from, and a place for small facts the app keeps. */
export function shippedCatalogueMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('textures')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('material_type', 'text', (col) => col.notNull())
        .addColumn('image', 'text', (col) => col.notNull())
        .addColumn('tile_size_cm', 'real', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('source', 'text', (col) => col.notNull().defaultTo('import'))
        .execute();
      await db.schema
        .createTable('app_settings')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('app_settings').execute();
      await db.schema.alterTable('products').dropColumn('source').execute();
      await db.schema.dropTable('textures').execute();
    },
  };
}
