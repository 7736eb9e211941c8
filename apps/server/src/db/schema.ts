import type { ActionId, LedgerReason, PaymentProviderName } from '@roomcraft/contracts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Tables as Kysely sees them. Timestamps are ISO-8601 UTC strings in both SQLite and PostgreSQL
 * (docs/decisions/002-portable-schema.md): they sort correctly as text and read back identically.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  avatar: string | null;
  available_credits: Generated<number>;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 of the token in the session cookie; the token itself is never stored. */
  id: string;
  user_id: number;
  password_confirmed_at: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetTokensTable {
  email: string;
  token_hash: string;
  created_at: string;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: CreditReason;
  /** What caused the entry (a payment session, a generation id); unique per reason. */
  reference: string | null;
  /** What a generation (or the refund of a failed one) was for; null on other rows. */
  action: ActionId | null;
  designs: number | null;
  /** Why, in words, when the reason alone does not say (e.g. an interrupted generation). */
  note: string | null;
  created_at: string;
}

export type CreditReason = LedgerReason;

export interface CreditPurchasesTable {
  id: Generated<number>;
  provider: PaymentProviderName;
  /** The provider's checkout session id; unique per provider, so a payment is granted once. */
  session_id: string;
  /** Null once the account is deleted: the payment stays on record. */
  user_id: number | null;
  package_id: string;
  credits: number;
  /** Minor units of `currency` (ISO 4217, upper case). */
  price: number;
  currency: string;
  status: 'pending' | 'paid' | 'cancelled';
  /** The provider's payment (Stripe: the PaymentIntent id), which refunds name. */
  payment_reference: string | null;
  amount_refunded: Generated<number>;
  credits_taken_back: Generated<number>;
  created_at: string;
  paid_at: string | null;
}

/** The test-mode provider's sessions (it plays the provider, so it keeps its own books). */
export interface TestCheckoutSessionsTable {
  id: string;
  credits: number;
  price: number;
  currency: string;
  status: 'open' | 'paid' | 'cancelled';
  success_url: string;
  cancel_url: string;
  created_at: string;
}

/**
 * A paid generation (docs/decisions/011): `running` from the debit's transaction until the
 * transaction that stores its images (`completed`) or refunds it (`refunded`).
 */
export interface GenerationsTable {
  /** The ledger reference of its debit and refund (`gen_<uuid>`). */
  reference: string;
  user_id: number;
  cost: number;
  status: GenerationStatus;
  /** How it ended: stored, failed, timeout, shutdown, interrupted. */
  outcome: string | null;
  started_at: string;
  finished_at: string | null;
  /** The process running it (`host/pid/nonce`); null on rows from before leases. */
  owner: string | null;
  /** Until when its owner vouches for it; the owner's heartbeat moves it on. */
  lease_until: string | null;
}

export type GenerationStatus = 'running' | 'completed' | 'refunded';

export interface DesignsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Stored image file names (`<id>.<ext>`); served as /api/files/<name>. */
  base_image: string;
  state_image: string;
  /** 1 or 0: both dialects store flags as integers. */
  state_is_base: number;
  inspiration_image: string | null;
  /** JSON: action id → [{ name, imageUrl }]. */
  generated_images: string;
  budget_min: number | null;
  budget_max: number | null;
  design_mode: string | null;
  design_style: string | null;
  space_type: string;
  space_sub_type: string;
  /** JSON: [{ label, box: [{ x, y }] }]. */
  space_elements: string;
  /** JSON: { current, past: [url], pointer }, the undo/redo history; null until saved with one. */
  history: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface ImagesTable {
  /** 192 random bits, base64url. */
  id: string;
  user_id: number;
  design_id: number | null;
  ext: 'jpg' | 'png' | 'webp';
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

export interface PaintColoursTable {
  id: string;
  name: string;
  hex: string;
  collection: string;
  position: number;
}

export interface ProductsTable {
  id: string;
  category: string;
  maker: string;
  name: string;
  /** Minor units of `currency`. */
  price: number;
  currency: string;
  description: string;
  /** JSON: [{ name, hex }]. */
  colors: string;
  width_cm: number;
  depth_cm: number;
  height_cm: number;
  /** JSON: [material]. */
  materials: string;
  distributor: string;
  /** Keys in the catalogue's image storage. */
  image: string;
  cutout: string | null;
  product_url: string | null;
  /** 'shipped' (the demo catalogue) or 'import' (an operator's feed). */
  source: Generated<string>;
  created_at: string;
}

export interface ProductStylesTable {
  product_id: string;
  style: string;
}

export interface ProductSpaceTypesTable {
  product_id: string;
  space_type: string;
}

export interface TexturesTable {
  id: string;
  name: string;
  kind: string;
  material_type: string;
  image: string;
  tile_size_cm: number;
  position: number;
}

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'product' | 'paint' | 'texture';
  product_id: string | null;
  texture_id: string | null;
  /** What the library said when the item was added, so a later catalogue import changes no cart. */
  name: string;
  colour_name: string | null;
  colour_hex: string | null;
  quantity: number;
  /** JSON: { width, depth, height } in cm. */
  dimensions: string | null;
  /** JSON: [material]. */
  materials: string;
  distributor: string | null;
  /** Minor units of `currency`. */
  price: number | null;
  currency: string | null;
  /** A URL the web app can show (a catalogue image or one of the user's files). */
  image: string | null;
  product_url: string | null;
  design_id: number | null;
  design_image: string | null;
  area_m2: number | null;
  created_at: string;
  updated_at: string;
}

export interface ShareLinksTable {
  id: Generated<number>;
  token: string;
  user_id: number;
  design_id: number;
  created_at: string;
  revoked_at: string | null;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  credit_ledger: CreditLedgerTable;
  credit_purchases: CreditPurchasesTable;
  test_checkout_sessions: TestCheckoutSessionsTable;
  generations: GenerationsTable;
  designs: DesignsTable;
  images: ImagesTable;
  paint_colours: PaintColoursTable;
  products: ProductsTable;
  product_styles: ProductStylesTable;
  product_space_types: ProductSpaceTypesTable;
  textures: TexturesTable;
  app_settings: AppSettingsTable;
  cart_items: CartItemsTable;
  share_links: ShareLinksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CreditLedgerRow = Selectable<CreditLedgerTable>;
export type CreditPurchaseRow = Selectable<CreditPurchasesTable>;
export type DesignRow = Selectable<DesignsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type CartItemRow = Selectable<CartItemsTable>;
export type NewCartItem = Insertable<CartItemsTable>;
export type ShareLinkRow = Selectable<ShareLinksTable>;
