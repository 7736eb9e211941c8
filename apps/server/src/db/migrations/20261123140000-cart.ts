import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { identity } from './columns';

/** The cart's items and the design summaries' share links. */
export function cartMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cart_items')
        .addColumn('id', 'integer', identity(dialect))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('product_id', 'text')
        .addColumn('texture_id', 'text')
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('colour_name', 'text')
        .addColumn('colour_hex', 'text')
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('dimensions', 'text')
        .addColumn('materials', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('distributor', 'text')
        .addColumn('price', 'integer')
        .addColumn('currency', 'text')
        .addColumn('image', 'text')
        .addColumn('product_url', 'text')
        .addColumn('design_id', 'integer', (col) =>
          col.references('designs.id').onDelete('set null'),
        )
        .addColumn('design_image', 'text')
        .addColumn('area_m2', 'real')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('cart_items_user').on('cart_items').column('user_id').execute();

      await db.schema
        .createTable('share_links')
        .addColumn('id', 'integer', identity(dialect))
        /** The token itself: the owner copies the link again later, and it is ≥ 192 random bits. */
        .addColumn('token', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('design_id', 'integer', (col) =>
          col.notNull().references('designs.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('share_links_design')
        .on('share_links')
        .column('design_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('share_links').execute();
      await db.schema.dropTable('cart_items').execute();
    },
  };
}
