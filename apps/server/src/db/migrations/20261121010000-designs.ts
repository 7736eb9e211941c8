import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { identity } from './columns';

/** Stored images and the designs that use them. */
export function designsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('designs')
        .addColumn('id', 'integer', identity(dialect))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('base_image', 'text', (col) => col.notNull())
        .addColumn('state_image', 'text', (col) => col.notNull())
        .addColumn('state_is_base', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('inspiration_image', 'text')
        .addColumn('generated_images', 'text', (col) => col.notNull().defaultTo('{}'))
        .addColumn('budget_min', 'integer')
        .addColumn('budget_max', 'integer')
        .addColumn('design_mode', 'text')
        .addColumn('design_style', 'text')
        .addColumn('space_type', 'text', (col) => col.notNull())
        .addColumn('space_sub_type', 'text', (col) => col.notNull())
        .addColumn('space_elements', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('designs_user_created')
        .on('designs')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('images')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('design_id', 'integer', (col) =>
          col.references('designs.id').onDelete('set null'),
        )
        .addColumn('ext', 'text', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('bytes', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('images_user_id').on('images').column('user_id').execute();
      await db.schema.createIndex('images_design_id').on('images').column('design_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('images').execute();
      await db.schema.dropTable('designs').execute();
    },
  };
}
