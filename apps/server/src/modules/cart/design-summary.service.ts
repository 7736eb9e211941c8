/**
 * A design's summary (spec §1 "The summary can be downloaded as a PDF or shared"): its before
 * and after images and the cart items that came from it, with their totals. Shared through links
 * whose tokens are unguessable and which the owner can revoke; a revoked or unknown token is 404.
 */
import {
  cartTotals,
  type DesignSummary,
  type PaperSize,
  type ShareLink,
} from '@roomcraft/contracts';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import type { DesignRow, ShareLinkRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { iso, type Clock } from '../../platform/clock';
import { findOwnedDesign } from '../designs/designs.repository';
import { imageUrl, readStream, type ImagesService } from '../images/images.service';
import {
  cartItemsOfDesign,
  insertShareLink,
  liveShareLink,
  liveShareLinksOfDesign,
  revokeShareLink,
} from './cart.repository';
import { toCartItem } from './cart.service';
import { designSummaryPdf } from './design-summary.pdf';

export const SHARED_PAGE_PATH = '/shared';
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

const toShareLink = (row: ShareLinkRow): ShareLink => ({
  id: row.id,
  design_id: row.design_id,
  url: `${SHARED_PAGE_PATH}/${row.token}`,
  created_at: row.created_at,
});

export class DesignSummaryService {
  constructor(private readonly deps: { db: Database; images: ImagesService; clock: Clock }) {}

  async summary(userId: number, designId: number): Promise<DesignSummary> {
    return this.summaryOf(await this.ownedDesign(userId, designId), { before: '', after: '' });
  }

  async pdf(userId: number, designId: number, paper: PaperSize) {
    const design = await this.ownedDesign(userId, designId);
    const summary = await this.summaryOf(design, { before: '', after: '' });
    const images = {
      before: await this.imageBytes(userId, design.base_image),
      after: await this.imageBytes(userId, design.state_image),
    };
    return {
      name: design.name,
      pdf: await designSummaryPdf(summary, images, paper, this.deps.clock.now()),
    };
  }

  async share(userId: number, designId: number): Promise<ShareLink> {
    await this.ownedDesign(userId, designId);
    // 192 random bits: a link cannot be guessed, only given.
    const row = await insertShareLink(this.deps.db, {
      token: randomBytes(24).toString('base64url'),
      user_id: userId,
      design_id: designId,
      created_at: iso(this.deps.clock.now()),
    });
    return toShareLink(row);
  }

  async shareLinks(userId: number, designId: number): Promise<ShareLink[]> {
    await this.ownedDesign(userId, designId);
    return (await liveShareLinksOfDesign(this.deps.db, userId, designId)).map(toShareLink);
  }

  async revoke(userId: number, linkId: number) {
    const revoked = await revokeShareLink(this.deps.db, userId, linkId, iso(this.deps.clock.now()));
    if (!revoked) throw notFound();
  }

  /** The public, read-only summary behind a live token. */
  async shared(token: string): Promise<DesignSummary> {
    const { link, design } = await this.liveLink(token);
    const base = `/api/shared/${link.token}`;
    return this.summaryOf(design, { before: `${base}/before`, after: `${base}/after` });
  }

  async sharedImage(token: string, which: 'before' | 'after') {
    const { link, design } = await this.liveLink(token);
    const key = which === 'before' ? design.base_image : design.state_image;
    return this.deps.images.open(link.user_id, key);
  }

  private async liveLink(token: string) {
    const link = TOKEN.test(token) ? await liveShareLink(this.deps.db, token) : undefined;
    const design = link
      ? await findOwnedDesign(this.deps.db, link.user_id, link.design_id)
      : undefined;
    if (!link || !design) throw notFound();
    return { link, design };
  }

  private async ownedDesign(userId: number, designId: number) {
    const design = await findOwnedDesign(this.deps.db, userId, designId);
    if (!design) throw notFound();
    return design;
  }

  private async summaryOf(
    design: DesignRow,
    urls: { before: string; after: string },
  ): Promise<DesignSummary> {
    const items = (await cartItemsOfDesign(this.deps.db, design.user_id, design.id)).map(
      toCartItem,
    );
    return {
      name: design.name,
      before_url: urls.before || imageUrl(design.base_image),
      after_url: urls.after || imageUrl(design.state_image),
      items,
      totals: cartTotals(items),
    };
  }

  private async imageBytes(userId: number, key: string) {
    const { body } = await this.deps.images.open(userId, key);
    return readStream(body);
  }
}
