import type { Kysely } from 'kysely';

/** The catalogue: paint colours and products, with the styles and spaces each product suits. */
export function catalogueMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('paint_colours')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('hex', 'text', (col) => col.notNull())
        .addColumn('collection', 'text', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('products')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('maker', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('price', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('colors', 'text', (col) => col.notNull())
        .addColumn('width_cm', 'real', (col) => col.notNull())
        .addColumn('depth_cm', 'real', (col) => col.notNull())
        .addColumn('height_cm', 'real', (col) => col.notNull())
        .addColumn('materials', 'text', (col) => col.notNull())
        .addColumn('distributor', 'text', (col) => col.notNull())
        .addColumn('image', 'text', (col) => col.notNull())
        .addColumn('cutout', 'text')
        .addColumn('product_url', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('products_category_price')
        .on('products')
        .columns(['category', 'price'])
        .execute();

      for (const [table, column] of [
        ['product_styles', 'style'],
        ['product_space_types', 'space_type'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn('product_id', 'text', (col) =>
            col.notNull().references('products.id').onDelete('cascade'),
          )
          .addColumn(column, 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['product_id', column])
          .execute();
        await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('product_space_types').execute();
      await db.schema.dropTable('product_styles').execute();
      await db.schema.dropTable('products').execute();
      await db.schema.dropTable('paint_colours').execute();
    },
  };
}
