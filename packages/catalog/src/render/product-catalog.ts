/** One parametric model per product category (the categories live in contracts). */
import type { ProductCategory } from '@roomcraft/contracts';
import { bedModel } from './bed-model';
import { mirrorModel, plantModel, rugModel } from './decor-models';
import { floorLampModel, pendantModel, tableLampModel } from './lighting-models';
import {
  armchairModel,
  diningChairModel,
  sectionalModel,
  sofaModel,
  stoolModel,
} from './seating-models';
import {
  bookshelfModel,
  dresserModel,
  nightstandModel,
  tvUnitModel,
  wardrobeModel,
} from './storage-models';
import { coffeeTableModel, diningTableModel, sideTableModel } from './table-models';

export const PRODUCT_MODELS = {
  sofa: sofaModel,
  sectional: sectionalModel,
  armchair: armchairModel,
  dining_chair: diningChairModel,
  stool: stoolModel,
  coffee_table: coffeeTableModel,
  dining_table: diningTableModel,
  side_table: sideTableModel,
  bed: bedModel,
  nightstand: nightstandModel,
  dresser: dresserModel,
  wardrobe: wardrobeModel,
  bookshelf: bookshelfModel,
  tv_unit: tvUnitModel,
  floor_lamp: floorLampModel,
  table_lamp: tableLampModel,
  pendant: pendantModel,
  rug: rugModel,
  plant: plantModel,
  mirror: mirrorModel,
} as const satisfies Record<ProductCategory, unknown>;
